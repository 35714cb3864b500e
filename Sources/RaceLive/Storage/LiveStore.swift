/// Where a live server keeps its races, participants, credentials and logs.
///
/// The embedded default is ``SQLiteLiveStore``; RaceLivePostgres's `PostgresLiveStore` sits behind
/// the same protocol with the same migrations and the same behaviour, so the server and the tests do
/// not know which one they talk to.
///
/// Contract: ``append(_:)`` is atomic and durable when it returns (all of its entries or none);
/// entries of one race are read back in sequence order; a sequence number is never stored twice
/// for one race (the store refuses it with ``LiveStoreError/conflict(_:)``). That refusal is what
/// lets several instances write one race's log: the loser of a collision takes a turn
/// (``appendInTurn(raceID:after:number:)``), catching up with the log and numbering its entries
/// again while no other append to the race can land (``LiveRaceRunner``).
public protocol LiveStore: Sendable {
    /// Brings the schema up to date (each migration once, in version order). Call before use.
    func migrate() async throws
    /// The schema version after ``migrate()``: the highest migration applied.
    func schemaVersion() async throws -> Int

    /// Stores a new race. Throws ``LiveStoreError/conflict(_:)`` when its id is taken.
    func createRace(_ race: StoredRace) async throws
    /// Replaces a race's file (before the start).
    func updateRaceFile(raceID: String, raceFile: String) async throws
    /// Opens a race to anyone (`true`) or to invitations only (`false`).
    func setRacePublic(raceID: String, isPublic: Bool) async throws
    /// The race with this id, if any.
    func race(id: String) async throws -> StoredRace?
    /// Every race, by creation time.
    func races() async throws -> [StoredRace]

    /// Stores a participant who joined. Throws ``LiveStoreError/conflict(_:)`` when the id is taken in the race.
    func addParticipant(_ participant: StoredParticipant) async throws
    /// A race's participants in joining order.
    func participants(raceID: String) async throws -> [StoredParticipant]

    /// Stores a credential (only its hash).
    func addCredential(_ credential: StoredCredential) async throws
    /// The credential whose hash is `hash`, if any.
    func credential(hash: String) async throws -> StoredCredential?
    /// Race `raceID`'s credentials of `role` (expired ones too), soonest expiry first and those
    /// that never expire last, ties by hash.
    func credentials(raceID: String, role: CredentialRole) async throws -> [StoredCredential]
    /// Deletes race `raceID`'s credential whose hash is `hash` (revoking it at once); whether there
    /// was one. A credential of another race is left alone. The server deletes only share links
    /// (the viewer role): it keeps the other roles' credentials in memory once read.
    func deleteCredential(hash: String, raceID: String) async throws -> Bool

    /// Stores a join code (only its hash).
    func addJoinCode(_ code: StoredJoinCode) async throws
    /// Uses a join code once: when the code exists, has not expired at `now` and has uses left,
    /// counts the use and returns the code; otherwise returns `nil` and changes nothing.
    func redeemJoinCode(hash: String, now: Double) async throws -> StoredJoinCode?

    /// Appends entries to their races' logs, atomically and durably.
    func append(_ entries: [LogEntry]) async throws
    /// Appends race `raceID`'s next entries with its log held still: from the moment the entries
    /// after `sequence` are read until the entries `number` returns are stored, no other append
    /// to the race lands. `number` gets those entries and the race's participants in joining
    /// order, and returns the entries to store, numbered on from the last one it got (none stores
    /// nothing); it must not call the store, whose turn it runs in. Atomic and durable like
    /// ``append(_:)``. A runner whose append collided takes this
    /// turn, so a submission collides once at most: retrying plain appends instead lets the
    /// instance that just stored (and so needs no catching up) win again and again.
    func appendInTurn(
        raceID: String, after sequence: Int64,
        number:
            @escaping @Sendable (_ missed: [LogEntry], _ participants: [StoredParticipant]) async throws -> [LogEntry]
    ) async throws
    /// A race's entries with a sequence number above `sequence`, in sequence order.
    func entries(raceID: String, after sequence: Int64) async throws -> [LogEntry]

    /// Announcements of other instances' writes (``LogAnnouncement``), for as long as the store
    /// is open. A store only one instance uses (SQLite) announces nothing: the default is a
    /// stream that ends at once.
    func logAnnouncements() -> AsyncStream<LogAnnouncement>

    /// Releases the store's resources; no call may follow.
    func close() async throws
}

extension LiveStore {
    /// Nothing to announce: one instance owns the store.
    public func logAnnouncements() -> AsyncStream<LogAnnouncement> { AsyncStream { $0.finish() } }
}

/// Why a store refused an operation.
public enum LiveStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A unique key (race id, participant id, credential hash, sequence number) is taken.
    case conflict(String)
    /// A stored value cannot be read back (a corrupt row, an unknown kind).
    case corrupt(String)
    /// No such race.
    case noSuchRace(String)

    /// A sentence for logs and error responses.
    public var description: String {
        switch self {
        case .conflict(let what): return "already exists: \(what)"
        case .corrupt(let what): return "stored data cannot be read: \(what)"
        case .noSuchRace(let id): return "no race \"\(id)\""
        }
    }
}
