import NIOPosix
// The SQLite that sqlite-nio bundles, so that every connection to a store's file is made by the
// same library: two copies of SQLite in one process would each release the other's file locks.
import VaporCSQLite

/// Appends log entries through `INSERT`s of several rows, each prepared once, on a connection
/// of its own to the store's file: fixes as runs (``LogFixRun``), other entries as rows.
///
/// sqlite-nio prepares every statement anew and binds each value through an enum: for the log's
/// rows of 16 columns that was about 40 % of the server's instructions per stored fix (see
/// docs/live-server.md, "Speed"), and it offers no prepared statement to keep. This connection
/// is used only in the store's turn for writing, so it never writes beside the other one.
final class SQLiteLogAppender: @unchecked Sendable {
    // `@unchecked`: the handles are used by one call at a time (the store's serial queue), on
    // the thread pool, as sqlite-nio uses its own.
    private let database: OpaquePointer
    /// The prepared statements, each made at its first use (the tables exist once migrated).
    private var statements: [StatementKey: OpaquePointer] = [:]
    private let threadPool: NIOThreadPool
    private var isClosed = false

    /// Rows per `INSERT`, largest first: an append is cut into as many statements of the
    /// largest size as fit, the rest into the next sizes. A statement of many rows costs SQLite
    /// about half as many instructions per row as one row per statement (docs/live-server.md).
    private static let rowsPerStatement = [64, 8, 1]

    /// An `INSERT` of `rows` rows into `table`'s `columns` (`count` of them, the race id first):
    /// the race id is `?1`, which every row shares (a statement's rows are of one race).
    private static func insertSQL(table: String, columns: String, count: Int, rows: Int) -> String {
        let perRow = count - 1
        let values = (0..<rows).map { row in
            let first = 2 + row * perRow
            return "(?1, " + (first..<first + perRow).map { "?\($0)" }.joined(separator: ", ") + ")"
        }
        return "INSERT INTO \(table) (\(columns)) VALUES " + values.joined(separator: ", ")
    }

    /// Opens the database file at `path`, which the store's first connection has made a WAL
    /// database.
    static func open(path: String, threadPool: NIOThreadPool = .singleton) async throws -> SQLiteLogAppender {
        try await threadPool.runIfActive { try SQLiteLogAppender(path: path, threadPool: threadPool) }
    }

