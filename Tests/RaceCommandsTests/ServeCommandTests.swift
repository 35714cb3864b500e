import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `racekit serve` as a user runs it: it listens on the port it logs, answers /health, keeps
/// its database in --data-dir, and stops cleanly (exit 0) on SIGTERM.
@Suite struct ServeCommandTests {
    @Test(.timeLimit(.minutes(1))) func servesHealthAndStopsOnSIGTERM() async throws {
        let folder = try TemporaryFolder()
        let dataDir = folder.url.appendingPathComponent("data").path
        let server = try await LiveServerProcess(dataDir: dataDir)
        let (status, body) = try await server.request("GET", "/health")
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == "{\"status\":\"ok\"}\n")
        #expect(FileManager.default.fileExists(atPath: dataDir + "/racekit.sqlite"))

        server.stop()  // SIGTERM (SIGKILL only after 10 s, which the checks below would catch)
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        #expect(server.text.contains("racekit serve stopped"))
    }
}
