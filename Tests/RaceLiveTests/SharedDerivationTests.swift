import Foundation
import GeoCore
import LiveStoreTestSupport
import RaceLive
import RaceModel
import RaceTestSupport
import Synchronization
import Testing

/// `LiveRaceRunner.state()` and `standings()` derive the whole race away from the runner and
/// share derivations: each caller still sees every entry stored before its call, the result
/// equals the engine's own derivation, and callers that come together share one.
struct SharedDerivationTests {
    /// What each caller stored up to and then saw.
    final class Results: Sendable {
        private let pairs = Mutex<[(stored: Int64, seen: Int64)]>([])
        func add(stored: Int64, seen: Int64) { pairs.withLock { $0.append((stored, seen)) } }
        var all: [(stored: Int64, seen: Int64)] { pairs.withLock { $0 } }
    }

    @Test("concurrent callers each see their own entries, and share derivations")
    func readsItsOwnWrites() async throws {
        let made = try await TestStores.make(.sqlite)
        let store = made.store
        let path = SampleRoutes.folder.appendingPathComponent("zurich-old-town/race.json").path
        let race = try #require(try RaceFile.read(path: path).race)
        let raceText = try String(contentsOfFile: path, encoding: .utf8)
        try await store.createRace(StoredRace(id: "r", raceFile: raceText, createdAt: 0))
        let runner = try await LiveRaceRunner(raceID: "r", race: race, store: store)
        let people = (0..<12).map { "p\($0)" }
        for id in people {
            try await runner.join(StoredParticipant(raceID: "r", id: id, displayName: id, joinedAt: 0))
        }
        guard case .circle(let stop, _) = try #require(race.stops.first?.fence) else {
            Issue.record("the sample's first stop should be a circle")
            return
        }
        var random = SplitMix64(seed: 7)
        // 120 callers, each storing a fix near the first stop and then asking for the state or
        // the standings document.
        let calls: [(fix: LiveFix, standings: Bool)] = (0..<120).map { n in
            let fix = LiveFix(
                participant: people[n % people.count], time: 1_700_000_000 + Double(n),
                latitude: stop.latitude + Double(random.next() % 100) * 1e-6, longitude: stop.longitude)
            return (fix, random.next() % 2 == 0)
        }
        let results = Results()
        // Bounded: a caller that held the runner in a loop would otherwise hang the suite.
        let outcome = await TimeBound.outcome(within: .seconds(60)) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for call in calls {
                    group.addTask {
                        let receipt = try await runner.submit([.fix(call.fix)], recordedAt: 0)
                        let seen =
                            call.standings ? await runner.standings().sequence : await runner.state().sequence
                        results.add(stored: receipt.lastSequence, seen: seen)
                    }
                }
                try await group.waitForAll()
            }
        }
        let finished = try #require(outcome, "the callers did not finish within 60 s")
        #expect(finished == nil, "\(String(describing: finished))")
        let seen = results.all
        #expect(seen.count == calls.count)
        for (stored, sequence) in seen { #expect(sequence >= stored, "saw \(sequence) after storing up to \(stored)") }
        let derivations = await runner.derivations
        #expect(derivations >= 1 && derivations < calls.count, "\(derivations) derivations for \(calls.count) callers")

        // The last derivation is what an engine rebuilt from the stored log derives (the
        // runner's own engine would hand back the derivation it adopted).
        let state = await runner.state()
        var engine = LiveRace(raceID: "r", race: race)
        for participant in try await store.participants(raceID: "r") { engine.join(participant) }
        for entry in try await store.entries(raceID: "r", after: 0) { engine.apply(entry) }
        let own = engine.refresh()
        #expect(state.sequence == own.sequence && state.sequence == Int64(calls.count))
        #expect(state.replay?.visits == own.replay?.visits && !(own.replay?.visits.isEmpty ?? true))
        #expect(state.report(startEpoch: 0)?.json.serialized() == own.report(startEpoch: 0)?.json.serialized())
        let standings = await runner.standings()
        #expect(standings.sequence == state.sequence)
        try await made.dispose()
    }
}