    private init(path: String, threadPool: NIOThreadPool) throws {
        var handle: OpaquePointer?
        let status = sqlite_nio_sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite_nio_sqlite3_close(handle)
            throw SQLiteAppendError(status: status, message: "cannot open \(path): \(message)")
        }
        do {
            // The other connection's settings: a commit is on disk before it returns.
            for pragma in ["PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON"] { try Self.execute(pragma, on: handle) }
            sqlite_nio_sqlite3_busy_timeout(handle, 10_000)
        } catch {
            sqlite_nio_sqlite3_close(handle)
            throw error
        }
        database = handle
        self.threadPool = threadPool
    }

    /// Inserts `entries` in one transaction; a taken sequence number becomes
    /// ``LiveStoreError/conflict(_:)`` and nothing is stored.
    func append(_ entries: [LogEntry]) async throws {
        try await threadPool.runIfActive { try self.insertAll(entries) }
    }

    /// Finalizes the statements and closes the connection (once).
    func close() async throws {
        try await threadPool.runIfActive {
            guard !self.isClosed else { return }
            self.isClosed = true
            for statement in self.statements.values { sqlite_nio_sqlite3_finalize(statement) }
            sqlite_nio_sqlite3_close_v2(self.database)
        }
    }

    private func insertAll(_ entries: [LogEntry]) throws {
        guard !isClosed else { throw SQLiteAppendError(status: SQLITE_MISUSE, message: "the store is closed") }
        try Self.execute("BEGIN IMMEDIATE", on: database)
        do {
            for stretch in LogAppendPlan(entries).stretches {
                guard try !overlaps(stretch) else { throw LogAppendPlan.conflict(stretch) }
                try insert(
                    stretch.others, raceID: stretch.raceID, table: "log_entries",
                    columns: LogEntryRow.insertColumns, count: LogEntryRow.columnCount, bind: bind(_:from:_:))
                try insert(
                    stretch.runs, raceID: stretch.raceID, table: "log_fix_runs",
                    columns: LogAppendPlan.runColumns, count: LogAppendPlan.runColumnCount, bind: bind(_:from:_:))
            }
            try Self.execute("COMMIT", on: database)
        } catch {
            sqlite_nio_sqlite3_exec(database, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    /// Which statement: the overlap check, or an `INSERT` of some rows into a table.
    private enum StatementKey: Hashable {
        case overlap
        case insert(table: String, rows: Int)
    }

    /// The statement `key` names, prepared from `sql` at its first use.
    private func prepared(_ key: StatementKey, _ sql: @autoclosure () -> String) throws -> OpaquePointer {
        if let statement = statements[key] { return statement }
        var statement: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v2(database, sql(), -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        statements[key] = statement
        return statement
    }

    /// Whether a stored entry or run has a sequence number in `stretch`'s range.
    private func overlaps(_ stretch: LogAppendPlan.Stretch) throws -> Bool {
        let statement = try prepared(.overlap, LogAppendPlan.overlapSQL)
        defer { sqlite_nio_sqlite3_reset(statement) }
        bind(stretch.raceID, 1, statement)
        sqlite_nio_sqlite3_bind_int64(statement, 2, stretch.firstSequence)
        sqlite_nio_sqlite3_bind_int64(statement, 3, stretch.lastSequence)
        guard sqlite_nio_sqlite3_step(statement) == SQLITE_ROW else {
            throw error(sqlite_nio_sqlite3_errcode(database))
        }
        return sqlite_nio_sqlite3_column_int64(statement, 0) != 0
    }

    /// Inserts `rows` of one race into `table` with statements of as many rows as fit
    /// (``rowsPerStatement``); `bind` binds a row's columns after the race id from a parameter on.
    private func insert<Row>(
        _ rows: [Row], raceID: String, table: String, columns: String, count: Int,
        bind: (Row, Int32, OpaquePointer) -> Void
    ) throws {
        var start = rows.startIndex
        while start < rows.endIndex {
            let size = Self.rowsPerStatement.first { $0 <= rows.endIndex - start } ?? 1
            let statement = try prepared(
                .insert(table: table, rows: size),
                Self.insertSQL(table: table, columns: columns, count: count, rows: size))
            defer { sqlite_nio_sqlite3_reset(statement) }
            self.bind(raceID, 1, statement)
            for (offset, row) in rows[start..<start + size].enumerated() {
                bind(row, Int32(2 + offset * (count - 1)), statement)
            }
            let status = sqlite_nio_sqlite3_step(statement)
            guard status == SQLITE_DONE else {
                let extended = sqlite_nio_sqlite3_extended_errcode(database)
                if extended == Self.primaryKeyViolation || extended == Self.uniqueViolation {
                    throw LiveStoreError.conflict("log entry of race \"\(raceID)\" (\(message))")
                }
                throw error(status)
            }
            start += size
        }
    }

    /// Binds a run's columns after the race id from parameter `first` on, in the order of
    /// ``LogAppendPlan/runColumns``.
    private func bind(_ run: LogFixRun, from first: Int32, _ statement: OpaquePointer) {
        sqlite_nio_sqlite3_bind_int64(statement, first, run.firstSequence)
        sqlite_nio_sqlite3_bind_int64(statement, first + 1, run.lastSequence)
        sqlite_nio_sqlite3_bind_double(statement, first + 2, run.recordedAt)
        bind(run.participant, first + 3, statement)
        run.encodedFixes.withUnsafeBytes { bytes in
            _ = sqlite_nio_sqlite3_bind_blob(
                statement, first + 4, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
    }

    /// Binds the columns of `entry` after the race id to the parameters from `first` on, in
    /// the order of `LogEntryRow.insertColumns`; every parameter is bound, as a statement keeps
    /// its values.
    private func bind(_ entry: LogEntry, from first: Int32, _ statement: OpaquePointer) {
        let columns = LogEntryColumns(entry.payload)
        sqlite_nio_sqlite3_bind_int64(statement, first, entry.sequence)
        sqlite_nio_sqlite3_bind_double(statement, first + 1, entry.recordedAt)
        bind(columns.kind, first + 2, statement)
        bind(columns.participant, first + 3, statement)
        sqlite_nio_sqlite3_bind_double(statement, first + 4, columns.time)
        bind(columns.latitude, first + 5, statement)
        bind(columns.longitude, first + 6, statement)
        bind(columns.accuracy, first + 7, statement)
        bind(columns.altitude, first + 8, statement)
        bind(columns.speed, first + 9, statement)
        bind(columns.bearing, first + 10, statement)
        bind(columns.battery, first + 11, statement)
        bind(columns.stop, first + 12, statement)
        bind(columns.text, first + 13, statement)
        if let round = columns.round {
            sqlite_nio_sqlite3_bind_int64(statement, first + 14, Int64(round))
        } else {
            sqlite_nio_sqlite3_bind_null(statement, first + 14)
        }
    }

    /// Binds a number, or NULL for `nil`.
    private func bind(_ value: Double?, _ index: Int32, _ statement: OpaquePointer) {
        if let value {
            sqlite_nio_sqlite3_bind_double(statement, index, value)
        } else {
            sqlite_nio_sqlite3_bind_null(statement, index)
        }
    }

    /// Binds a text, or NULL for `nil`.
    private func bind(_ text: String?, _ index: Int32, _ statement: OpaquePointer) {
        guard var text else { sqlite_nio_sqlite3_bind_null(statement, index); return }
        text.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) {
                sqlite_nio_sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), Self.transient)
            }
        }
    }

    private var message: String { String(cString: sqlite_nio_sqlite3_errmsg(database)) }

    private func error(_ status: Int32) -> SQLiteAppendError { SQLiteAppendError(status: status, message: message) }

    private static func execute(_ sql: String, on database: OpaquePointer) throws {
        let status = sqlite_nio_sqlite3_exec(database, sql, nil, nil, nil)
        guard status == SQLITE_OK else {
            throw SQLiteAppendError(status: status, message: String(cString: sqlite_nio_sqlite3_errmsg(database)))
        }
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY` and `SQLITE_CONSTRAINT_UNIQUE` (extended codes are macros
    /// Swift does not import).
    private static let primaryKeyViolation = SQLITE_CONSTRAINT | (6 << 8)
    private static let uniqueViolation = SQLITE_CONSTRAINT | (8 << 8)
}

/// An SQLite call of ``SQLiteLogAppender`` that failed: SQLite's result code and message.
struct SQLiteAppendError: Error, CustomStringConvertible {
    /// SQLite's result code.
    var status: Int32
    /// SQLite's message.
    var message: String

    var description: String { "SQLite error \(status): \(message)" }
}
