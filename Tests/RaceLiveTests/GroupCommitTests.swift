import Foundation
import GeoCore
import LiveStoreTestSupport
import RaceLive
import RaceModel
import Testing

/// Submissions that arrive while an append is stored go into one append together: whatever the
/// interleaving, every distinct payload is stored once, acknowledged to exactly one caller,
/// numbered without gaps, and a failed append acknowledges nothing.
struct GroupCommitTests {
    @Test(
        "concurrent submissions with duplicates: each distinct fix stored and acknowledged once",
        arguments: TestStoreKind.allCases)
    func concurrentSubmissions(_ kind: TestStoreKind) async throws {
        let made = try await TestStores.make(kind)
        let store = made.store
        try await store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 0))
        let runner = try await LiveRaceRunner(raceID: "r", race: Race(name: "group"), store: store)
        var random = SplitMix64(seed: 42)
        // 60 callers of up to 5 fixes each, drawn from 100 distinct fixes: many duplicates,
        // within a call and across calls.
        let calls: [[LogPayload]] = (0..<60).map { _ in
            (0..<Int(1 + random.next() % 5)).map { _ in
                let k = Int(random.next() % 100)
                return .fix(LiveFix(participant: "p\(k % 7)", time: Double(1_000 + k), latitude: 47, longitude: 8))
            }
        }
        let receipts = try await withThrowingTaskGroup(of: LiveRaceRunner.Receipt.self) { group in
            for call in calls { group.addTask { try await runner.submit(call, recordedAt: 5) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let distinct = Set(calls.joined()).count
        let sent = calls.map(\.count).reduce(0, +)
        let acknowledged = receipts.map(\.accepted).reduce(0, +)
        let duplicates = receipts.map(\.duplicates).reduce(0, +)
        #expect(acknowledged == distinct)
        #expect(acknowledged + duplicates == sent)
        let stored = try await store.entries(raceID: "r", after: 0)
        let expectedSequences: [Int64] = Array(1...Int64(distinct))
        #expect(stored.map(\.sequence) == expectedSequences)
        #expect(Set(stored.map(\.payload)).count == distinct)
        #expect(await runner.race.fixCount == distinct)
        try await made.dispose()
    }

    @Test("a failed append acknowledges nothing and applies nothing")
    func failedAppend() async throws {
        let made = try await TestStores.make(.sqlite)
        try await made.store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 0))
        let runner = try await LiveRaceRunner(raceID: "r", race: Race(name: "closed"), store: made.store)
        try await made.dispose()  // the store is closed: every append now fails
        let calls = (0..<8).map { k in
            [LogPayload.fix(LiveFix(participant: "p", time: Double(k), latitude: 47, longitude: 8))]
        }
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for call in calls {
                group.addTask { (try? await runner.submit(call, recordedAt: 0)) != nil }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes == Array(repeating: false, count: calls.count))
        #expect(await runner.race.fixCount == 0)
        #expect(await runner.race.lastSequence == 0)
    }
}
