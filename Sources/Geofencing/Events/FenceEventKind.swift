/// What happened between a participant and a fence.
///
/// Kinds are ordered `enter < dwell < cross < exit`: the order of a visit's events, used to
/// break ties between events at the same time (see ``FenceEvent/areInLogOrder(_:_:)``).
public enum FenceEventKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The participant is inside the fence (a fix inside, accurate enough when the rules ask).
    case enter
    /// The participant has been inside for ``EventRules/minimumDwellSeconds``; once per visit.
    case dwell
    /// The segment between two fixes passed through a fence that neither fix is inside.
    case cross
    /// The participant left: confirmed beyond the hysteresis margin.
    case exit

    private var rank: Int {
        switch self {
        case .enter: return 0
        case .dwell: return 1
        case .cross: return 2
        case .exit: return 3
        }
    }

    /// Whether `lhs` comes earlier in a visit (`enter < dwell < cross < exit`).
    public static func < (lhs: FenceEventKind, rhs: FenceEventKind) -> Bool { lhs.rank < rhs.rank }
}
