import GeoCore
import RaceLive
import RaceModel
import Testing

/// A live race's tracks against the obvious reference: whatever order fixes arrive in, with
/// duplicates and retries, each participant's track is their distinct fixes sorted by time.
struct LiveRaceTrackTests {
    @Test("tracks equal the sorted distinct fixes over 200 seeded random arrival orders", arguments: 0..<200)
    func tracksAreSortedAndDistinct(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let participants = ["anna", "beat", "chiara"]
        var sent: [LiveFix] = []
        for _ in 0..<Int(random.next() % 300) {
            let participant = participants[Int(random.next() % 3)]
            // Times on a coarse grid, so the same participant and time (a duplicate) comes up often.
            let time = 1_000 + Double(random.next() % 120)
            let fix = LiveFix(
                participant: participant, time: time, latitude: 47 + random.nextUnit() / 100,
                longitude: 8 + random.nextUnit() / 100)
            sent.append(fix)
            if random.next() % 10 == 0 { sent.append(fix) }  // a retried request
        }
        // Mostly in order, with late fixes: each swapped with one up to 20 places earlier.
        sent.sort { $0.time < $1.time }
        for index in sent.indices where random.next() % 4 == 0 {
            sent.swapAt(index, max(0, index - Int(random.next() % 20)))
        }

        var live = LiveRace(raceID: "r", race: Race(name: "random"))
        var firstArrivals: [FixIdentity: LiveFix] = [:]
        for (index, fix) in sent.enumerated() {
            let isNew = firstArrivals[fix.identity] == nil
            let changed = live.apply(
                LogEntry(raceID: "r", sequence: Int64(index + 1), recordedAt: 0, payload: .fix(fix)))
            #expect(changed == isNew, "fix \(index) of seed \(seed)")
            if isNew { firstArrivals[fix.identity] = fix }
        }
        for participant in participants {
            let expected = firstArrivals.values.filter { $0.participant == participant }.sorted { $0.time < $1.time }
            #expect(live.track(of: participant) == expected, "\(participant), seed \(seed)")
        }
        #expect(live.fixCount == firstArrivals.count)
        #expect(live.lastSequence == Int64(sent.count))
    }
}
