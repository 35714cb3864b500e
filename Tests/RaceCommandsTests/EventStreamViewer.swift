import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A viewer of a race's Server-Sent Events (`GET /races/{race}/events`) on a running server:
/// reads the stream in the background and keeps each event's `id:` (the log's sequence
/// number) with the time it arrived. ``stop()`` ends it; so does the server going away.
final class EventStreamViewer: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [(id: Int, at: ContinuousClock.Instant)] = []
    private var task: Task<Void, Never>?
    private static let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)

    /// Starts reading `base` + `/races/{race}/events` with `token`, resuming after
    /// `lastEventID` when given (the `Last-Event-ID` header a reconnecting browser sends).
    init(base: String, race: String, token: String, lastEventID: Int? = nil) {
        task = Task { [weak self] in
            var request = HTTPClientRequest(url: "\(base)/races/\(race)/events")
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            if let lastEventID { request.headers.add(name: "Last-Event-ID", value: String(lastEventID)) }
            guard let response = try? await Self.client.execute(request, timeout: .seconds(600)) else { return }
            var pending = ""
            do {
                for try await chunk in response.body {
                    pending += String(buffer: chunk)
                    while let end = pending.range(of: "\n") {
                        let line = pending[..<end.lowerBound]
                        if line.hasPrefix("id: "), let id = Int(line.dropFirst(4)) {
                            self?.lock.withLock { self?.received.append((id, .now)) }
                        }
                        pending.removeSubrange(..<end.upperBound)
                    }
                }
            } catch {}
        }
    }

    deinit { task?.cancel() }

    /// The ids received so far, with when each arrived.
    var events: [(id: Int, at: ContinuousClock.Instant)] { lock.withLock { received } }

    /// Stops reading.
    func stop() { task?.cancel() }
}
