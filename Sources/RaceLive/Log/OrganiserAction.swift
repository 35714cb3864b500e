/// What an organiser did to a race, as stored in the log.
public enum OrganiserAction: Hashable, Sendable {
    /// The race started at this time (seconds since 1970): fixes are taken from then on; a race
    /// file without a `startTime` measures its clock from here.
    case start(time: Double)
    /// The race ended at this time (seconds since 1970): no more fixes or inputs are taken.
    case end(time: Double)

    /// The action's time, seconds since 1970.
    public var time: Double {
        switch self {
        case .start(let t), .end(let t): return t
        }
    }
}
