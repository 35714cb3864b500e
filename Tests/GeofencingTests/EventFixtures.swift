import GeoCore
import Geofencing
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tracks, fences and a seeded generator for the event detection tests.
enum EventFixtures {
    /// One fix of a test track.
    struct Fix {
        var time: Seconds
        var position: Coordinate
        var accuracy: Meters? = nil
    }

    /// Places where a fence is tested: ordinary, at the antimeridian, at a pole.
    enum Place: String, CaseIterable, CustomTestStringConvertible {
        case equator, zurich, antimeridian, northPole

        var centre: Coordinate {
            switch self {
            case .equator: return Coordinate(uncheckedLatitude: 0, longitude: 0)
            case .zurich: return Coordinate(uncheckedLatitude: 47.3769, longitude: 8.5417)
            // 11 m west of the antimeridian: every fence here straddles it.
            case .antimeridian: return Coordinate(uncheckedLatitude: 10, longitude: 179.9999)
            case .northPole: return Coordinate(uncheckedLatitude: 90, longitude: 0)
            }
        }

        var testDescription: String { rawValue }
    }

    static func circle(_ centre: Coordinate, radius: Meters) -> Fence {
        .circle(try! CircleFence(centre: centre, radiusMeters: radius))
    }

    // Tracks are built with unit vectors (n-vectors: K. Gade, "A Non-singular Horizontal
    // Position Representation", J. Navigation 63, 2010), exact to a nanometre everywhere,
    // including at a pole, where a bearing is measured from the meridian of the stored longitude.

    private static func vector(_ c: Coordinate) -> SIMD3<Double> {
        let k = Earth.radiansPerDegree, phi = c.latitude * k, lambda = c.longitude * k
        return SIMD3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    private static func coordinate(_ v: SIMD3<Double>) -> Coordinate {
        let k = Earth.radiansPerDegree
        return Coordinate(
            uncheckedLatitude: atan2(v.z, (v.x * v.x + v.y * v.y).squareRoot()) / k,
            longitude: atan2(v.y, v.x) / k)
    }

    /// The unit tangent at `c` heading `bearing` (degrees clockwise from north).
    private static func heading(_ c: Coordinate, _ bearing: Degrees) -> SIMD3<Double> {
        let k = Earth.radiansPerDegree, phi = c.latitude * k, lambda = c.longitude * k, beta = bearing * k
        let east = SIMD3(-sin(lambda), cos(lambda), 0)
        let north = SIMD3(-sin(phi) * cos(lambda), -sin(phi) * sin(lambda), cos(phi))
        return north * cos(beta) + east * sin(beta)
    }

    /// The point `distance` metres (negative: backwards) from `origin` along the great circle
    /// leaving it at `bearing`.
    static func point(_ origin: Coordinate, bearing: Degrees, distance: Meters) -> Coordinate {
        let angle = distance / Earth.meanRadiusMeters
        return coordinate(vector(origin) * cos(angle) + heading(origin, bearing) * sin(angle))
    }

    /// The point a `fraction` of the way along the great-circle segment from `a` to `b`
    /// (spherical linear interpolation; K. Shoemake, SIGGRAPH 1985).
    static func along(_ a: Coordinate, _ b: Coordinate, fraction: Double) -> Coordinate {
        let u = vector(a), v = vector(b)
        let angle = acos(max(-1, min(1, (u * v).sum())))
        guard angle > 0 else { return a }
        return coordinate((u * sin((1 - fraction) * angle) + v * sin(fraction * angle)) / sin(angle))
    }

    /// A straight walk along a great circle heading `bearing`, through `centre` or passing it
    /// `offset` metres to its left: the fix at time t is `speed·t − start` metres along the track
    /// from the point of closest approach, so its distance d from the centre satisfies spherical
    /// Pythagoras, cos(d/R) = cos(offset/R)·cos(s/R).
    static func straightWalk(
        through centre: Coordinate, bearing: Degrees = 90, offset: Meters = 0,
        start: Meters, speed: Double, interval: Seconds, count: Int
    ) -> [Fix] {
        let earthRadius = Earth.meanRadiusMeters
        let closest =
            vector(centre) * cos(offset / earthRadius) + heading(centre, bearing - 90) * sin(offset / earthRadius)
        let along = heading(centre, bearing)
        return (0..<count).map { i in
            let t = Double(i) * interval
            let s = (speed * t - start) / earthRadius
            return Fix(time: t, position: coordinate(closest * cos(s) + along * sin(s)))
        }
    }

    /// The track as columns of one participant.
    static func columns(_ fixes: [Fix], participant: Int32 = 1) -> PositionColumns {
        var columns = PositionColumns()
        append(fixes, participant: participant, to: &columns)
        return columns
    }

    static func append(_ fixes: [Fix], participant: Int32, to columns: inout PositionColumns) {
        for fix in fixes {
            columns.append(
                participant: participant, time: fix.time, latitude: fix.position.latitude,
                longitude: fix.position.longitude, accuracy: fix.accuracy)
        }
    }

    static func detect(_ fixes: [Fix], fences: [Fence], rules: EventRules = EventRules()) -> EventLog {
        EventDetector(index: GridIndex(fences: fences), rules: rules).detect(columns(fixes))
    }

    /// The events' kinds in log order.
    static func kinds(_ log: EventLog) -> [FenceEventKind] { log.events.map(\.kind) }
}
