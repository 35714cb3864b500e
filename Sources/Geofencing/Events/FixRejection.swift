/// Why a fix was not used for event detection. Checked in this order, per participant.
///
/// A coding key too, so counts keyed by reason encode as a JSON object (`{"duplicate": 2}`).
public enum FixRejection: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CaseIterable {
    /// Latitude, longitude or time not finite or out of range (|lat| ≤ 90, |lon| ≤ 180), or an
    /// accuracy that is neither unknown nor a finite number of metres.
    case invalid
    /// Earlier than the participant's last accepted fix.
    case outOfOrder
    /// At the same time as the participant's last accepted fix (the later row is rejected).
    case duplicate
    /// Implies a move from the last accepted fix faster than
    /// ``EventRules/maximumSpeedMetersPerSecond`` (a teleport).
    case impossibleSpeed
}
