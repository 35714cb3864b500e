import GeoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A generated geofence workload: circular stops and participants walking between them at
/// 1 Hz with GPS noise. Deterministic for a seed. Used by `racekit fence-check --generate`,
/// the tests and the benchmarks.
///
/// Coordinates are recorded to 7 decimals of a degree (about 1 cm) and radii to the centimetre,
/// as receivers and the peers' workload files record them, so a saved workload reads back as
/// the same numbers and is as long as the files other tools are measured on.
public struct FenceWorkload: Sendable {
    /// Where the stops are.
    public enum Layout: String, CaseIterable, Sendable {
        /// 80 % of stops in a 40 km × 40 km city (half in hotspots), 20 % in the 400 km region.
        case city
        /// Every stop in the city of ``city`` (half in hotspots): a race that stays in one city.
        case urban
        /// Clusters anywhere: 15 % within 1° of each pole (one 55 m from it), 20 % across the
        /// antimeridian, the rest uniform on the sphere.
        case global
    }

    /// The id of each stop, in the order of `fences`.
    public let stopIDs: [Int]
    /// One circular fence per stop.
    public let fences: [Fence]
    /// The participants' fixes, in time order per participant.
    public let positions: PositionColumns

    /// Generates a workload.
    /// - Parameters:
    ///   - layout: where the stops are.
    ///   - stops: how many stops (at least 1).
    ///   - participants: how many participants walk between them.
    ///   - seconds: how long each participant walks, one fix a second.
    ///   - seed: the seed of every random choice: the same seed gives the same workload.
    ///   - radii: circle radii are log-uniform in this range (metres).
    public static func generate(
        layout: Layout, stops: Int, participants: Int, seconds: Int,
        seed: UInt64, radii: ClosedRange<Meters> = 15...300
    ) -> FenceWorkload {
        precondition(stops > 0 && participants >= 0 && seconds >= 0)
        var random = SplitMix64(seed: seed)
        let placed =
            switch layout {
            case .city: cityStops(stops, inCity: stops * 4 / 5, &random)
            case .urban: cityStops(stops, inCity: stops, &random)
            case .global: globalStops(stops, &random)
            }
        let centres = placed.map(recorded)
        let logLow = log(radii.lowerBound), logHigh = log(radii.upperBound)
        let fences = centres.map { centre in
            let radius = (exp(random.uniform(logLow...logHigh)) * 100).rounded() / 100
            return Fence.circle(try! CircleFence(centre: centre, radiusMeters: radius))
        }
        let positions = walks(between: centres, participants: participants, seconds: seconds, &random)
        return FenceWorkload(stopIDs: Array(0..<stops), fences: fences, positions: positions)
    }

    private static let city = Coordinate(uncheckedLatitude: 47.3769, longitude: 8.5417)

    /// The coordinate to 7 decimals of a degree.
    private static func recorded(_ c: Coordinate) -> Coordinate {
        Coordinate(
            uncheckedLatitude: (c.latitude * 1e7).rounded() / 1e7, longitude: (c.longitude * 1e7).rounded() / 1e7)
    }

    private static func offset(_ origin: Coordinate, east: Meters, north: Meters) -> Coordinate {
        let distance = (east * east + north * north).squareRoot()
        let bearing = atan2(east, north) / Earth.radiansPerDegree
        return origin.destination(bearingDegrees: bearing, distanceMeters: distance)
    }

    /// `count` stops, the first `inCity` in the city, the rest in its region.
    private static func cityStops(_ count: Int, inCity: Int, _ random: inout SplitMix64) -> [Coordinate] {
        let hotspots = (0..<max(1, inCity / 100)).map { _ in
            (random.uniform(-16_000...16_000), random.uniform(-16_000...16_000))
        }
        return (0..<count).map { i in
            if i >= inCity {
                return offset(city, east: random.uniform(-200_000...200_000), north: random.uniform(-200_000...200_000))
            }
            if i % 2 == 0 {
                return offset(city, east: random.uniform(-20_000...20_000), north: random.uniform(-20_000...20_000))
            }
            let spot = hotspots[Int(random.next() % UInt64(hotspots.count))]
            return offset(city, east: spot.0 + 1500 * random.gaussian(), north: spot.1 + 1500 * random.gaussian())
        }
    }

