import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
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

    /// A client that sends half a request and then nothing does not keep the server from
    /// stopping: after --shutdown-timeout its request is cancelled and the server exits by
    /// itself, well before `stop()`'s SIGKILL at 10 s.
    @Test(.timeLimit(.minutes(1))) func aHalfSentRequestDoesNotHoldTheShutdown() async throws {
        let folder = try TemporaryFolder()
        let server = try await LiveServerProcess(
            storage: ["--data-dir", folder.url.appendingPathComponent("data").path],
            options: ["--shutdown-timeout", "1"])
        let client = try HalfSentRequest(
            port: server.port, head: "POST /races HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n{")
        defer { client.close() }
        // The server has the request once it logs it.
        for _ in 0..<100 where !server.text.contains("hb.request.path=/races") {
            try await Task.sleep(for: .milliseconds(50))
        }
        let began = ContinuousClock.now
        server.stop()
        let took = (ContinuousClock.now - began) / .seconds(1)
        #expect(server.process.terminationReason == .exit, "the server had to be killed after \(took) s")
        #expect(took < 8, "took \(took) s to stop")
        #expect(server.text.contains("racekit serve stopped"))
    }
}

/// A loopback TCP connection that sends the start of a request and then stays silent.
private struct HalfSentRequest {
    let descriptor: Int32

    init(port: Int, head: String) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard descriptor >= 0, connected == 0 else {
            throw LiveServerProcess.ServerFailure(message: "cannot connect to port \(port)")
        }
        let bytes = Array(head.utf8)
        guard send(descriptor, bytes, bytes.count, 0) == bytes.count else {
            throw LiveServerProcess.ServerFailure(message: "cannot send to port \(port)")
        }
    }

    func close() { Glibc.close(descriptor) }
}
