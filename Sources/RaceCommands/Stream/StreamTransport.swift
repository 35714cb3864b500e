import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// What came back for one request.
struct TrackerAnswer: Sendable {
    /// The HTTP status code.
    var status: Int
    /// The body (bounded: a tracker's answer is small).
    var body: [UInt8]
}

/// Sends ``TrackerRequest``s to one server over async-http-client (a connection pool shared by
/// every simulated phone; each phone has at most one request in flight, as a real one does).
final class StreamTransport: Sendable {
    private let client: HTTPClient
    private let base: String
    private let timeoutSeconds: Int64

    /// A transport to `base` (`http://host:port`, no trailing slash) with room for
    /// `connections` parallel connections.
    init(base: String, connections: Int, timeoutSeconds: Int64 = 10) {
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .seconds(2), read: .seconds(timeoutSeconds)),
            connectionPool: .init(
                idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: max(8, connections)))
        configuration.httpVersion = .http1Only
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.timeoutSeconds = timeoutSeconds
    }

    /// Sends `request`; throws on a transport failure (connection refused or reset, timeout).
    func send(_ request: TrackerRequest) async throws -> TrackerAnswer {
        var outgoing = HTTPClientRequest(url: base + request.target)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if !request.body.isEmpty || request.method == "POST" {
            outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        }
        let response = try await client.execute(outgoing, timeout: .seconds(timeoutSeconds))
        let body = try await response.body.collect(upTo: 1 << 20)
        return TrackerAnswer(status: Int(response.status.code), body: Array(body.readableBytesView))
    }

    /// Closes the connections.
    func shutdown() async throws { try await client.shutdown() }
}