    private static func globalStops(_ count: Int, _ random: inout SplitMix64) -> [Coordinate] {
        let clusterCount = max(8, count / 50)
        let k = Earth.radiansPerDegree
        let clusters: [(Coordinate, Meters)] = (0..<clusterCount).map { c in
            let share = Double(c) / Double(clusterCount)
            switch share {
            case ..<0.15:
                let lat = c == 0 ? 90 - 55 / Earth.metersPerDegree : 90 - random.uniform(0...1)
                return (Coordinate(uncheckedLatitude: lat, longitude: random.uniform(-180...180)), c == 0 ? 300 : 2000)
            case ..<0.30:
                let first = c == Int((0.15 * Double(clusterCount)).rounded(.up))
                let lat = first ? -90 + 55 / Earth.metersPerDegree : -90 + random.uniform(0...1)
                return (Coordinate(uncheckedLatitude: lat, longitude: random.uniform(-180...180)), first ? 300 : 2000)
            case ..<0.50:
                let lat = asin(random.uniform(-0.97...0.97)) / k
                return (
                    Coordinate(
                        uncheckedLatitude: lat,
                        longitude: Coordinate.normalizedLongitude(180 + random.uniform(-0.01...0.01))), 2000
                )
            default:
                let lat = asin(random.uniform(-1...1)) / k
                return (Coordinate(uncheckedLatitude: lat, longitude: random.uniform(-180...180)), 2000)
            }
        }
        var result = (0..<count).map { i -> Coordinate in
            let (centre, spread) = clusters[i < clusterCount ? i : Int(random.next() % UInt64(clusterCount))]
            return centre.destination(
                bearingDegrees: random.uniform(0...360),
                distanceMeters: spread * random.nextUnit().squareRoot())
        }
        // Both spellings of the antimeridian, exactly.
        let onAntimeridian = result.indices.filter { abs(result[$0].longitude) > 179 }
        if onAntimeridian.count >= 2 {
            result[onAntimeridian[0]] = Coordinate(
                uncheckedLatitude: result[onAntimeridian[0]].latitude, longitude: 180)
            result[onAntimeridian[1]] = Coordinate(
                uncheckedLatitude: result[onAntimeridian[1]].latitude, longitude: -180)
        }
        return result
    }

    /// Participants walk from stop to nearby stop at 1.2–5 m/s, dwell 0–60 s, and report a fix
    /// every second with 5 m (1σ per axis) GPS noise. Rows are ordered by time, then participant.
    private static func walks(
        between stops: [Coordinate], participants: Int, seconds: Int,
        _ random: inout SplitMix64
    ) -> PositionColumns {
        // Nearby stops: those sharing a ~3 km bucket of latitude/longitude.
        var buckets: [Int64: [Int]] = [:]
        func bucket(_ c: Coordinate) -> Int64 {
            Int64((c.latitude * 40).rounded(.down)) << 32 | Int64((c.longitude * 40).rounded(.down) + 10_000)
        }
        for (i, stop) in stops.enumerated() { buckets[bucket(stop), default: []].append(i) }
        func nextTarget(from current: Int, _ random: inout SplitMix64) -> Int {
            let near = buckets[bucket(stops[current])] ?? []
            if near.count > 1 && random.nextUnit() < 0.9 {
                let pick = near[Int(random.next() % UInt64(near.count))]
                if pick != current { return pick }
            }
            return Int(random.next() % UInt64(stops.count))
        }
        var position = [Coordinate](), target = [Int](), speed = [Double](), dwell = [Int]()
        for _ in 0..<participants {
            let start = Int(random.next() % UInt64(stops.count))
            position.append(stops[start])
            target.append(nextTarget(from: start, &random))
            speed.append(random.uniform(1.2...5))
            dwell.append(Int(random.next() % 31))
        }
        var columns = PositionColumns()
        columns.reserveCapacity(participants * seconds)
        for t in 0..<seconds {
            for p in 0..<participants {
                let noisy = recorded(offset(position[p], east: 5 * random.gaussian(), north: 5 * random.gaussian()))
                columns.append(
                    participant: Int32(p), time: Double(t), latitude: noisy.latitude, longitude: noisy.longitude)
                if dwell[p] > 0 { dwell[p] -= 1; continue }
                let goal = stops[target[p]]
                let step = speed[p] * random.uniform(0.9...1.1)
                if position[p].distanceMeters(to: goal) <= step {
                    position[p] = goal
                    dwell[p] = Int(random.next() % 61)
                    target[p] = nextTarget(from: target[p], &random)
                } else {
                    let bearing = position[p].initialBearingDegrees(to: goal) + random.uniform(-10...10)
                    position[p] = position[p].destination(bearingDegrees: bearing, distanceMeters: step)
                }
            }
        }
        return columns
    }
}
