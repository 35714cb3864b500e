/// Limits and timings of a live server; tests shorten the heartbeat.
public struct LiveServerSettings: Sendable {
    /// Seconds between SSE heartbeat comments (15 s by default, so proxies keep the stream open).
    public var heartbeatSeconds: Double = 15
    /// What SSE clients are told to wait before reconnecting (`retry:`), in milliseconds.
    public var retryMilliseconds: Int = 3_000
    /// The largest race file accepted, in bytes.
    public var maximumRaceFileBytes = 4 << 20
    /// The largest native batch body, in bytes.
    public var maximumBatchBytes = 1 << 20
    /// The most fixes one native batch may hold.
    public var maximumFixesPerBatch = 2_000
    /// How long a join code works when the organiser gives no lifetime, in seconds (a day).
    public var defaultJoinCodeLifetimeSeconds: Double = 86_400

    /// The defaults.
    public init() {}
}
