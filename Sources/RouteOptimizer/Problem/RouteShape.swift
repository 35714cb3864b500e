/// Whether a route returns to where it began, and which of its ends are fixed.
public enum RouteShape: Hashable, Sendable {
    /// A closed tour: it starts at `start` (stop 0 when `nil`), visits every stop once and returns
    /// to `start`; the return leg counts in the length. Positions (pins, precedence, time) count
    /// from `start`.
    case closedTour(start: Int? = nil)
    /// An open path from `start` to `finish`; either end free when `nil`.
    case openPath(start: Int? = nil, finish: Int? = nil)

    /// Whether the last stop connects back to the first.
    public var isClosed: Bool {
        if case .closedTour = self { return true }
        return false
    }

    /// The stop at position 0, if fixed (a closed tour always fixes it: stop 0 by default).
    public var fixedStart: Int? {
        switch self {
        case .closedTour(let start): return start ?? 0
        case .openPath(let start, _): return start
        }
    }

    /// The stop at the last position of an open path, if fixed.
    public var fixedFinish: Int? {
        if case .openPath(_, let finish) = self { return finish }
        return nil
    }
}
