import NIOPosix
// The SQLite that sqlite-nio bundles, so that every connection to a store's file is made by the
// same library: two copies of SQLite in one process would each release the other's file locks.
import VaporCSQLite

/// Appends log entries through `INSERT`s of several rows, each prepared once, on a connection
/// of its own to the store's file.
///
/// sqlite-nio prepares every statement anew and binds each value through an enum: for the log's
/// rows of 16 columns that was about 40 % of the server's instructions per stored fix (see
/// docs/live-server.md, "Speed"), and it offers no prepared statement to keep. This connection
/// is used only in the store's turn for writing, so it never writes beside the other one.
final class SQLiteLogAppender: @unchecked Sendable {
    // `@unchecked`: the handles are used by one call at a time (the store's serial queue), on
    // the thread pool, as sqlite-nio uses its own.
    private let database: OpaquePointer
    /// The prepared `INSERT`s by their number of rows, each made at its first use (the table
    /// exists once migrated).
    private var inserts: [Int: OpaquePointer] = [:]
    private let threadPool: NIOThreadPool
    private var isClosed = false

    /// Rows per `INSERT`, largest first: an append is cut into as many statements of the
    /// largest size as fit, the rest into the next sizes. A statement of many rows costs SQLite
    /// about half as many instructions per row as one row per statement (docs/live-server.md).
    private static let rowsPerStatement = [64, 8, 1]

    /// The parameters of one row after the race id, which every row shares (`?1`, bound once
    /// per statement).
    private static let rowParameters = LogEntryRow.columnCount - 1

    private static func insertSQL(rows: Int) -> String {
        let values = (0..<rows).map { row in
            let first = 2 + row * rowParameters
            return "(?1, " + (first..<first + rowParameters).map { "?\($0)" }.joined(separator: ", ") + ")"
        }
        return "INSERT INTO log_entries (\(LogEntryRow.insertColumns)) VALUES " + values.joined(separator: ", ")
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
            for statement in self.inserts.values { sqlite_nio_sqlite3_finalize(statement) }
            sqlite_nio_sqlite3_close_v2(self.database)
        }
    }

    private func insertAll(_ entries: [LogEntry]) throws {
        guard !isClosed else { throw SQLiteAppendError(status: SQLITE_MISUSE, message: "the store is closed") }
        try Self.execute("BEGIN IMMEDIATE", on: database)
        do {
            var start = 0
            while start < entries.count {
                // A statement's rows are of one race.
                var end = start + 1
                while end < entries.count && entries[end].raceID == entries[start].raceID { end += 1 }
                while start < end {
                    let rows = Self.rowsPerStatement.first { $0 <= end - start } ?? 1
                    try insert(entries[start..<start + rows], with: try prepared(rows: rows))
                    start += rows
                }
            }
            try Self.execute("COMMIT", on: database)
        } catch {
            sqlite_nio_sqlite3_exec(database, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    private func prepared(rows: Int) throws -> OpaquePointer {
        if let insert = inserts[rows] { return insert }
        var statement: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v2(database, Self.insertSQL(rows: rows), -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        inserts[rows] = statement
        return statement
    }

    /// Inserts `entries`, all of one race, with a statement of as many rows.
    private func insert(_ entries: ArraySlice<LogEntry>, with statement: OpaquePointer) throws {
        defer { sqlite_nio_sqlite3_reset(statement) }
        bind(entries.first!.raceID, 1, statement)
        for (row, entry) in entries.enumerated() {
            bind(entry, from: Int32(2 + row * Self.rowParameters), statement)
        }
        let status = sqlite_nio_sqlite3_step(statement)
        guard status == SQLITE_DONE else {
            let extended = sqlite_nio_sqlite3_extended_errcode(database)
            if extended == Self.primaryKeyViolation || extended == Self.uniqueViolation {
                throw LiveStoreError.conflict("log entry of race \"\(entries.first!.raceID)\" (\(message))")
            }
            throw error(status)
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
