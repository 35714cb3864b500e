import Foundation
import LiveStoreTestSupport
import Logging
import PostgresNIO
import RaceLive
import RaceTestSupport
import Testing

@testable import RaceLivePostgres

/// What only the PostgreSQL store has: its URL, and a race's log read through the primary
/// key's index (the shared behaviour is in ``LiveStoreContractTests``).
@Suite struct PostgresLiveStoreTests {
    @Test func urlsAreReadAsLibpqReadsThem() throws {
        let full = try PostgresURL("postgres://anna:s%40cret@db.example:6543/races?sslmode=disable")
        #expect(full.configuration.host == "db.example")
        #expect(full.configuration.port == 6543)
        #expect(full.configuration.username == "anna")
        #expect(full.configuration.password == "s@cret")
        #expect(full.configuration.database == "races")
        #expect(full.redacted == "postgres://anna:***@db.example:6543/races?sslmode=disable")
        let short = try PostgresURL("postgresql://racekit@127.0.0.1/racekit")
        #expect(short.configuration.port == 5432)
        #expect(short.configuration.password == nil)
        #expect(short.redacted == "postgresql://racekit@127.0.0.1/racekit")
        let socket = try PostgresURL("postgres://racekit@/racekit?host=/tmp/pg")
        #expect(socket.configuration.unixSocketPath == "/tmp/pg/.s.PGSQL.5432")
        for (bad, reason) in [
            ("mysql://a@b/c", "must start with postgres://"),
            ("postgres://b:5432/c", "names no user"),
            ("postgres://a@/c", "names no host"),
            ("postgres://a@b/c?sslmode=maybe", "sslmode \"maybe\""),
            ("postgres://a@b/c/d", "contains a /"),
        ] {
            #expect(throws: PostgresURLError.self) { try PostgresURL(bad) }
            do { _ = try PostgresURL(bad) } catch { #expect("\(error)".contains(reason), "\(bad): \(error)") }
        }
    }

    /// With many races stored and statistics gathered, the planner reads one race's log through
    /// the primary key's index (no sequential scan of the table).
    @Test func aRaceLogIsReadThroughTheIndex() async throws {
        let made = try await TestStores.make(.postgres)
        let store = made.store
        for race in 0..<20 {
            try await store.createRace(StoredRace(id: "r\(race)", raceFile: "{}", createdAt: 0))
            try await store.append(
                (1...500).map { n in
                    LogEntry(
                        raceID: "r\(race)", sequence: Int64(n), recordedAt: 0,
                        payload: .fix(LiveFix(participant: "p", time: Double(n), latitude: 1, longitude: 2)))
                })
        }
        let url = try #require(made.postgresURL)
        let plan = try await TestStores.withClient(url) { client in
            try await client.query("ANALYZE log_entries")
            var text = ""
            let query = PostgresLiveStore.entriesQuery(raceID: "r7", after: 0)
            for try await line in try await client.query(
                PostgresQuery(unsafeSQL: "EXPLAIN " + query.sql, binds: query.binds)
            ).decode(String.self) {
                text += line + "\n"
            }
            return text
        }
        // An index scan, or a bitmap scan of the index then a sort of the race's rows: both visit
        // only the rows of race r7.
        #expect(
            plan.contains("Index Scan using log_entries_pkey on log_entries")
                || plan.contains("Bitmap Index Scan on log_entries_pkey"), "\(plan)")
        #expect(!plan.contains("Seq Scan"), "\(plan)")
        #expect(try await store.entries(raceID: "r7", after: 490).map(\.sequence) == Array(491...500))
        try await made.dispose()
    }

    /// A statement written to a connection that closed a moment before is answered with an
    /// error once the connection has been closed for the grace: postgres-nio alone never
    /// answers it (without the watch this test fails at its 10 s bound).
    @Test(.hangGuard) func aStatementWrittenAsTheConnectionClosesFailsInsteadOfWaiting() async throws {
        let url = try TestStores.postgresURLOrSkip()
        let logger = Logger(label: "test")
        let connection = try await PostgresConnection.connect(
            configuration: try PostgresURL(url).connectionConfiguration(), id: 1, logger: logger)
        let closing = Task {
            try await Task.sleep(for: .milliseconds(100))
            try await connection.close()
        }
        let outcome = await TimeBound.outcome(within: .seconds(10)) {
            try await connection.answering(within: .milliseconds(200)) {
                try await Task.sleep(for: .milliseconds(400))
                _ = try await connection.query("SELECT 1", logger: logger)
            }
        }
        try await closing.value
        let error = try #require(outcome, "no answer within 10 s")
        #expect(error is PostgresStoreError, "\(String(describing: error))")
    }

    /// A connection already closed fails at once, without writing the statement (which would
    /// leave a task waiting for good): well before a grace of 30 s.
    @Test(.hangGuard) func aStatementOnAClosedConnectionFailsAtOnce() async throws {
        let url = try TestStores.postgresURLOrSkip()
        let logger = Logger(label: "test")
        let connection = try await PostgresConnection.connect(
            configuration: try PostgresURL(url).connectionConfiguration(), id: 1, logger: logger)
        try await connection.close()
        let outcome = await TimeBound.outcome(within: .seconds(10)) {
            try await connection.answering(within: .seconds(30)) {
                _ = try await connection.query("SELECT 1", logger: logger)
            }
        }
        let error = try #require(outcome, "no answer within 10 s")
        #expect(error is PostgresStoreError, "\(String(describing: error))")
    }

    /// What `body` answers comes back as it is, value or error, on an open connection.
    @Test func answeringPassesTheAnswerOn() async throws {
        let url = try TestStores.postgresURLOrSkip()
        let logger = Logger(label: "test")
        let connection = try await PostgresConnection.connect(
            configuration: try PostgresURL(url).connectionConfiguration(), id: 1, logger: logger)
        let one = try await connection.answering {
            var values: [Int] = []
            for try await value in try await connection.query("SELECT 1", logger: logger).decode(Int.self) {
                values.append(value)
            }
            return values
        }
        #expect(one == [1])
        await #expect(throws: PSQLError.self) {
            try await connection.answering {
                _ = try await connection.query("SELECT * FROM no_such_table", logger: logger)
            }
        }
        try await connection.close()
    }
}
