import Foundation
import LiveStoreTestSupport
import RaceLive
import RaceLivePostgres
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `racekit serve --database postgres://…`: a bad URL and an unreachable server are refused
/// with a clear message; on a reachable database the server creates its tables, keeps what it
/// is sent there, and stops cleanly.
@Suite struct ServeDatabaseTests {
    static let raceFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Routes/zurich-old-town/race.json")

    @Test func aURLThatIsNotPostgresIsRefused() throws {
        let result = try RaceKitBinary.run(["serve", "--database", "mysql://racekit@127.0.0.1/racekit"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--database: \"mysql://racekit@127.0.0.1/racekit\" must start with postgres://"))
    }

    @Test(.hangGuard) func anUnreachableDatabaseFailsClearly() throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused.
        let result = try RaceKitBinary.run([
            "serve", "--database", "postgres://racekit:pw@127.0.0.1:1/racekit?sslmode=disable", "--port", "0",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("racekit: serve: "), "\(result.stderr)")
        #expect(result.stderr.contains("postgres://racekit:***@127.0.0.1:1/racekit"), "\(result.stderr)")
        #expect(!result.stderr.contains(":pw@"))
    }

    @Test(.hangGuard) func servesFromPostgresAndStopsOnSIGTERM() async throws {
        let cluster = try TestStores.postgresURLOrSkip()
        let database = try await TestStores.createDatabase(serverURL: cluster)
        let server = try await LiveServerProcess(storage: ["--database", database.url])
        #expect(server.text.contains("database=\(database.url)"))
        let (status, _) = try await server.request("POST", "/races", body: try Data(contentsOf: Self.raceFile))
        #expect(status == 201)

        server.stop()  // SIGTERM
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        #expect(server.text.contains("racekit serve stopped"))

        // The race is in the database, read back through the store on its own.
        let store = try PostgresLiveStore(url: database.url, maximumConnections: 1)
        #expect(try await store.schemaVersion() >= 1)
        #expect(try await store.races().count == 1)
        try await store.close()
        try await TestStores.dropDatabase(database.name, serverURL: cluster)
    }
}
