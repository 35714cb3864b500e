import GeoCore

/// Whose positions a live race shows to whom (the race file's `livePositions`). The organiser
/// always sees every position and a participant their own; this decides what participants see
/// of the others and what share-link viewers see.
public enum PositionVisibility: Hashable, Sendable {
    /// Every position as it arrives (the default).
    case live
    /// Positions as they were this many seconds ago: others see where you were, not where you are.
    case delayed(seconds: Seconds)
    /// Nobody's but your own.
    case never

    /// The latest fix time, seconds since 1970, a reader may see of someone else's track at `now`;
    /// `nil` when they may see none of it.
    public func latestVisibleTime(now: Double) -> Double? {
        switch self {
        case .live: return .infinity
        case .delayed(let seconds): return now - seconds
        case .never: return nil
        }
    }
}
