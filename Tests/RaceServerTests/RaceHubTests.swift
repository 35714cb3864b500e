import Foundation
import LiveStoreTestSupport
import Logging
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

/// After an outage the announcement that the other instances are heard again can come before
/// the database answers reads; a catch-up read that fails is tried again, or the race's viewers
/// on this instance would stay behind until some later announcement, which may never come.
@Suite struct RaceHubCatchUpTests {
    @Test(.hangGuard) func aFailedCatchUpIsTriedAgain() async throws {
        let inner = try await SQLiteLiveStore(path: nil)
        try await inner.migrate()
        try await inner.createRace(StoredRace(id: "r", raceFile: LiveServerFlowTests.raceText, createdAt: 0))
        let store = FlakyReadsStore(inner)
        let hub = RaceHub(store: store, clock: { 0 })
        let runner = try #require(try await hub.runner("r"))
        await hub.followOtherInstances(logger: Logger(label: "test"))
        // Another instance starts the race; this one hears of it while reads still fail.
        try await inner.append([
            LogEntry(
                raceID: "r", sequence: 1, recordedAt: 0, payload: .organiser(.start(time: LiveServerFlowTests.start)))
        ])
        store.failNextReads(3)
        store.announce(.resubscribed)
        for _ in 0..<500 where await runner.race.lastSequence < 1 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await runner.race.lastSequence == 1)
        #expect(store.failedReads == 3)
        await hub.finishViewers()
        try await inner.close()
    }
}

/// A store whose log reads fail a given number of times, and whose announcements the test makes.
private final class FlakyReadsStore: LiveStore, @unchecked Sendable {
    private let inner: any LiveStore
    private let lock = NSLock()
    private var failuresLeft = 0
    private var failed = 0
    private let stream: AsyncStream<LogAnnouncement>
    private let continuation: AsyncStream<LogAnnouncement>.Continuation

    init(_ inner: any LiveStore) {
        self.inner = inner
        (stream, continuation) = AsyncStream.makeStream(of: LogAnnouncement.self)
    }

    struct ReadFailed: Error {}

    func failNextReads(_ count: Int) { lock.withLock { failuresLeft = count } }
    var failedReads: Int { lock.withLock { failed } }
    func announce(_ announcement: LogAnnouncement) { continuation.yield(announcement) }

    func entries(raceID: String, after sequence: Int64) async throws -> [LogEntry] {
        let fail = lock.withLock {
            guard failuresLeft > 0 else { return false }
            failuresLeft -= 1
            failed += 1
            return true
        }
        if fail { throw ReadFailed() }
        return try await inner.entries(raceID: raceID, after: sequence)
    }

    func logAnnouncements() -> AsyncStream<LogAnnouncement> { stream }

    func migrate() async throws { try await inner.migrate() }
    func schemaVersion() async throws -> Int { try await inner.schemaVersion() }
    func createRace(_ race: StoredRace) async throws { try await inner.createRace(race) }
    func updateRaceFile(raceID: String, raceFile: String) async throws {
        try await inner.updateRaceFile(raceID: raceID, raceFile: raceFile)
    }
    func setRacePublic(raceID: String, isPublic: Bool) async throws {
        try await inner.setRacePublic(raceID: raceID, isPublic: isPublic)
    }
    func race(id: String) async throws -> StoredRace? { try await inner.race(id: id) }
    func races() async throws -> [StoredRace] { try await inner.races() }
    func addParticipant(_ participant: StoredParticipant) async throws { try await inner.addParticipant(participant) }
    func participants(raceID: String) async throws -> [StoredParticipant] {
        try await inner.participants(raceID: raceID)
    }
    func addCredential(_ credential: StoredCredential) async throws { try await inner.addCredential(credential) }
    func credential(hash: String) async throws -> StoredCredential? { try await inner.credential(hash: hash) }
    func credentials(raceID: String, role: CredentialRole) async throws -> [StoredCredential] {
        try await inner.credentials(raceID: raceID, role: role)
    }
    func deleteCredential(hash: String, raceID: String) async throws -> Bool {
        try await inner.deleteCredential(hash: hash, raceID: raceID)
    }
    func addJoinCode(_ code: StoredJoinCode) async throws { try await inner.addJoinCode(code) }
    func redeemJoinCode(hash: String, now: Double) async throws -> StoredJoinCode? {
        try await inner.redeemJoinCode(hash: hash, now: now)
    }
    func append(_ entries: [LogEntry]) async throws { try await inner.append(entries) }
    func appendInTurn(
        raceID: String, after sequence: Int64,
        number: @escaping @Sendable ([LogEntry], [StoredParticipant]) async throws -> [LogEntry]
    ) async throws {
        try await inner.appendInTurn(raceID: raceID, after: sequence, number: number)
    }
    func close() async throws {
        continuation.finish()
        try await inner.close()
    }
}
