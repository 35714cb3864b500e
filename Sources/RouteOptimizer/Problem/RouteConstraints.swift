/// Stop `before` must be visited before stop `after` (not necessarily immediately before).
public struct Precedence: Hashable, Sendable {
    /// The stop that comes first (0-based index).
    public let before: Int
    /// The stop that comes later (0-based index).
    public let after: Int

    /// Requires stop `before` to be visited before stop `after`.
    public init(before: Int, after: Int) {
        self.before = before
        self.after = after
    }
}

/// Stops `first` and `second` should not follow each other, in either direction (their fences
/// overlap, say, so that reaching one reaches both).
///
/// Unlike the other constraints this one is soft: an order that keeps such a pair adjacent is
/// still an order. The solver puts as few separated pairs next to each other as it can (then
/// minimises the length), and ``RouteProblem/adjacentSeparations(in:)`` says which remain.
public struct Separation: Hashable, Sendable {
    /// One stop of the pair (0-based index).
    public let first: Int
    /// The other stop (0-based index).
    public let second: Int

    /// Asks that stops `first` and `second` do not follow each other.
    public init(_ first: Int, _ second: Int) {
        self.first = first
        self.second = second
    }
}

/// Stop `stop` must be at 0-based position `position` of the order.
public struct Pin: Hashable, Sendable {
    /// The stop that is pinned (0-based index).
    public let stop: Int
    /// Its 0-based position in the order.
    public let position: Int

    /// Pins stop `stop` to position `position`.
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
    /// The earliest time service may start.
    public let opens: Int
    /// The latest time of arrival.
    public let closes: Int

    /// - Precondition: none; ``RouteProblem`` reports `opens > closes` as an error naming the stop.
    public init(opens: Int, closes: Int) {
        self.opens = opens
        self.closes = closes
    }
}
