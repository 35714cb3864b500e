import GeoCore
import Geofencing
import Testing

/// Equal timestamps are ordered deterministically, whatever the order of the input rows.
struct EventOrderTests {
    typealias F = EventFixtures

    /// Three participants on identical tracks: they start inside two concentric fences at t = 0,
    /// walk east at 2 m/s and cross a third fence on the way.
    private static let centre = F.Place.zurich.centre
    private static let fences = [
        F.circle(centre, radius: 50),
        F.circle(centre, radius: 20),
        F.circle(F.point(centre, bearing: 90, distance: 114), radius: 3),
    ]
    private static let participants: [Int32] = [3, 1, 2]
    private static let track = F.straightWalk(through: centre, start: 0, speed: 12, interval: 1, count: 15)
    private static let rules = EventRules(minimumDwellSeconds: 0)

    /// The rows of every participant's track, interleaved in an order chosen by `seed`
    /// (each participant's own rows stay in order), and per row its fix number in the track.
    private static func interleaved(seed: UInt64) -> (PositionColumns, [Int]) {
        var random = SplitMix64(seed: seed)
        var next = participants.map { _ in 0 }
        var columns = PositionColumns(), fixNumber: [Int] = []
        while let p = (0..<participants.count).filter({ next[$0] < track.count }).randomElement(using: &random) {
            let fix = track[next[p]]
            columns.append(
                participant: participants[p], time: fix.time, latitude: fix.position.latitude,
                longitude: fix.position.longitude)
            fixNumber.append(next[p])
            next[p] += 1
        }
        return (columns, fixNumber)
    }

    @Test func equalTimestampsAreOrderedByParticipantFenceAndKind() throws {
        let (columns, _) = Self.interleaved(seed: 1)
        let log = EventDetector(index: GridIndex(fences: Self.fences), rules: Self.rules).detect(columns)
        let atZero = log.events.filter { $0.time == 0 }.map { "\($0.participant) \($0.fence) \($0.kind)" }
        #expect(
            atZero == [
                "1 0 enter", "1 0 dwell", "1 1 enter", "1 1 dwell",
                "2 0 enter", "2 0 dwell", "2 1 enter", "2 1 dwell",
                "3 0 enter", "3 0 dwell", "3 1 enter", "3 1 dwell",
            ])
        // Later events also come in threes, one per participant at the same time.
        let later = log.events.filter { $0.time > 0 }
        #expect(later.count == 9)
        #expect(later.map(\.participant) == [1, 2, 3, 1, 2, 3, 1, 2, 3])
        #expect(later.map(\.kind) == [.exit, .exit, .exit, .exit, .exit, .exit, .cross, .cross, .cross])
        #expect(zip(later, later.dropFirst()).allSatisfy { FenceEvent.areInLogOrder($0, $1) })
    }

    @Test func logOrderComparesTimeParticipantFenceKindAndFix() {
        #expect(FenceEventKind.allCases.shuffled().sorted() == [.enter, .dwell, .cross, .exit])
        let base = FenceEvent(
            kind: .exit, participant: 5, fence: 5, time: 5, fixIndex: 5,
            distanceMeters: 0, accuracyMeters: nil, durationSeconds: nil)
        let earlier: [(inout FenceEvent) -> Void] = [
            { $0.time = 4 }, { $0.participant = 4 }, { $0.fence = 4 }, { $0.kind = .cross }, { $0.fixIndex = 4 },
        ]
        for (key, change) in earlier.enumerated() {
            var event = base
            change(&event)
            #expect(FenceEvent.areInLogOrder(event, base), "key \(key)")
            #expect(!FenceEvent.areInLogOrder(base, event), "key \(key)")
            // A later value of a more important key wins over every less important one.
            var later = event
            later.time = 6
            #expect(FenceEvent.areInLogOrder(base, later), "key \(key)")
        }
    }

    @Test("the same log for any interleaving of the participants' rows", arguments: [2, 3, 4, 5] as [UInt64])
    func sameLogForShuffledRows(seed: UInt64) {
        func normalisedLog(seed: UInt64) -> [FenceEvent] {
            let (columns, fixNumber) = Self.interleaved(seed: seed)
            let log = EventDetector(index: GridIndex(fences: Self.fences), rules: Self.rules).detect(columns)
            return log.events.map { event in
                var event = event
                event.fixIndex = fixNumber[event.fixIndex]
                return event
            }
        }
        let reference = normalisedLog(seed: 1)
        #expect(reference.count == 21)
        #expect(normalisedLog(seed: seed) == reference)
    }
}
