import GeoCore
import Geofencing
import Testing

/// The detector against a slow obvious reference over many seeded random walks.
struct EventReferenceTests {
    typealias F = EventFixtures

    /// Fences in a 300 m patch: circles of 4–60 m, overlapping, and a polygon with a hole.
    private static func fences(around centre: Coordinate, _ random: inout SplitMix64) throws -> [Fence] {
        var fences = (0..<8).map { _ in
            F.circle(
                F.point(centre, bearing: random.uniform(0...360), distance: random.uniform(0...150)),
                radius: random.uniform(4...60))
        }
        let outer = (0..<7).map { F.point(centre, bearing: Double($0) * 360 / 7, distance: random.uniform(60...120)) }
        let hole = (0..<4).map { F.point(centre, bearing: Double($0) * 90 + 10, distance: 25) }
        fences.append(.polygon(try PolygonFence(polygons: [[outer, hole]])))
        return fences
    }

    /// A walker with a random heading that drifts, steps of 0–8 m, and fixes 1–3 s apart.
    private static func walk(from centre: Coordinate, count: Int, _ random: inout SplitMix64) -> [F.Fix] {
        var position = F.point(centre, bearing: random.uniform(0...360), distance: random.uniform(0...200))
        var bearing = random.uniform(0...360), time = 0.0
        var fixes: [F.Fix] = []
        for _ in 0..<count {
            fixes.append(F.Fix(time: time, position: position))
            // Head back when far out, so the walk keeps meeting the fences.
            if position.distanceMeters(to: centre) > 220 { bearing = position.initialBearingDegrees(to: centre) }
            bearing += random.uniform(-40...40)
            position = F.point(position, bearing: bearing, distance: random.uniform(0...8))
            time += Double(1 + random.next() % 3)
        }
        return fixes
    }

    /// Enter at each fix inside a fence the walker was not in; exit at each fix outside a fence
    /// the walker was in: `Fence.contains` per fix and fence, nothing else.
    private static func referenceEvents(_ fixes: [F.Fix], _ fences: [Fence]) -> [String] {
        var inside = Set<Int>(), events: [String] = []
        for (row, fix) in fixes.enumerated() {
            for (f, fence) in fences.enumerated() {
                let now = fence.contains(latitude: fix.position.latitude, longitude: fix.position.longitude)
                if now && !inside.contains(f) { events.append("\(row) \(f) enter"); inside.insert(f) }
                if !now && inside.contains(f) { events.append("\(row) \(f) exit"); inside.remove(f) }
            }
        }
        return events
    }

    @Test("enters and exits with no margin equal the per-fix reference", arguments: F.Place.allCases)
    func matchesReference(place: F.Place) throws {
        var random = SplitMix64(seed: 0x5EED_0000 + UInt64(place.rawValue.count))
        let rules = EventRules(
            exitMarginMeters: 0, exitConfirmFixes: 1, minimumDwellSeconds: 1e9,
            detectsCrossings: false)
        var eventCount = 0
        for walkNumber in 0..<60 {
            let fences = try Self.fences(around: place.centre, &random)
            let fixes = Self.walk(from: place.centre, count: 250, &random)
            let log = F.detect(fixes, fences: fences, rules: rules)

            let detected = log.events
                .sorted { ($0.fixIndex, $0.fence) < ($1.fixIndex, $1.fence) }
                .map { "\($0.fixIndex) \($0.fence) \($0.kind)" }
            let expected = Self.referenceEvents(fixes, fences)
            #expect(detected == expected, "walk \(walkNumber)")
            eventCount += expected.count
            // Every boundary time lies on the segment that ends at the fix that revealed it.
            for event in log.events where event.fixIndex > 0 {
                #expect(
                    event.time >= fixes[event.fixIndex - 1].time && event.time <= fixes[event.fixIndex].time,
                    "walk \(walkNumber): \(event)")
            }
            #expect(log.screening.rejectedCount == 0)
        }
        #expect(eventCount > 500)
    }

    @Test("crossings equal a dense sampling of each segment", arguments: F.Place.allCases)
    func crossingsMatchSampling(place: F.Place) throws {
        var random = SplitMix64(seed: 0xC505_0000 + UInt64(place.rawValue.count))
        var crossings = 0
        for segmentNumber in 0..<120 {
            let fences = try Self.fences(around: place.centre, &random)
            let a = F.point(place.centre, bearing: random.uniform(0...360), distance: random.uniform(0...250))
            let b = F.point(a, bearing: random.uniform(0...360), distance: random.uniform(0...240))
            let log = F.detect([F.Fix(time: 0, position: a), F.Fix(time: 5, position: b)], fences: fences)
            let crossed = Set(log.events.filter { $0.kind == .cross }.map(\.fence))

            // Samples a metre apart or closer: a segment reaching 0.6 m into a fence has one inside,
            // and one leaving a fence by more than 0.6 m has none.
            let samples = Int(a.distanceMeters(to: b)) + 2
            for (f, fence) in fences.enumerated() {
                let ends = [a, b].contains { fence.contains(latitude: $0.latitude, longitude: $0.longitude) }
                var deepest = Double.infinity
                for i in 0..<samples {
                    let p = F.along(a, b, fraction: Double(i) / Double(samples - 1))
                    deepest = min(deepest, fence.signedDistanceMeters(latitude: p.latitude, longitude: p.longitude))
                }
                if ends || abs(deepest) < 0.6 { continue }
                #expect(crossed.contains(f) == (deepest < 0), "segment \(segmentNumber), fence \(f): \(deepest) m")
                if deepest < 0 { crossings += 1 }
            }
        }
        #expect(crossings > 30)
    }
}
