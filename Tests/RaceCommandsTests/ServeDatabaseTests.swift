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

    @Test(.timeLimit(.minutes(1))) func anUnreachableDatabaseFailsClearly() throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused.
        let result = try RaceKitBinary.run([
            "serve", "--database", "postgres://racekit:pw@127.0.0.1:1/racekit?sslmode=disable", "--port", "0",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("racekit: serve: "), "\(result.stderr)")
        #expect(result.stderr.contains("postgres://racekit:***@127.0.0.1:1/racekit"), "\(result.stderr)")
        #expect(!result.stderr.contains(":pw@"))
    }

    @Test(.timeLimit(.minutes(1))) func servesFromPostgresAndStopsOnSIGTERM() async throws {
        let server = try TestStores.postgresURLOrSkip()
        let database = try await TestStores.createDatabase(serverURL: server)
        let process = Process()
        process.executableURL = RaceKitBinary.url
        process.arguments = ["serve", "--database", database.url, "--host", "127.0.0.1", "--port", "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let output = ServeCommandTests.Output()
        errors.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        var port: Int?
        for _ in 0..<300 where port == nil {
            if let line = output.text.split(separator: "\n").first(where: { $0.contains("racekit serve listening") }),
                let field = line.split(separator: " ").first(where: { $0.hasPrefix("port=") })
            {
                port = Int(field.dropFirst(5))
            } else {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        let bound = try #require(port, "no listening line in: \(output.text)")
        #expect(output.text.contains("database=\(database.url)"))
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(bound)/races")!)
        request.httpMethod = "POST"
        request.httpBody = try Data(contentsOf: Self.raceFile)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)

        process.terminate()  // SIGTERM
        for _ in 0..<200 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
        #expect(output.text.contains("racekit serve stopped"))

        // The race is in the database, read back through the store on its own.
        let store = try PostgresLiveStore(url: database.url, maximumConnections: 1)
        #expect(try await store.schemaVersion() >= 1)
        #expect(try await store.races().count == 1)
        try await store.close()
        try await TestStores.dropDatabase(database.name, serverURL: server)
    }
}
