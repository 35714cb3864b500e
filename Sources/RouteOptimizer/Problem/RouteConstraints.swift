/// Stop `before` must be visited before stop `after` (not necessarily immediately before).
public struct Precedence: Hashable, Sendable {
    public let before: Int
    public let after: Int

    public init(before: Int, after: Int) {
        self.before = before
        self.after = after
    }
}

/// Stop `stop` must be at 0-based position `position` of the order.
public struct Pin: Hashable, Sendable {
    public let stop: Int
    public let position: Int

    public init(stop: Int, position: Int) {
        self.stop = stop
        self.position = position
    }
}

/// When a stop is open, in the units of the problem's travel times (seconds, usually).
///
/// A team that arrives before `opens` waits; arriving after `closes` is not allowed. The stop's
/// service time (``RouteProblem/serviceTimes``) is spent after the wait.
public struct TimeWindow: Hashable, Sendable {
    public let opens: Int
    public let closes: Int

    /// - Precondition: none; ``RouteProblem`` reports `opens > closes` as an error naming the stop.
    public init(opens: Int, closes: Int) {
        self.opens = opens
        self.closes = closes
    }
}
