import Foundation
import GeoCore

/// A stop far away from all the others is almost always a slip: a waypoint from another trip
/// left in the export, a dropped minus sign, latitude and longitude swapped. The rule is robust
/// to that one stop: the race's middle is the component-wise median of the stops' positions (as
/// unit vectors, so it works across the antimeridian and at the poles), its size the median
/// distance of the stops from that middle, and a stop is far when it is more than
/// ``factor`` times that size and more than ``minimumMeters`` from the middle. The far stops
/// themselves barely move a median, so one or a few of them cannot hide each other.
struct FarStopRule: ValidationRule {
    /// How many times the race's size a stop must be away to be reported.
    static let factor = 10.0
    /// A stop closer than this to the middle is never reported (a compact race of 50 m is not
    /// wrong to have a finish 600 m away).
    static let minimumMeters = 10_000.0

    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        let stops = context.race.stops.indices.compactMap { i in context.boundingCircle(i).map { (i, $0.centre) } }
        guard stops.count >= 3, let middle = Self.medianCentre(stops.map(\.1)) else { return }
        let distances = stops.map { $0.1.distanceMeters(to: middle) }
        let size = Self.median(distances)
        let limit = max(Self.factor * size, Self.minimumMeters)
        for ((i, _), distance) in zip(stops, distances) where distance > limit {
            let stop = context.race.stops[i]
            issues.append(
                ValidationIssue(
                    .warning, "stop-far-from-others", at: context.stopPath(i) + "/fence",
                    "stop \"\(stop.id)\" is \(Self.kilometres(distance)) from the middle of the race, where half the stops lie within \(Self.kilometres(size))",
                    hint: "check its position (a sign dropped, latitude and longitude swapped?) or leave it out"))
        }
    }

    /// The component-wise median of the positions as unit vectors, back on the sphere; `nil`
    /// when that median is the Earth's centre (positions spread evenly round the globe).
    static func medianCentre(_ positions: [Coordinate]) -> Coordinate? {
        let vectors = positions.map { c -> (Double, Double, Double) in
            let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
            return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
        }
        let x = median(vectors.map(\.0)), y = median(vectors.map(\.1)), z = median(vectors.map(\.2))
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 1e-12 else { return nil }
        let latitude = asin(max(-1, min(1, z / length))) * 180 / .pi
        let longitude = atan2(y, x) * 180 / .pi
        return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    /// The median (the mean of the two middle values for an even count); `values` not empty.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Metres as the message shows them: `850 m`, `12.3 km`, `2013 km`.
    static func kilometres(_ meters: Double) -> String {
        if meters < 1_000 { return "\(Int(meters.rounded())) m" }
        if meters < 100_000 { return "\((meters / 100).rounded() / 10) km" }
        return "\(Int((meters / 1_000).rounded())) km"
    }
}
