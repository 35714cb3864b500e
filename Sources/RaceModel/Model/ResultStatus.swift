/// A result status, in the IOF XML 3.0 vocabulary (`ResultStatus`).
public enum ResultStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// Finished and ranked.
    case ok = "OK"
    /// Finished without visiting every required stop (or, in the quiz, with unanswered questions).
    case missingPunch = "MissingPunch"
    /// Left, or had not finished when the race ended.
    case didNotFinish = "DidNotFinish"
    /// Finished after the time limit.
    case overTime = "OverTime"
    case disqualified = "Disqualified"
    /// Still racing: the race is not over.
    case active = "Active"
    /// Taking part without a result (a team without members, a player without an opponent).
    case notCompeting = "NotCompeting"
    case didNotStart = "DidNotStart"
}

extension ResultStatus {
    /// Ranked statuses first (OK), then the others in IOF's usual listing order.
    public var listingOrder: Int {
        switch self {
        case .ok: return 0
        case .overTime: return 1
        case .missingPunch: return 2
        case .didNotFinish: return 3
        case .disqualified: return 4
        case .active: return 5
        case .notCompeting: return 6
        case .didNotStart: return 7
        }
    }
}
