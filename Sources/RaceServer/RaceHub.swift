import Foundation
import Logging
import RaceKitCore
import RaceLive
import RaceModel
import Synchronization

/// The server's races: the store, one `LiveRaceRunner` per race (built from the store's log
/// the first time the race is used), and the clock everything is timed by.
public actor RaceHub {
    /// The store every race's log goes to.
    public nonisolated let store: any LiveStore
    /// The store's credentials, those that never change kept in memory.
    nonisolated let credentials: CredentialCache
    /// The server's clock, seconds since 1970 (injected by tests).
    public nonisolated let clock: @Sendable () -> Double
    /// The loaded races' runners; behind a lock of their own, so that finding a loaded race
    /// (every request) does not wait in line for the hub.
    private nonisolated let runners = Mutex<[String: LiveRaceRunner]>([:])
    private var loads: [String: Task<LiveRaceRunner?, any Error>] = [:]
    private var following: Task<Void, Never>?

    /// The least time between two leaderboard updates of a race sent to its viewers.
    public nonisolated let standingsSpacing: Duration

    /// A hub over `store`, timed by `clock`; each race's viewers get at most one leaderboard
    /// update per `standingsSpacing` (``LiveServerSettings/minimumSecondsBetweenEvents``).
    public init(
        store: any LiveStore, clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        standingsSpacing: Duration = .milliseconds(20)
    ) {
        self.store = store
        self.standingsSpacing = standingsSpacing
        self.credentials = CredentialCache(store: store)
        self.clock = clock
    }

    /// The runner of race `id`, loaded from the store if needed; `nil` for an unknown race.
    ///
    /// Calls that arrive while the race is loading wait for that one load: two runners of one
    /// race would number log entries each on their own, and every append after the first
    /// collision would fail (after a restart, every phone retrying at once made exactly that).
    public nonisolated func runner(_ id: String) async throws -> LiveRaceRunner? {
        if let runner = runners.withLock({ $0[id] }) { return runner }
        return try await loadRunner(id)
    }

    private func loadRunner(_ id: String) async throws -> LiveRaceRunner? {
        if let runner = runners.withLock({ $0[id] }) { return runner }
        if let load = loads[id] { return try await load.value }
        let store = self.store, spacing = standingsSpacing
        let load = Task { try await Self.load(id, store: store, standingsSpacing: spacing) }
        loads[id] = load
        defer { loads[id] = nil }
        let runner = try await load.value
        if let runner {
            runners.withLock { $0[id] = runner }
            // Announcements heard while it loaded went to no runner.
            if following != nil { try await runner.follow(to: nil) }
        }
        return runner
    }

    /// Starts following the other instances' writes on a shared store (`LiveStore.logAnnouncements()`):
    /// each loaded race's engine reads what they appended, so its viewers here see it too; a race
    /// whose file changed is loaded again. Does nothing on a store only this instance uses.
    public func followOtherInstances(logger: Logger) {
        guard following == nil else { return }
        let announcements = store.logAnnouncements()
        following = Task { [weak self] in
            for await announcement in announcements {
                guard let self else { return }
                await self.handle(announcement, logger: logger)
            }
        }
    }

    private func handle(_ announcement: LogAnnouncement, logger: Logger) async {
        let targets: [(LiveRaceRunner, Int64?)]
        switch announcement {
        case .appended(let raceID, let sequence):
            guard let runner = runners.withLock({ $0[raceID] }) else { return }
            targets = [(runner, sequence)]
        case .resubscribed:
            targets = runners.withLock { $0.values.map { ($0, nil) } }
        case .raceFileChanged(let raceID):
            await runners.withLock { $0.removeValue(forKey: raceID) }?.finishViewers()
            return
        }
        for (runner, sequence) in targets { await Self.follow(runner, to: sequence, logger: logger) }
    }

    /// Reads a race's log up to `sequence`, trying again while the read fails (after an outage
    /// the database's connections come back after its announcements may have): 0.1 s after the
    /// first failure, doubling up to 5 s, for up to a minute. Nothing else would read it again
    /// when no other announcement follows, and the race's viewers here would stay behind.
    private static func follow(_ runner: LiveRaceRunner, to sequence: Int64?, logger: Logger) async {
        var pause = Duration.milliseconds(100)
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            do {
                try await runner.follow(to: sequence)
                return
            } catch {
                let retrying = ContinuousClock.now + pause < deadline && !Task.isCancelled
                logger.warning(
                    "could not read the log of race \(runner.raceID)\(retrying ? "; trying again in \(pause)" : "")",
                    metadata: ["error": .string(String(describing: error))])
                guard retrying else { return }
                try? await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(5))
            }
        }
    }

    private static func load(_ id: String, store: any LiveStore, standingsSpacing: Duration) async throws
        -> LiveRaceRunner?
    {
        guard let stored = try await store.race(id: id) else { return nil }
        guard let race = try RaceFile.decode(JSONParser.parse(Array(stored.raceFile.utf8), file: id)).race else {
            throw LiveStoreError.corrupt("race file of race \"\(id)\"")
        }
        return try await LiveRaceRunner(raceID: id, race: race, store: store, standingsSpacing: standingsSpacing)
    }

    /// Stores a new file for race `id` (before its start) and drops its runner, so the next use
    /// builds one from the new file; the old runner's viewers are ended (they reconnect).
    public func replaceRaceFile(_ id: String, with raceFile: String) async throws {
        try await store.updateRaceFile(raceID: id, raceFile: raceFile)
        let old = runners.withLock { $0.removeValue(forKey: id) }
        await old?.finishViewers()
    }

    /// Ends every viewer stream and stops following other instances (before shutdown).
    public func finishViewers() async {
        following?.cancel()
        following = nil
        for runner in runners.withLock({ Array($0.values) }) { await runner.finishViewers() }
    }
}
