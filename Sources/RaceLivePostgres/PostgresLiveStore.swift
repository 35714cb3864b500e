import Foundation
import Logging
import NIOCore
import PostgresNIO
import RaceLive
import Synchronization

/// The shared store for one or several server instances: a PostgreSQL database through
/// vapor's postgres-nio (a pool of connections), with the same migrations and the same
/// behaviour as `SQLiteLiveStore` (the contract suite runs against both).
///
/// Appends stream their entries with `COPY log_entries … FROM STDIN` (postgres-nio's
/// `copyFrom`): one statement, so atomic without a surrounding transaction, and PostgreSQL's
/// fastest path for many rows; a turn (`appendInTurn(raceID:after:number:)`) holds them off.
/// Concurrent calls run on separate connections, so one race's append does not wait for another's; a taken key (unique violation, SQLSTATE 23505) becomes
/// `LiveStoreError/conflict(_:)`.
public final class PostgresLiveStore: LiveStore {
    private let client: PostgresClient
    let url: PostgresURL
    private let runner: Task<Void, Never>
    /// The tasks of ``logAnnouncements()``, cancelled by ``close()``.
    let listeners = Mutex<[Task<Void, Never>]>([])
    let logger: Logger

    /// Connections the pool opens at most by default (the server's default `max_connections` is 100).
    public static let defaultMaximumConnections = 10

    /// A store on the database `url` names (``PostgresURL``). Connects lazily: call ``migrate()``
    /// (which fails if the database cannot be reached within `connectTimeout`) before use.
    public init(
        url: String, maximumConnections: Int = defaultMaximumConnections, connectTimeout: Duration = .seconds(10),
        logger: Logger = Logger(label: "racekit.store")
    ) throws {
        let parsed = try PostgresURL(url)
        var configuration = parsed.configuration
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = connectTimeout
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.url = parsed
        self.logger = logger
        // The pool works only while run() runs; close() cancels it.
        runner = Task { await client.run() }
    }

    /// Opens and migrates the store on the database `url` names, failing at once with the
    /// connection's own error when the server cannot be reached or refuses the login (the pool
    /// alone would keep retrying), and after `timeout` when it does not answer.
    public static func open(
        url: String, maximumConnections: Int = defaultMaximumConnections, timeout: Duration = .seconds(15),
        logger: Logger = Logger(label: "racekit.store")
    ) async throws -> PostgresLiveStore {
        let parsed = try PostgresURL(url)
        try await withTimeout(timeout, "no answer from \(parsed.redacted) within \(timeout)") {
            let connection = try await PostgresConnection.connect(
                configuration: try parsed.connectionConfiguration(), id: 0, logger: logger)
            try await connection.close()
        }
        let store = try PostgresLiveStore(
            url: url, maximumConnections: maximumConnections, connectTimeout: timeout, logger: logger)
        do {
            try await withTimeout(timeout, "no answer from \(parsed.redacted) within \(timeout)") {
                try await store.migrate()
            }
        } catch {
            try? await store.close()
            throw error
        }
        return store
    }

