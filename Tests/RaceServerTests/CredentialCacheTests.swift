import RaceLive
import Testing

@testable import RaceServer

/// The credential cache keeps only what can never change: a deleted share link stops working
/// at once, a token stored after a miss is found, and the cache never holds more than its
/// capacity.
@Suite struct CredentialCacheTests {
    private func store() async throws -> SQLiteLiveStore {
        let store = try await SQLiteLiveStore(path: nil)
        try await store.migrate()
        try await store.createRace(StoredRace(id: "r", raceFile: LiveServerFlowTests.raceText, createdAt: 0))
        return store
    }

    @Test func tokensThatNeverChangeAreReadOnce() async throws {
        let store = try await store()
        let cache = CredentialCache(store: store)
        let device = StoredCredential(hash: "d1", raceID: "r", role: .device, participant: "p")
        try await store.addCredential(device)
        #expect(try await cache.credential(hash: "d1") == device)
        // Gone from the store (which the server never does to a device key): the cache still has it,
        // so it answered from memory.
        #expect(try await store.deleteCredential(hash: "d1", raceID: "r"))
        #expect(try await cache.credential(hash: "d1") == device)
        #expect(cache.count == 1)
        try await store.close()
    }

    @Test func aRevokedShareLinkStopsWorkingAtOnce() async throws {
        let store = try await store()
        let cache = CredentialCache(store: store)
        let link = StoredCredential(hash: "v1", raceID: "r", role: .viewer, expiresAt: 1_000)
        try await store.addCredential(link)
        #expect(try await cache.credential(hash: "v1") == link)
        #expect(try await store.deleteCredential(hash: "v1", raceID: "r"))
        #expect(try await cache.credential(hash: "v1") == nil)
        #expect(cache.count == 0)
        try await store.close()
    }

    @Test func anUnknownTokenIsNotRemembered() async throws {
        let store = try await store()
        let cache = CredentialCache(store: store)
        #expect(try await cache.credential(hash: "o1") == nil)
        let organiser = StoredCredential(hash: "o1", raceID: "r", role: .organiser)
        try await store.addCredential(organiser)
        #expect(try await cache.credential(hash: "o1") == organiser)
        try await store.close()
    }

    @Test func theCacheHoldsAtMostItsCapacity() async throws {
        let store = try await store()
        let cache = CredentialCache(store: store, capacity: 3)
        for n in 0..<10 {
            let credential = StoredCredential(hash: "p\(n)", raceID: "r", role: .participant, participant: "p\(n)")
            try await store.addCredential(credential)
            #expect(try await cache.credential(hash: credential.hash) == credential)
            #expect(cache.count <= 3)
        }
        #expect(cache.count >= 1)
        try await store.close()
    }
}
