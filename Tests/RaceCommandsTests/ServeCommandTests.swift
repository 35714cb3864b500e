import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `racekit serve` as a user runs it: it listens on the port it logs, answers /health, keeps
/// its database in --data-dir, and stops cleanly (exit 0) on SIGTERM.
@Suite struct ServeCommandTests {
    /// Standard error of the server, collected as it comes.
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.withLock { data.append(more) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }

    @Test(.timeLimit(.minutes(1))) func servesHealthAndStopsOnSIGTERM() async throws {
        let folder = try TemporaryFolder()
        let dataDir = folder.url.appendingPathComponent("data").path
        let process = Process()
        process.executableURL = RaceKitBinary.url
        process.arguments = ["serve", "--data-dir", dataDir, "--host", "127.0.0.1", "--port", "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let output = Output()
        errors.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The port it bound, from its log line `… port=N … racekit serve listening`.
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
        let (body, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(bound)/health")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == "{\"status\":\"ok\"}\n")
        #expect(FileManager.default.fileExists(atPath: dataDir + "/racekit.sqlite"))

        process.terminate()  // SIGTERM
        for _ in 0..<200 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
        #expect(process.terminationReason == .exit)
        #expect(output.text.contains("racekit serve stopped"))
    }
}
