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

/// Sends ``TrackerRequest``s to a server, or to any of several instances of one, over
/// async-http-client (a connection pool shared by every simulated phone; each phone has at most
/// one request in flight, as a real one does).
final class StreamTransport: Sendable {
    private let client: HTTPClient
    /// The instances' base URLs (`http://host:port`, no trailing slash).
    let bases: [String]
    private let timeoutSeconds: Int64

    /// A transport to the instances at `bases` with room for `connections` parallel connections
    /// to each.
    init(bases: [String], connections: Int, timeoutSeconds: Int64 = 10) {
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .seconds(2), read: .seconds(timeoutSeconds)),
            connectionPool: .init(
                idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: max(8, connections)))
        configuration.httpVersion = .http1Only
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.bases = bases.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.timeoutSeconds = timeoutSeconds
    }

    /// Sends `request` to instance `instance` (an index into ``bases``); throws on a transport
    /// failure (connection refused or reset, timeout).
    func send(_ request: TrackerRequest, instance: Int = 0) async throws -> TrackerAnswer {
        var outgoing = HTTPClientRequest(url: bases[instance % bases.count] + request.target)
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