    /// Applies the migrations not yet in `schema_migrations`, each in its own transaction. A
    /// session advisory lock makes instances that start together apply them one at a time.
    public func migrate() async throws {
        try await withConnection { connection in
            try await connection.query("SELECT pg_advisory_lock(\(Self.migrationLock))", logger: self.logger)
            do {
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)
                    """, logger: self.logger)
                var applied = Set<Int>()
                for try await version in try await connection.query(
                    "SELECT version FROM schema_migrations", logger: self.logger
                ).decode(Int.self) {
                    applied.insert(version)
                }
                for migration in PostgresMigrations.all where !applied.contains(migration.version) {
                    try await Self.transaction(connection, logger: self.logger) {
                        for statement in migration.statements {
                            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger)
                        }
                        try await connection.query(
                            """
                            INSERT INTO schema_migrations (version, applied_at)
                            VALUES (\(migration.version), extract(epoch FROM now()))
                            """, logger: self.logger)
                    }
                }
            } catch {
                _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.migrationLock))", logger: self.logger)
                throw error
            }
            try await connection.query("SELECT pg_advisory_unlock(\(Self.migrationLock))", logger: self.logger)
        }
    }

    /// The highest migration applied.
    public func schemaVersion() async throws -> Int {
        try await rows("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", as: Int.self).first ?? 0
    }

    /// Stores a new race.
    public func createRace(_ race: StoredRace) async throws {
        try await write(
            "race \"\(race.id)\"",
            """
            INSERT INTO races (id, race_file, created_at, is_public)
            VALUES (\(race.id), \(race.raceFile), \(race.createdAt), \(race.isPublic))
            """)
    }

    /// Replaces a race's file.
    public func updateRaceFile(raceID: String, raceFile: String) async throws {
        try await write("race \"\(raceID)\"", "UPDATE races SET race_file = \(raceFile) WHERE id = \(raceID)")
    }

    /// Opens a race to anyone or to invitations only.
    public func setRacePublic(raceID: String, isPublic: Bool) async throws {
        try await write("race \"\(raceID)\"", "UPDATE races SET is_public = \(isPublic) WHERE id = \(raceID)")
    }

    /// The race with this id, if any.
    public func race(id: String) async throws -> StoredRace? {
        try await rows(
            "SELECT id, race_file, created_at, is_public FROM races WHERE id = \(id)",
            as: (String, String, Double, Bool).self
        )
        .first.map { StoredRace(id: $0.0, raceFile: $0.1, createdAt: $0.2, isPublic: $0.3) }
    }

    /// Every race, by creation time.
    public func races() async throws -> [StoredRace] {
        try await rows(
            "SELECT id, race_file, created_at, is_public FROM races ORDER BY created_at, id",
            as: (String, String, Double, Bool).self
        ).map { StoredRace(id: $0.0, raceFile: $0.1, createdAt: $0.2, isPublic: $0.3) }
    }

    /// Stores a participant; the joining order is kept (`join_order`, an identity column).
    public func addParticipant(_ p: StoredParticipant) async throws {
        try await write(
            "participant \"\(p.id)\" in race \"\(p.raceID)\"",
            """
            INSERT INTO participants (race_id, id, display_name, joined_at)
            VALUES (\(p.raceID), \(p.id), \(p.displayName), \(p.joinedAt))
            """)
    }

    /// A race's participants in joining order.
    public func participants(raceID: String) async throws -> [StoredParticipant] {
        try await withConnection { connection in try await self.participants(raceID: raceID, on: connection) }
    }

    private func participants(raceID: String, on connection: PostgresConnection) async throws
        -> [StoredParticipant]
    {
        var participants: [StoredParticipant] = []
        let rows = try await connection.query(
            "SELECT race_id, id, display_name, joined_at FROM participants WHERE race_id = \(raceID) ORDER BY join_order",
            logger: logger)
        for try await row in rows.decode((String, String, String, Double).self) {
            participants.append(StoredParticipant(raceID: row.0, id: row.1, displayName: row.2, joinedAt: row.3))
        }
        return participants
    }

    /// Stores a credential's hash.
    public func addCredential(_ c: StoredCredential) async throws {
        try await write(
            "credential",
            """
            INSERT INTO credentials (hash, race_id, role, participant, expires_at)
            VALUES (\(c.hash), \(c.raceID), \(c.role.rawValue), \(c.participant), \(c.expiresAt))
            """)
    }

    /// The credential with this hash, if any.
    public func credential(hash: String) async throws -> StoredCredential? {
        try await rows(
            "SELECT hash, race_id, role, participant, expires_at FROM credentials WHERE hash = \(hash)",
            as: CredentialColumns.self
        ).first.map(Self.credential)
    }

    /// A race's credentials of one role, soonest expiry first (an index range on race and role).
    public func credentials(raceID: String, role: CredentialRole) async throws -> [StoredCredential] {
        try await rows(
            """
            SELECT hash, race_id, role, participant, expires_at FROM credentials
            WHERE race_id = \(raceID) AND role = \(role.rawValue)
            ORDER BY expires_at IS NULL, expires_at, hash
            """, as: CredentialColumns.self
        ).map(Self.credential)
    }

    /// Deletes a race's credential; whether there was one.
    public func deleteCredential(hash: String, raceID: String) async throws -> Bool {
        try await !rows(
            "DELETE FROM credentials WHERE hash = \(hash) AND race_id = \(raceID) RETURNING hash", as: String.self
        ).isEmpty
    }

    /// Stores a join code's hash.
    public func addJoinCode(_ code: StoredJoinCode) async throws {
        try await write(
            "join code",
            """
            INSERT INTO join_codes (hash, race_id, maximum_uses, uses, expires_at)
            VALUES (\(code.hash), \(code.raceID), \(code.maximumUses), \(code.uses), \(code.expiresAt))
            """)
    }

    /// Counts one use of a valid code, in one statement (the row lock serialises concurrent joins).
    public func redeemJoinCode(hash: String, now: Double) async throws -> StoredJoinCode? {
        try await rows(
            """
            UPDATE join_codes SET uses = uses + 1
            WHERE hash = \(hash) AND (maximum_uses IS NULL OR uses < maximum_uses)
                AND (expires_at IS NULL OR expires_at > \(now))
            RETURNING race_id, maximum_uses, uses, expires_at
            """, as: (String, Int?, Int, Double?).self
        ).first.map {
            StoredJoinCode(hash: hash, raceID: $0.0, maximumUses: $0.1, uses: $0.2, expiresAt: $0.3)
        }
    }

    /// Appends entries with one `COPY … FROM STDIN` (atomic: a failing row stores none of them;
    /// durable when it returns, as PostgreSQL commits it with `synchronous_commit`). Each row
    /// waits while another instance takes its turn on the row's race (migration 5).
    public func append(_ entries: [LogEntry]) async throws {
        guard !entries.isEmpty else { return }
        try await withConnection { connection in try await self.copy(entries, on: connection) }
    }

    /// Holds the race's log lock exclusively while it reads, numbers and copies: a plain
    /// ``append(_:)`` of the race on any instance waits for the lock (each row takes it shared,
    /// migration 5), so nothing lands between the read and the copy.
    public func appendInTurn(
        raceID: String, after sequence: Int64,
        number: @escaping @Sendable ([LogEntry], [StoredParticipant]) async throws -> [LogEntry]
    ) async throws {
        try await withConnection { connection in
            try await Self.transaction(connection, logger: self.logger) {
                try await self.lockLog(of: raceID, on: connection)
                let missed = try await self.entries(raceID: raceID, after: sequence, on: connection)
                let participants = try await self.participants(raceID: raceID, on: connection)
                let entries = try await number(missed, participants)
                if !entries.isEmpty { try await self.copy(entries, on: connection) }
            }
        }
    }

    /// Takes race `raceID`'s log lock exclusively until the transaction ends: an advisory lock
    /// keyed by ``logLockClass`` and the hash of the race id (two races sharing a hash only take
    /// turns together).
    private func lockLog(of raceID: String, on connection: PostgresConnection) async throws {
        try await connection.query(
            "SELECT pg_advisory_xact_lock(\(Self.logLockClass), hashtext(\(raceID)))", logger: logger)
    }

    /// Streams `entries` into `log_entries` with one COPY; a taken sequence number becomes
    /// `LiveStoreError/conflict(_:)`.
    private func copy(_ entries: [LogEntry], on connection: PostgresConnection) async throws {
        do {
            try await connection.copyFrom(
                table: "log_entries", columns: LogEntryCopyText.columns, logger: logger
            ) { writer in
                var buffer = ByteBuffer()
                buffer.reserveCapacity(min(entries.count, 512) * 128)
                for entry in entries {
                    LogEntryCopyText.append(entry, to: &buffer)
                    // Stream in pieces of about 64 KiB rather than building one large buffer.
                    if buffer.readableBytes >= 65_536 {
                        try await writer.write(buffer)
                        buffer.clear()
                    }
                }
                if buffer.readableBytes > 0 { try await writer.write(buffer) }
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.uniqueViolation {
            throw LiveStoreError.conflict(
                "log entry of race \"\(entries[0].raceID)\" (\(error.serverInfo?[.detail] ?? "duplicate key"))")
        }
    }

    /// A race's entries after `sequence`, in order: a range scan of the primary key's index.
    public func entries(raceID: String, after sequence: Int64) async throws -> [LogEntry] {
        try await withConnection { connection in try await self.entries(raceID: raceID, after: sequence, on: connection)
        }
    }

    private func entries(raceID: String, after sequence: Int64, on connection: PostgresConnection) async throws
        -> [LogEntry]
    {
        var entries: [LogEntry] = []
        let result = try await connection.query(Self.entriesQuery(raceID: raceID, after: sequence), logger: logger)
        for try await row in result.decode(
            (
                Int64, Double, String, String?, Double, Double?, Double?, Double?, Double?, Double?, Double?,
                Double?, String?, String?, Int?
            ).self)
        {
            let columns = LogEntryColumns(
                kind: row.2, participant: row.3, time: row.4, latitude: row.5, longitude: row.6,
                accuracy: row.7, altitude: row.8, speed: row.9, bearing: row.10, battery: row.11, stop: row.12,
                text: row.13, round: row.14)
            entries.append(
                LogEntry(
                    raceID: raceID, sequence: row.0, recordedAt: row.1,
                    payload: try columns.payload(raceID: raceID, sequence: row.0)))
        }
        return entries
    }

    /// Stops the pool and the announcement listeners: open connections are closed; no call may follow.
    public func close() async throws {
        for listener in listeners.withLock({ $0 }) { listener.cancel() }
        runner.cancel()
        await runner.value
    }

    // MARK: - Helpers

    /// The query ``entries(raceID:after:)`` runs (a test checks its plan).
    static func entriesQuery(raceID: String, after sequence: Int64) -> PostgresQuery {
        """
        SELECT seq, recorded_at, kind, participant, time, latitude, longitude, accuracy, altitude, speed,
               bearing, battery, stop, text, round
        FROM log_entries WHERE race_id = \(raceID) AND seq > \(sequence) ORDER BY seq
        """
    }

    /// A credentials row: hash, race_id, role, participant, expires_at.
    private typealias CredentialColumns = (String, String, String, String?, Double?)

    private static func credential(_ row: CredentialColumns) throws -> StoredCredential {
        guard let role = CredentialRole(rawValue: row.2) else {
            throw LiveStoreError.corrupt("credential role \"\(row.2)\"")
        }
        return StoredCredential(hash: row.0, raceID: row.1, role: role, participant: row.3, expiresAt: row.4)
    }

    /// The advisory lock key `migrate()` holds ("racekit" and 1 in ASCII).
    static let migrationLock: Int64 = 0x7261_6365_6B69_7401
    /// The first key of every race's log lock ("rk" and 1 in ASCII), beside the race id's hash;
    /// migration 5's trigger spells it out (1919614977).
    static let logLockClass: Int32 = 0x726B_0001
    /// SQLSTATE of a unique-key violation.
    static let uniqueViolation = "23505"

    /// Runs `body` on one pooled connection; throws when the connection closes without
    /// answering (``PostgresConnection/answering(within:_:)``).
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws -> T
    {
        try await client.withConnection { connection in try await connection.answering { try await body(connection) } }
    }

    /// Every row of a query, decoded as the tuple of column types `type`.
    private func rows<each Column: PostgresDecodable & Sendable>(
        _ query: PostgresQuery, as type: (repeat each Column).Type
    ) async throws -> [(repeat each Column)] {
        try await withConnection { connection in
            var rows: [(repeat each Column)] = []
            for try await row in try await connection.query(query, logger: self.logger).decode(type) {
                rows.append(row)
            }
            return rows
        }
    }

    /// Runs one writing statement; a unique-key violation becomes `LiveStoreError/conflict(_:)`.
    private func write(_ what: String, _ query: PostgresQuery) async throws {
        do {
            try await withConnection { connection in _ = try await connection.query(query, logger: self.logger) }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.uniqueViolation {
            throw LiveStoreError.conflict(what)
        }
    }

    /// Runs `body`, or throws ``PostgresStoreError`` with `message` once `timeout` has passed.
    private static func withTimeout(
        _ timeout: Duration, _ message: String, _ body: @escaping @Sendable () async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw PostgresStoreError(message)
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Runs `body` between BEGIN and COMMIT on `connection`, rolling back when it throws (the
    /// error is passed on as it is, unlike postgres-nio's `withTransaction`, which wraps it).
    /// A connection that closed is not rolled back: PostgreSQL ends a lost session's transaction.
    static func transaction(
        _ connection: PostgresConnection, logger: Logger, _ body: () async throws -> Void
    ) async throws {
        try await connection.query("BEGIN", logger: logger)
        do {
            try await body()
            try await connection.query("COMMIT", logger: logger)
        } catch {
            if !connection.isClosed { _ = try? await connection.query("ROLLBACK", logger: logger) }
            throw error
        }
    }
}

/// Why the PostgreSQL store could not be opened.
public struct PostgresStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in a sentence.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
