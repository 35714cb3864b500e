import Logging
import NIOCore
import SQLiteNIO
import Synchronization

// Why sqlite-nio and not GRDB: GRDB is the better-featured SQLite library, but its README calls
// Linux support contributor-maintained and untested, and the server runs on Linux first.
// vapor's sqlite-nio is built and tested on Linux, bundles its own SQLite (no system library to
// install), runs every call on NIO's thread pool so request handlers never block an event
// loop, and is what the PostgreSQL driver (postgres-nio) sits beside. What it lacks (migrations,
// row mapping, prepared statements for the log's appends: `SQLiteLogAppender`) is small and
// lives here.

/// The embedded store: one SQLite file in the data folder, in WAL mode (readers do not block
/// the writer) with `synchronous=FULL`, so an acknowledged entry survives a crash of the
/// process or the machine.
///
/// Every write goes through one connection, one after another (`SerialQueue`), so a
/// multi-statement transaction is never interleaved with another call. Reads of a database in a
/// file go to connections of their own (WAL lets them read committed data while the writer
/// commits): a request's credential lookup does not wait behind another race's append and its
/// fsync. An in-memory database has one connection for everything.
public actor SQLiteLiveStore: LiveStore {
    private let connection: SQLiteConnection
    private let queue = SerialQueue()
    /// Read-only connections with their queues; empty for an in-memory database.
    private let readers: [(connection: SQLiteConnection, queue: SerialQueue)]
    private let nextReader = Atomic<Int>(0)
    /// The log's appends with prepared statements; `nil` for an in-memory database, which a
    /// second connection cannot open.
    private let appender: SQLiteLogAppender?
    /// Connections opened for reading a database file.
    static let readerCount = 2
    /// Rows per sqlite-nio INSERT statement: at most 16 columns each, under SQLite's 32 766
    /// bound parameters.
    private static let rowsPerInsert = 1_000

    /// Opens (creating if needed) the database file at `path`; `nil` for an in-memory database
    /// (tests). Call ``migrate()`` before use.
    public init(path: String?, logger: Logger = Logger(label: "racekit.store")) async throws {
        connection = try await SQLiteConnection.open(storage: path.map { .file(path: $0) } ?? .memory, logger: logger)
        _ = try await connection.query("PRAGMA journal_mode=WAL")
        _ = try await connection.query("PRAGMA synchronous=FULL")
        _ = try await connection.query("PRAGMA foreign_keys=ON")
        var readers: [(SQLiteConnection, SerialQueue)] = []
        if let path {
            // WAL mode is a property of the file, set above; a reader only reads.
            for _ in 0..<Self.readerCount {
                let reader = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
                _ = try await reader.query("PRAGMA query_only=ON")
                readers.append((reader, SerialQueue()))
            }
        }
        self.readers = readers
        if let path { appender = try await SQLiteLogAppender.open(path: path) } else { appender = nil }
    }

    /// Applies the migrations not yet in `schema_migrations`, each in its own transaction.
    public func migrate() async throws {
        try await queue.run { [connection] in
            _ = try await connection.query(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)")
            let applied = Set(
                try await connection.query("SELECT version FROM schema_migrations").compactMap {
                    $0.column("version")?.integer
                })
            for migration in SQLiteMigrations.all where !applied.contains(Int(migration.version)) {
                try await Self.transaction(connection) {
                    for statement in migration.statements { _ = try await connection.query(statement) }
                    _ = try await connection.query(
                        "INSERT INTO schema_migrations (version, applied_at) VALUES (?, strftime('%s','now'))",
                        [.integer(migration.version)])
                }
            }
        }
    }

    /// The highest migration applied.
    public func schemaVersion() async throws -> Int {
        try await queue.run { [connection] in
            try await connection.query("SELECT MAX(version) AS v FROM schema_migrations").first?.column("v")?.integer
                ?? 0
        }
    }

    /// Stores a new race.
    public func createRace(_ race: StoredRace) async throws {
        try await write(
            "race \"\(race.id)\"", "INSERT INTO races (id, race_file, created_at, is_public) VALUES (?, ?, ?, ?)",
            [.text(race.id), .text(race.raceFile), .float(race.createdAt), .integer(race.isPublic ? 1 : 0)])
    }

    /// Replaces a race's file.
    public func updateRaceFile(raceID: String, raceFile: String) async throws {
        try await write(
            "race \"\(raceID)\"", "UPDATE races SET race_file = ? WHERE id = ?", [.text(raceFile), .text(raceID)])
    }

    /// Opens a race to anyone or to invitations only.
    public func setRacePublic(raceID: String, isPublic: Bool) async throws {
        try await write(
            "race \"\(raceID)\"", "UPDATE races SET is_public = ? WHERE id = ?",
            [.integer(isPublic ? 1 : 0), .text(raceID)])
    }

    /// The race with this id, if any.
    public nonisolated func race(id: String) async throws -> StoredRace? {
        try await read("SELECT id, race_file, created_at, is_public FROM races WHERE id = ?", [.text(id)]).first.map(
            Self.race)
    }

    /// Every race, by creation time.
    public nonisolated func races() async throws -> [StoredRace] {
        try await read("SELECT id, race_file, created_at, is_public FROM races ORDER BY created_at, id", []).map(
            Self.race)
    }

    /// Stores a participant; the joining order is kept.
    public func addParticipant(_ p: StoredParticipant) async throws {
        try await write(
            "participant \"\(p.id)\" in race \"\(p.raceID)\"",
            """
            INSERT INTO participants (race_id, id, display_name, joined_at, join_order)
            VALUES (?, ?, ?, ?, (SELECT COUNT(*) FROM participants WHERE race_id = ?))
            """,
            [.text(p.raceID), .text(p.id), .text(p.displayName), .float(p.joinedAt), .text(p.raceID)])
    }

    /// A race's participants in joining order.
    public nonisolated func participants(raceID: String) async throws -> [StoredParticipant] {
        try await read(Self.participantsSQL, [.text(raceID)]).map(Self.participant)
    }

    private static let participantsSQL =
        "SELECT race_id, id, display_name, joined_at FROM participants WHERE race_id = ? ORDER BY join_order"

    private static func participant(_ row: SQLiteRow) -> StoredParticipant {
        StoredParticipant(
            raceID: row.column("race_id")?.string ?? "", id: row.column("id")?.string ?? "",
            displayName: row.column("display_name")?.string ?? "", joinedAt: row.column("joined_at")?.double ?? 0)
    }

    /// Stores a credential's hash.
    public func addCredential(_ c: StoredCredential) async throws {
        try await write(
            "credential",
            "INSERT INTO credentials (hash, race_id, role, participant, expires_at) VALUES (?, ?, ?, ?, ?)",
            [
                .text(c.hash), .text(c.raceID), .text(c.role.rawValue), c.participant.map { .text($0) } ?? .null,
                c.expiresAt.map { .float($0) } ?? .null,
            ])
    }

    /// The credential with this hash, if any.
    public nonisolated func credential(hash: String) async throws -> StoredCredential? {
        try await read(
            "SELECT hash, race_id, role, participant, expires_at FROM credentials WHERE hash = ?", [.text(hash)]
        ).first.map(Self.credential)
    }

    /// A race's credentials of one role, soonest expiry first (an index range on race and role).
    public nonisolated func credentials(raceID: String, role: CredentialRole) async throws -> [StoredCredential] {
        try await read(
            """
            SELECT hash, race_id, role, participant, expires_at FROM credentials WHERE race_id = ? AND role = ?
            ORDER BY expires_at IS NULL, expires_at, hash
            """, [.text(raceID), .text(role.rawValue)]
        ).map(Self.credential)
    }

    /// Deletes a race's credential; whether there was one.
    public func deleteCredential(hash: String, raceID: String) async throws -> Bool {
        try await !statement(
            "DELETE FROM credentials WHERE hash = ? AND race_id = ? RETURNING hash", [.text(hash), .text(raceID)]
        ).isEmpty
    }

    /// Stores a join code's hash.
    public func addJoinCode(_ code: StoredJoinCode) async throws {
        try await write(
            "join code",
            "INSERT INTO join_codes (hash, race_id, maximum_uses, uses, expires_at) VALUES (?, ?, ?, ?, ?)",
            [
                .text(code.hash), .text(code.raceID), code.maximumUses.map { .integer($0) } ?? .null,
                .integer(code.uses),
                code.expiresAt.map { .float($0) } ?? .null,
            ])
    }

    /// Counts one use of a valid code, in one statement.
    public func redeemJoinCode(hash: String, now: Double) async throws -> StoredJoinCode? {
        // One statement: the check and the count cannot be separated by another join.
        try await statement(
            """
            UPDATE join_codes SET uses = uses + 1
            WHERE hash = ? AND (maximum_uses IS NULL OR uses < maximum_uses) AND (expires_at IS NULL OR expires_at > ?)
            RETURNING hash, race_id, maximum_uses, uses, expires_at
            """, [.text(hash), .float(now)]
        ).first.map { row in
            StoredJoinCode(
                hash: hash, raceID: row.column("race_id")?.string ?? "",
                maximumUses: row.column("maximum_uses")?.integer,
                uses: row.column("uses")?.integer ?? 0, expiresAt: row.column("expires_at")?.double)
        }
    }

    /// Appends entries in one transaction: in a database file through `SQLiteLogAppender`'s
    /// prepared statements, in memory through sqlite-nio's (`LogAppendPlan` cuts them up
    /// either way).
    public func append(_ entries: [LogEntry]) async throws {
        guard !entries.isEmpty else { return }
        try await queue.run { [connection, appender] in
            if let appender { return try await appender.append(entries) }
            try await Self.transaction(connection) { try await Self.insert(entries, on: connection) }
        }
    }

    /// Reads, numbers and inserts in one turn of the writing connection: every other write
    /// waits in the queue meanwhile.
    public func appendInTurn(
        raceID: String, after sequence: Int64,
        number: @escaping @Sendable ([LogEntry], [StoredParticipant]) async throws -> [LogEntry]
    ) async throws {
        try await queue.run { [connection] in
            try await Self.transaction(connection) {
                let missed = try await Self.entries(raceID: raceID, after: sequence, on: connection)
                let participants = try await connection.query(Self.participantsSQL, [.text(raceID)])
                    .map(Self.participant)
                let entries = try await number(missed, participants)
                if !entries.isEmpty { try await Self.insert(entries, on: connection) }
            }
        }
    }

    /// Inserts `entries` through sqlite-nio, stretch by stretch (``LogAppendPlan``), rows in
    /// statements of at most ``rowsPerInsert``; a taken sequence number becomes
    /// ``LiveStoreError/conflict(_:)``. Call inside a transaction.
    private static func insert(_ entries: [LogEntry], on connection: SQLiteConnection) async throws {
        for stretch in LogAppendPlan(entries).stretches {
            let overlap = try await connection.query(
                LogAppendPlan.overlapSQL,
                [.text(stretch.raceID), .integer(Int(stretch.firstSequence)), .integer(Int(stretch.lastSequence))])
            guard overlap.first?.columns.first?.data.integer == 0 else { throw LogAppendPlan.conflict(stretch) }
            try await insert(
                stretch.others, into: "log_entries", columns: LogEntryRow.insertColumns, on: connection,
                binds: LogEntryRow.binds)
            try await insert(
                stretch.runs, into: "log_fix_runs", columns: LogAppendPlan.runColumns, on: connection
            ) { run in
                [
                    .text(run.raceID), .integer(Int(run.firstSequence)), .integer(Int(run.lastSequence)),
                    .float(run.recordedAt), .text(run.participant), .blob(ByteBuffer(bytes: run.encodedFixes)),
                ]
            }
        }
    }

    /// Inserts `rows` into `table` in statements of at most ``rowsPerInsert`` rows.
    private static func insert<Row>(
        _ rows: [Row], into table: String, columns: String, on connection: SQLiteConnection,
        binds: (Row) -> [SQLiteData]
    ) async throws {
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + rowsPerInsert, rows.count)]
            let values = chunk.map(binds)
            let row = "(" + Array(repeating: "?", count: values[0].count).joined(separator: ",") + ")"
            let sql =
                "INSERT INTO \(table) (\(columns)) VALUES "
                + repeatElement(row, count: chunk.count).joined(separator: ",")
            do {
                _ = try await connection.query(sql, values.flatMap { $0 })
            } catch let error as SQLiteError where isUniqueViolation(error) {
                throw LiveStoreError.conflict("log entry (\(error.message))")
            }
            start += chunk.count
        }
    }

    /// A race's entries after `sequence`, in order: the entries and runs of one snapshot.
    public nonisolated func entries(raceID: String, after sequence: Int64) async throws -> [LogEntry] {
        try await reading { connection in
            try await Self.transaction(connection, begin: "BEGIN") {
                try await Self.entries(raceID: raceID, after: sequence, on: connection)
            }
        }
    }

    /// A race's entries after `sequence` on `connection`: the rows of `log_entries` and the
    /// fixes of `log_fix_runs`, merged by sequence number. Call inside a transaction, so the
    /// two reads see the same log.
    private static func entries(
        raceID: String, after sequence: Int64, on connection: SQLiteConnection
    ) async throws -> [LogEntry] {
        let binds: [SQLiteData] = [.text(raceID), .integer(Int(sequence))]
        let rows = try await connection.query(entriesSQL, binds).map { try LogEntryRow.entry($0) }
        var fixes: [LogEntry] = []
        for row in try await connection.query(runsSQL, binds) {
            fixes += try run(row, raceID: raceID).entries.drop { $0.sequence <= sequence }
        }
        guard !rows.isEmpty else { return fixes }
        guard !fixes.isEmpty else { return rows }
        var merged: [LogEntry] = []
        merged.reserveCapacity(rows.count + fixes.count)
        var (r, f) = (0, 0)
        while r < rows.count || f < fixes.count {
            if f == fixes.count || (r < rows.count && rows[r].sequence < fixes[f].sequence) {
                merged.append(rows[r])
                r += 1
            } else {
                merged.append(fixes[f])
                f += 1
            }
        }
        return merged
    }

    private static let entriesSQL = "SELECT * FROM log_entries WHERE race_id = ?1 AND seq > ?2 ORDER BY seq"

    /// The runs holding fixes after `?2`: the last run starting at or before it (it may reach
    /// past it) and every later one.
    private static let runsSQL = """
        SELECT first_seq, last_seq, recorded_at, participant, fixes FROM log_fix_runs
        WHERE race_id = ?1 AND first_seq >= IFNULL(
            (SELECT first_seq FROM log_fix_runs WHERE race_id = ?1 AND first_seq <= ?2
             ORDER BY first_seq DESC LIMIT 1), 0)
        ORDER BY first_seq
        """

    /// The run a `log_fix_runs` row holds.
    private static func run(_ row: SQLiteRow, raceID: String) throws -> LogFixRun {
        guard let first = row.column("first_seq")?.integer, let last = row.column("last_seq")?.integer,
            let recordedAt = row.column("recorded_at")?.double, let participant = row.column("participant")?.string,
            case .blob(let blob) = row.column("fixes")
        else {
            throw LiveStoreError.corrupt("log_fix_runs row of race \"\(raceID)\": \(row)")
        }
        return try blob.withUnsafeReadableBytes { bytes in
            try LogFixRun(
                raceID: raceID, firstSequence: Int64(first), lastSequence: Int64(last), recordedAt: recordedAt,
                participant: participant, encodedFixes: bytes)
        }
    }

    /// Closes the connections after every queued call.
    public func close() async throws {
        for reader in readers {
            try await reader.queue.run { [connection = reader.connection] in try await connection.close() }
        }
        try await queue.run { [connection, appender] in
            try await appender?.close()
            try await connection.close()
        }
    }

    // MARK: - Helpers

    /// Runs one statement on the writing connection, in turn with every other write.
    private func statement(_ sql: String, _ binds: [SQLiteData]) async throws -> [SQLiteRow] {
        try await queue.run { [connection] in try await connection.query(sql, binds) }
    }

    /// Runs one SELECT on a reading connection (in turn), or on the writer without readers.
    private nonisolated func read(_ sql: String, _ binds: [SQLiteData]) async throws -> [SQLiteRow] {
        try await reading { try await $0.query(sql, binds) }
    }

    /// Runs `body` with a reading connection (in its turn), or with the writer (in the writer's
    /// turn) without readers.
    private nonisolated func reading<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) async throws -> T
    ) async throws -> T {
        guard !readers.isEmpty else { return try await queue.run { [connection] in try await body(connection) } }
        let reader = readers[nextReader.add(1, ordering: .relaxed).oldValue % readers.count]
        return try await reader.queue.run { [connection = reader.connection] in try await body(connection) }
    }

    /// Runs one writing statement; a unique-key violation becomes ``LiveStoreError/conflict(_:)``.
    private func write(_ what: String, _ sql: String, _ binds: [SQLiteData]) async throws {
        try await queue.run { [connection] in
            do {
                _ = try await connection.query(sql, binds)
            } catch let error as SQLiteError where Self.isUniqueViolation(error) {
                throw LiveStoreError.conflict(what)
            }
        }
    }

    /// Runs `body` in a transaction on `connection`: a write takes the lock at once (`BEGIN
    /// IMMEDIATE`), a read (`BEGIN`) sees one snapshot throughout.
    private static func transaction<T>(
        _ connection: SQLiteConnection, begin: String = "BEGIN IMMEDIATE", _ body: () async throws -> T
    ) async throws -> T {
        _ = try await connection.query(begin)
        do {
            let result = try await body()
            _ = try await connection.query("COMMIT")
            return result
        } catch {
            _ = try? await connection.query("ROLLBACK")
            throw error
        }
    }

    private static func isUniqueViolation(_ error: SQLiteError) -> Bool {
        [.constraint, .constraintPrimaryKeyFailed, .constraintUniqueFailed].contains(error.reason)
    }

    private static func credential(_ row: SQLiteRow) throws -> StoredCredential {
        guard let role = row.column("role")?.string.flatMap(CredentialRole.init(rawValue:)) else {
            throw LiveStoreError.corrupt("credential role \(row.column("role") ?? .null)")
        }
        return StoredCredential(
            hash: row.column("hash")?.string ?? "", raceID: row.column("race_id")?.string ?? "", role: role,
            participant: row.column("participant")?.string, expiresAt: row.column("expires_at")?.double)
    }

    private static func race(_ row: SQLiteRow) -> StoredRace {
        StoredRace(
            id: row.column("id")?.string ?? "", raceFile: row.column("race_file")?.string ?? "",
            createdAt: row.column("created_at")?.double ?? 0, isPublic: (row.column("is_public")?.integer ?? 0) != 0)
    }
}
