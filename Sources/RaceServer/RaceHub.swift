import Foundation
import RaceKitCore
import RaceLive
import RaceModel

/// The server's races: the store, one `LiveRaceRunner` per race (built from the store's log
/// the first time the race is used), and the clock everything is timed by.
public actor RaceHub {
    /// The store every race's log goes to.
    public nonisolated let store: any LiveStore
    /// The server's clock, seconds since 1970 (injected by tests).
    public nonisolated let clock: @Sendable () -> Double
    private var runners: [String: LiveRaceRunner] = [:]
    private var loads: [String: Task<LiveRaceRunner?, any Error>] = [:]

    /// A hub over `store`, timed by `clock`.
    public init(store: any LiveStore, clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.store = store
        self.clock = clock
    }

    /// The runner of race `id`, loaded from the store if needed; `nil` for an unknown race.
    ///
    /// Calls that arrive while the race is loading wait for that one load: two runners of one
    /// race would number log entries each on their own, and every append after the first
    /// collision would fail (after a restart, every phone retrying at once made exactly that).
    public func runner(_ id: String) async throws -> LiveRaceRunner? {
        if let runner = runners[id] { return runner }
        if let load = loads[id] { return try await load.value }
        let store = self.store
        let load = Task { try await Self.load(id, store: store) }
        loads[id] = load
        defer { loads[id] = nil }
        let runner = try await load.value
        if let runner { runners[id] = runner }
        return runner
    }

    private static func load(_ id: String, store: any LiveStore) async throws -> LiveRaceRunner? {
        guard let stored = try await store.race(id: id) else { return nil }
        guard let race = try RaceFile.decode(JSONParser.parse(Array(stored.raceFile.utf8), file: id)).race else {
            throw LiveStoreError.corrupt("race file of race \"\(id)\"")
        }
        return try await LiveRaceRunner(raceID: id, race: race, store: store)
    }

    /// Stores a new file for race `id` (before its start) and drops its runner, so the next use
    /// builds one from the new file; the old runner's viewers are ended (they reconnect).
    public func replaceRaceFile(_ id: String, with raceFile: String) async throws {
        try await store.updateRaceFile(raceID: id, raceFile: raceFile)
        let old = runners.removeValue(forKey: id)
        await old?.finishViewers()
    }

    /// Ends every viewer stream (before shutdown).
    public func finishViewers() async {
        for runner in runners.values { await runner.finishViewers() }
    }
}
