import Foundation
import Logging
import PostgresNIO
import RaceLive
import RaceLivePostgres
import Testing

/// The stores the live suites run against: parameterised tests take each kind as an argument.
public enum TestStoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `SQLiteLiveStore` in memory (or in a file the test names).
    case sqlite
    /// `SQLiteLiveStore` in a file of a temporary folder, as `racekit serve` keeps one: with
    /// connections of its own for reading and for appending to the log.
    case sqliteFile
    /// `PostgresLiveStore` on a new database of the test cluster.
    case postgres

    /// The kind's name in test names.
    public var description: String { rawValue }
}

/// A migrated, empty store for one test; ``dispose()`` closes it and removes what it made.
public struct TestStore: Sendable {
    /// The store.
    public let store: any LiveStore
    /// The PostgreSQL URL of the test's own database (`nil` for SQLite), to open it again.
    public let postgresURL: String?
    private let cleanup: @Sendable () async throws -> Void

    /// A store with what `dispose()` is to do.
    public init(
        store: any LiveStore, postgresURL: String? = nil, cleanup: @escaping @Sendable () async throws -> Void
    ) {
        self.store = store
        self.postgresURL = postgresURL
        self.cleanup = cleanup
    }

    /// Closes the store and drops the test's database.
    public func dispose() async throws { try await cleanup() }
}

/// Makes test stores. PostgreSQL comes from `RACEKIT_TEST_POSTGRES_URL` (set by
/// `scripts/postgres-test-cluster.sh run`, which `make test` uses): each test gets its own
/// database on that server. Without the variable the PostgreSQL cases are skipped with a
/// message, unless `RACEKIT_REQUIRE_POSTGRES=1` (as in `make test` and CI), where they fail.
public enum TestStores {
    /// The environment variable with the test cluster's URL.
    public static let urlVariable = "RACEKIT_TEST_POSTGRES_URL"
    /// The test cluster's URL, if set.
    public static let postgresURL: String? = ProcessInfo.processInfo.environment[urlVariable].flatMap {
        $0.isEmpty ? nil : $0
    }
    /// Whether a missing URL fails the PostgreSQL cases instead of skipping them.
    public static let postgresRequired = ProcessInfo.processInfo.environment["RACEKIT_REQUIRE_POSTGRES"] == "1"

    /// A fresh, migrated store of `kind`. For PostgreSQL without a URL: skips the test case
    /// (`Test.cancel`), or fails it when PostgreSQL is required.
    public static func make(_ kind: TestStoreKind) async throws -> TestStore {
        switch kind {
        case .sqlite:
            let store = try await SQLiteLiveStore(path: nil)
            try await store.migrate()
            return TestStore(store: store) { try await store.close() }
        case .sqliteFile:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("racekit-store-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let store = try await SQLiteLiveStore(path: folder.appendingPathComponent("race.sqlite").path)
            try await store.migrate()
            return TestStore(store: store) {
                try await store.close()
                try FileManager.default.removeItem(at: folder)
            }
        case .postgres:
            let url = try postgresURLOrSkip()
            let database = try await createDatabase(serverURL: url)
            let store = try PostgresLiveStore(url: database.url, maximumConnections: 4)
            do {
                try await store.migrate()
            } catch {
                try? await store.close()
                throw error
            }
            return TestStore(store: store, postgresURL: database.url) {
                try await store.close()
                try await dropDatabase(database.name, serverURL: url)
            }
        }
    }

    /// The test cluster's URL; skips or fails the current test when there is none.
    public static func postgresURLOrSkip() throws -> String {
        if let postgresURL { return postgresURL }
        if postgresRequired {
            throw TestStoreError(
                "RACEKIT_REQUIRE_POSTGRES=1 but \(urlVariable) is not set: start the cluster with "
                    + "scripts/postgres-test-cluster.sh run swift test --disable-xctest")
        }
        _ = announceSkip
        try Test.cancel(Comment(rawValue: skipMessage))
    }

    /// Says once on standard error that the PostgreSQL cases are skipped: Swift Testing's
    /// console output does not list a cancelled case of a parameterised test.
    private static let announceSkip: Void = {
        FileHandle.standardError.write(Data("LiveStoreTestSupport: every PostgreSQL case is \(skipMessage)\n".utf8))
    }()

    /// Why a PostgreSQL case is skipped.
    public static var skipMessage: String {
        "skipped: \(urlVariable) is not set (no PostgreSQL given; `make test` starts one with "
            + "scripts/postgres-test-cluster.sh)"
    }

    /// Creates a database with a fresh name on the server of `serverURL`; its URL and name.
    public static func createDatabase(serverURL: String) async throws -> (url: String, name: String) {
        let name = "racekit_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await withClient(serverURL) { client in
            _ = try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        }
        return (replacingDatabase(in: serverURL, with: name), name)
    }

    /// Drops a database made by ``createDatabase(serverURL:)`` (closing its connections).
    public static func dropDatabase(_ name: String, serverURL: String) async throws {
        try await withClient(serverURL) { client in
            _ = try await client.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"))
        }
    }

    /// Runs `body` with a postgres-nio client (one connection) on the database of `url`.
    public static func withClient<T: Sendable>(
        _ url: String, _ body: (PostgresClient) async throws -> T
    ) async throws -> T {
        var configuration = try PostgresURL(url).configuration
        configuration.options.maximumConnections = 1
        let client = PostgresClient(configuration: configuration)
        let runner = Task { await client.run() }
        defer { runner.cancel() }
        return try await body(client)
    }

    /// `url` with its path (the database) replaced by `database`.
    static func replacingDatabase(in url: String, with database: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.path = "/" + database
        return components.string ?? url
    }
}

/// A test store that cannot be made, and why.
public struct TestStoreError: Error, CustomStringConvertible {
    /// Why.
    public let description: String
    init(_ description: String) { self.description = description }
}
