/// Limits and timings of a live server; tests shorten the heartbeat.
public struct LiveServerSettings: Sendable {
    /// Seconds between SSE heartbeat comments (15 s by default, so proxies keep the stream open).
    public var heartbeatSeconds: Double = 15
    /// The least time between two leaderboard updates of one race, in seconds: changes within
    /// it fold into the next update (built from the latest log, so none is lost). The race's
    /// runner also waits at least twice as long as its last update took to build, which bounds
    /// the cost of re-deriving a large race however short this is. The race hub applies it
    /// (``RaceHub/init(store:clock:standingsSpacing:)``).
    public var minimumSecondsBetweenEvents: Double = 0.02
    /// Seconds a connection may stay silent (no request, or a request whose next bytes do not
    /// come) before the server closes it; a response being written, such as an event stream,
    /// is not silence. Bounds the connections a client that stops mid-request can hold.
    public var idleTimeoutSeconds: Double = 60
    /// Seconds that requests still running at SIGTERM or SIGINT get to finish; then they are
    /// cancelled, and a request that ignores its cancellation for as long again ends the process
    /// (a client that never sends the rest of its body must not keep the server from stopping).
    public var shutdownTimeoutSeconds: Double = 10
    /// What SSE clients are told to wait before reconnecting (`retry:`), in milliseconds.
    public var retryMilliseconds: Int = 3_000
    /// The largest race file accepted, in bytes.
    public var maximumRaceFileBytes = 4 << 20
    /// The largest native batch body, in bytes.
    public var maximumBatchBytes = 1 << 20
    /// The most fixes one native batch may hold.
    public var maximumFixesPerBatch = 2_000
    /// The largest request body of any route, in bytes, refused from its `Content-Length`
    /// before it is read (413 `body-too-large`); routes with smaller bodies have their own limits.
    public var maximumRequestBodyBytes = 4 << 20
    /// Requests each token (bearer, `?token=`, OsmAnd device id, HTTP Basic password) may make
    /// per second on average (429 `rate-limited` with `Retry-After` beyond it). A phone sends
    /// about one a second; `racekit stream --speed max` many more.
    public var requestsPerTokenPerSecond: Double = 200
    /// Requests a token may make at once after being idle (the token bucket's size).
    public var requestBurstPerToken = 400
    /// The most participants one race may have (409 `race-full` for the next join).
    public var maximumParticipantsPerRace = 5_000
    /// The most Server-Sent Events streams open at once on the server (429 `too-many-streams`).
    public var maximumOpenEventStreams = 10_000
    /// How long a join code works when the organiser gives no lifetime, in seconds (a day).
    public var defaultJoinCodeLifetimeSeconds: Double = 86_400

    /// The defaults.
    public init() {}
}
