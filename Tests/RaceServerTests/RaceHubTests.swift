import Foundation
import RaceLive
import RaceServer
import Testing

/// The hub loads each race once, however many requests ask for it at the same moment (the
/// kill -9 fault test found two runners of one race after a restart, each numbering the log
/// on its own, and every later append refused as a conflict).
@Suite struct RaceHubTests {
    @Test func concurrentFirstUsesShareOneRunner() async throws {
        for _ in 0..<5 {
            let store = try await SQLiteLiveStore(path: nil)
            try await store.migrate()
            try await store.createRace(StoredRace(id: "r", raceFile: LiveServerFlowTests.raceText, createdAt: 0))
            let hub = RaceHub(store: store, clock: { 0 })
            let identities = try await withThrowingTaskGroup(of: ObjectIdentifier?.self) { group in
                for _ in 0..<16 { group.addTask { try await hub.runner("r").map(ObjectIdentifier.init) } }
                return try await group.reduce(into: [ObjectIdentifier?]()) { $0.append($1) }
            }
            #expect(identities.count == 16 && !identities.contains(nil))
            #expect(Set(identities).count == 1)
            #expect(try await hub.runner("nope") == nil)
            try await store.close()
        }
    }
}
