import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The real `racekit serve` binary on a loopback port, for command-level tests of the live
/// server (`serve` itself, `racekit stream`, the kill -9 fault test). Always stopped:
/// `stop()`/`kill()` by the test, and `deinit` as the last resort.
final class LiveServerProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var log = Data()
    /// The port it bound.
    private(set) var port = 0

    /// Starts a server on `dataDir` (port 0: any free port) and waits for its listening line.
    convenience init(dataDir: String, port: Int = 0) async throws {
        try await self.init(storage: ["--data-dir", dataDir], port: port)
    }

    /// Starts a server with these storage options (`--data-dir DIR` or `--database URL`) and
    /// further `options`, and waits for its listening line, which names the port it bound.
    init(storage: [String], port: Int = 0, options: [String] = []) async throws {
        process.executableURL = RaceKitBinary.url
        process.arguments = ["serve"] + storage + ["--host", "127.0.0.1", "--port", String(port)] + options
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let more = handle.availableData
            self?.lock.withLock { self?.log.append(more) }
        }
        try process.run()
        for _ in 0..<600 {
            if let line = text.split(separator: "\n").first(where: { $0.contains("racekit serve listening") }),
                let field = line.split(separator: " ").first(where: { $0.hasPrefix("port=") }),
                let bound = Int(field.dropFirst(5))
            {
                self.port = bound
                return
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        stop()
        throw ServerFailure(message: "racekit serve did not start: \(text)")
    }

    deinit { if process.isRunning { kill() } }

    struct ServerFailure: Error { let message: String }

    /// What it logged so far.
    var text: String { lock.withLock { String(decoding: log, as: UTF8.self) } }

    /// The last `count` lines of its log that are not about a request: what to print when a
    /// test that polls the server fails.
    func events(last count: Int = 40) -> String {
        text.split(separator: "\n").filter { !$0.hasSuffix("[Hummingbird] Request") }.suffix(count)
            .joined(separator: "\n")
    }

    /// `http://127.0.0.1:PORT`.
    var base: String { "http://127.0.0.1:\(port)" }

    /// SIGKILL, no chance to clean up; waits until it is gone.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM, then waits (SIGKILL after 10 s).
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<200 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill() }
        process.waitUntilExit()
    }

    /// One JSON request to the server: status and body.
    func request(_ method: String, _ path: String, body: Data? = nil, token: String? = nil) async throws -> (
        status: Int, body: Data
    ) {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.httpBody = body
        if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// Creates the race in `raceFile`: its id and organiser token.
    func createRace(_ raceFile: String) async throws -> (id: String, organiserToken: String) {
        let (status, body) = try await request(
            "POST", "/races", body: try Data(contentsOf: URL(fileURLWithPath: raceFile)))
        try #require(status == 201, "\(String(decoding: body, as: UTF8.self))")
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        return (try #require(json["raceID"] as? String), try #require(json["organiserToken"] as? String))
    }

    /// The organiser ends the race: from then on its report is what `racekit simulate` prints,
    /// which takes a log to be a race that is over.
    func end(race: String, token: String) async throws {
        let (status, body) = try await request("POST", "/races/\(race)/end", token: token)
        try #require(status == 200, "\(String(decoding: body, as: UTF8.self))")
    }

    /// The race's last stored sequence number, from its summary: cheap enough to poll, where the
    /// report derives the whole race each time (seconds on a loaded machine, long enough for a
    /// stream to end between two polls).
    func sequence(race: String, token: String) async throws -> Int {
        let (status, body) = try await request("GET", "/races/\(race)", token: token)
        try #require(status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        return try #require(json["sequence"] as? Int)
    }

    /// The standings document's `report` (what `racekit simulate --format json` prints), as JSON text.
    func report(race: String, token: String) async throws -> (sequence: Int, report: Any) {
        let (status, body) = try await request("GET", "/races/\(race)/standings", token: token)
        try #require(status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        return (try #require(json["sequence"] as? Int), try #require(json["report"]))
    }

    /// ``report(race:token:)`` once its sequence is `sequence`, asked every 100 ms up to 100
    /// times (an instance that reads another's appends catches up); the last answer when it
    /// never is.
    func report(race: String, token: String, reaching sequence: Int) async throws -> (sequence: Int, report: Any) {
        var answer = try await report(race: race, token: token)
        for _ in 0..<100 where answer.sequence != sequence {
            try await Task.sleep(for: .milliseconds(100))
            answer = try await report(race: race, token: token)
        }
        return answer
    }
}
