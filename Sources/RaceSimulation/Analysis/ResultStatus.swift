/// A participant's result status, in the vocabulary of IOF XML 3.0 (`ResultStatus`).
public enum ResultStatus: String, Hashable, Sendable, CaseIterable {
    case ok = "OK"
    case missingPunch = "MissingPunch"
    case didNotFinish = "DidNotFinish"
    case overTime = "OverTime"
    case disqualified = "Disqualified"
    case didNotStart = "DidNotStart"
    case active = "Active"
    case notCompeting = "NotCompeting"

    /// Ranked statuses first (OK), then the others in IOF's usual listing order.
    var listingOrder: Int {
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
