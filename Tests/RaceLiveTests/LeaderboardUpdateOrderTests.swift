import Foundation
import GeoCore
import LiveStoreTestSupport
import RaceLive
import RaceModel
import Synchronization
import Testing

/// The runner hands leaderboard updates to its viewers off the runner, and still in the order
/// it built them: every viewer gets each update after the one it builds on, and the last one
/// it gets is at the log's last entry, however submissions interleave.
struct LeaderboardUpdateOrderTests {
    @Test(.hangGuard, arguments: [1, 2, 3] as [UInt64])
    func viewersGetUpdatesInOrder(seed: UInt64) async throws {
        let made = try await TestStores.make(.sqlite)
        try await made.store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 0))
        let runner = try await LiveRaceRunner(
            raceID: "r", race: Race(name: "order"), store: made.store, standingsSpacing: .zero)
        let viewerCount = 6
        let seen = Mutex<[[LiveRaceRunner.LeaderboardUpdate]]>(Array(repeating: [], count: viewerCount))
        var firsts: [LiveRaceRunner.LeaderboardUpdate] = []
        for v in 0..<viewerCount {
            let (_, current) = await runner.subscribe(
                deliver: { update in
                    // Every other update, a hand-over that takes a while: the next update is
                    // built meanwhile, and its hand-over would pass this one.
                    if v == 0, update.sequence % 2 == 0 { usleep(2_000) }
                    seen.withLock { $0[v].append(update) }
                }, finish: {})
            firsts.append(current)
        }
        // Waves of concurrent callers, a fix each, so that updates are built while others are
        // still being handed over.
        var random = SplitMix64(seed: seed)
        var last: Int64 = 0
        for wave in 0..<20 {
            let callers = Int(1 + random.next() % 6)
            let receipts = try await withThrowingTaskGroup(of: LiveRaceRunner.Receipt.self) { group in
                for k in 0..<callers {
                    let fix = LiveFix(
                        participant: "p\(k)", time: Double(wave * 10 + k), latitude: 47, longitude: 8)
                    group.addTask { try await runner.submit([.fix(fix)], recordedAt: 0) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            last = max(last, receipts.map(\.lastSequence).max() ?? 0)
            if random.next() % 3 == 0 { try await Task.sleep(for: .milliseconds(1)) }
        }
        let final = last
        for _ in 0..<1_000 {
            if seen.withLock({ $0.allSatisfy { $0.last?.sequence == final } }) { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        let updates = seen.withLock { $0 }
        for (v, delivered) in updates.enumerated() {
            #expect(delivered.last?.sequence == final, "viewer \(v) did not get the last update")
            var before = firsts[v]
            for update in delivered where update.sequence != before.sequence {
                #expect(update.sequence > before.sequence, "viewer \(v): \(update.sequence) after \(before.sequence)")
                #expect(update.after == before.sequence, "viewer \(v): changes since \(update.after ?? -1)")
                before = update
            }
        }
        #expect(updates.map(\.count).min() ?? 0 > 3, "too few updates to tell an order")
        try await made.dispose()
    }
}
