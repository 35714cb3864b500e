import Foundation
import Hummingbird
import RaceKitCore

/// The server-wide limits every route is held to before it runs (``LiveServerSettings``): the
/// request body's declared size, requests per token per second, and open event streams. Each
/// answers with the API's JSON error `{error, code, path?}`: 413 `body-too-large`,
/// 429 `rate-limited` (with `Retry-After`), 429 `too-many-streams`.
struct RequestLimitsMiddleware<Context: RequestContext>: RouterMiddleware {
    let settings: LiveServerSettings
    let tokens: TokenRateLimiter
    let streams: OpenStreamCounter
    /// The server's clock, seconds since 1970 (injected by tests).
    let clock: @Sendable () -> Double

    init(settings: LiveServerSettings, clock: @escaping @Sendable () -> Double) {
        self.settings = settings
        self.clock = clock
        tokens = TokenRateLimiter(perSecond: settings.requestsPerTokenPerSecond, burst: settings.requestBurstPerToken)
        streams = OpenStreamCounter(maximum: settings.maximumOpenEventStreams)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }),
            declared > settings.maximumRequestBodyBytes
        {
            throw APIError(
                .contentTooLarge, "body-too-large",
                "the request body is larger than \(settings.maximumRequestBodyBytes) bytes")
        }
        if let token = Self.token(of: request), let wait = tokens.take(token, now: clock()) {
            let seconds = max(1, Int(wait.rounded(.up)))
            var response = try APIError(
                .tooManyRequests, "rate-limited",
                "more than \(JSONValue.numberText(settings.requestsPerTokenPerSecond)) requests per second with this token; retry in \(seconds) s"
            ).response(from: request, context: context)
            response.headers[.retryAfter] = String(seconds)
            return response
        }
        guard request.method == .get, Self.isEventStream(request.uri.path) else {
            return try await next(request, context)
        }
        guard streams.open() else {
            throw APIError(
                .tooManyRequests, "too-many-streams",
                "the server has \(settings.maximumOpenEventStreams) event streams open; retry later")
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            streams.close()
            throw error
        }
        // The slot is held while the stream is written, and given back however it ends.
        var counted = response
        let body = response.body
        let streams = self.streams
        counted.body = ResponseBody(contentLength: body.contentLength) { writer in
            defer { streams.close() }
            try await body.write(writer)
        }
        return counted
    }

    /// The credential a request carries, whichever way: `Authorization: Bearer`, HTTP Basic's
    /// password (OwnTracks), `?token=` (EventSource), an OsmAnd `id`/`deviceid` in the query.
    static func token(of request: Request) -> String? {
        if let header = request.headers[.authorization] {
            if header.hasPrefix("Bearer ") { return String(header.dropFirst(7)) }
            if header.hasPrefix("Basic "), let data = Data(base64Encoded: String(header.dropFirst(6))),
                let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
            {
                return String(text[text.index(after: colon)...])
            }
        }
        return QueryString(of: request).value(namedAnyOf: ["token", "id", "deviceid"])
    }

    /// Whether `path` is a race's event stream, `/races/{id}/events`.
    static func isEventStream(_ path: String) -> Bool {
        // The last segment's bytes first, so every other request skips the split (and Foundation's
        // `String.contains`, which bridges the path to a `CFString`).
        let bytes = path.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex && bytes[bytes.index(before: end)] == UInt8(ascii: "/") {
            end = bytes.index(before: end)
        }
        guard bytes[..<end].reversed().starts(with: "events".utf8.reversed()) else { return false }
        let parts = path.split(separator: "/")
        return parts.count == 3 && parts[0] == "races" && parts[2] == "events"
    }
}

/// A token bucket per credential: `burst` requests at once, refilled at `perSecond`. Buckets
/// that have filled up again are forgotten, so tokens nobody uses (or made-up ones) cost no
/// memory for long.
final class TokenRateLimiter: @unchecked Sendable {
    private struct Bucket {
        var level: Double
        /// Seconds since 1970.
        var updated: Double
    }

    private let lock = NSLock()
    private var buckets: [String: Bucket] = [:]
    private var calls = 0
    let perSecond: Double
    let burst: Double

    init(perSecond: Double, burst: Int) {
        self.perSecond = perSecond
        self.burst = Double(max(1, burst))
    }

    /// Takes one request from `token`'s bucket at `now` (seconds since 1970): `nil` when
    /// allowed, else the seconds until one is. A clock set back refills nothing.
    func take(_ token: String, now: Double) -> Double? {
        lock.withLock {
            calls += 1
            if calls % 4096 == 0 { forgetFull(now: now) }
            var bucket = buckets[token] ?? Bucket(level: burst, updated: now)
            bucket.level = min(burst, bucket.level + max(0, now - bucket.updated) * perSecond)
            bucket.updated = max(now, bucket.updated)
            defer { buckets[token] = bucket }
            guard bucket.level >= 1 else { return (1 - bucket.level) / perSecond }
            bucket.level -= 1
            return nil
        }
    }

    /// How many tokens have a bucket (tests).
    var trackedTokens: Int { lock.withLock { buckets.count } }

    private func forgetFull(now: Double) {
        buckets = buckets.filter { $0.value.level + max(0, now - $0.value.updated) * perSecond < burst }
    }
}

/// Event streams open on the server, up to a maximum.
final class OpenStreamCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var openCount = 0
    let maximum: Int

    init(maximum: Int) { self.maximum = maximum }

    /// Takes a slot: `false` when all are taken.
    func open() -> Bool {
        lock.withLock {
            guard openCount < maximum else { return false }
            openCount += 1
            return true
        }
    }

    /// Gives a slot back.
    func close() { lock.withLock { openCount -= 1 } }

    /// Streams open now.
    var count: Int { lock.withLock { openCount } }
}
