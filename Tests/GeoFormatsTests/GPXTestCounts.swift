@testable import GeoFormats

/// ``GPXCounts`` plus the coordinate sums the gpx-quirks files' `expected.csv` pins: the
/// latitudes and longitudes of every track, route and waypoint, summed in document order. The
/// sums check the numbers read, which the product's counts do not.
@dynamicMemberLookup
struct GPXTestCounts {
    private(set) var counts = GPXCounts()
    private(set) var latitudeSum = 0.0
    private(set) var longitudeSum = 0.0

    subscript(dynamicMember count: KeyPath<GPXCounts, Int>) -> Int { counts[keyPath: count] }

    mutating func add(_ event: GPXEvent) {
        counts.add(event)
        switch event {
        case .trackPoint(let p), .routePoint(let p), .waypoint(let p):
            latitudeSum += p.latitude
            longitudeSum += p.longitude
        default: break
        }
    }
}
