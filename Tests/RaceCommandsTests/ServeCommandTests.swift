import Foundation
import LiveStoreTestSupport
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
    @Test(.hangGuard) func servesHealthAndStopsOnSIGTERM() async throws {
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
    @Test(.hangGuard) func aHalfSentRequestDoesNotHoldTheShutdown() async throws {
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

extension ServeCommandTests {
    /// `--log-level notice` leaves out the line per request (a busy server writes thousands a
    /// second) and keeps the start and stop; an unknown level is refused.
    @Test(.hangGuard) func theLogLevelLeavesOutRequestLines() async throws {
        let folder = try TemporaryFolder()
        let dataDir = folder.url.appendingPathComponent("data").path
        let quiet = try await LiveServerProcess(storage: ["--data-dir", dataDir], options: ["--log-level", "notice"])
        #expect(try await quiet.request("GET", "/health").0 == 200)
        quiet.stop()
        #expect(quiet.text.contains("racekit serve stopped"))
        #expect(!quiet.text.contains("hb.request.path=/health"), "\(quiet.text)")
        // The default writes a line per request.
        let chatty = try await LiveServerProcess(dataDir: dataDir)
        #expect(try await chatty.request("GET", "/health").0 == 200)
        chatty.stop()
        #expect(chatty.text.contains("hb.request.path=/health"), "\(chatty.text)")

        let refused = try RaceKitBinary.run(["serve", "--log-level", "loud"])
        #expect(refused.status == 64)
        #expect(
            refused.stderr.contains("--log-level must be one of: trace, debug, info, notice, warning, error, critical"))
    }

    /// A connection that sends half a request and then nothing is closed after --idle-timeout,
    /// so such clients cannot pile up connections; an event stream that is silent on the
    /// client's side (it only reads) stays open.
    @Test(.hangGuard) func aSilentConnectionIsClosedButAnEventStreamIsNot() async throws {
        let folder = try TemporaryFolder()
        let server = try await LiveServerProcess(
            storage: ["--data-dir", folder.url.appendingPathComponent("data").path], options: ["--idle-timeout", "1"])
        defer { server.stop() }
        let (race, token) = try await server.createRace(ServeDatabaseTests.raceFile.path)
        let stream = try HalfSentRequest(
            port: server.port,
            head: "GET /races/\(race)/events HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(token)\r\n\r\n")
        defer { stream.close() }
        let silent = try HalfSentRequest(
            port: server.port, head: "POST /races HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n{")
        defer { silent.close() }
        let began = ContinuousClock.now
        #expect(silent.waitForClose(seconds: 10), "the silent connection is still open")
        let took = (ContinuousClock.now - began) / .seconds(1)
        #expect(took >= 0.5 && took < 8, "closed after \(took) s")
        #expect(!stream.waitForClose(seconds: 1), "the event stream was closed")
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

    /// Reads (and drops) what the server sends until it closes the connection or `seconds`
    /// pass; whether it closed.
    func waitForClose(seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            if recv(descriptor, &buffer, buffer.count, 0) <= 0 { return true }
        }
        return false
    }

    func close() { Glibc.close(descriptor) }
}
