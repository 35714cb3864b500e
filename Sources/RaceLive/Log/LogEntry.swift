/// One entry of a race's log: the truth a live race is derived from (docs/live-server.md).
///
/// Every accepted fix, game input and organiser action is stored as an entry before it is
/// acknowledged; the race's live state is a deterministic function of its entries
/// (``LiveRace``). ``sequence`` numbers a race's entries 1, 2, 3, … in the order they were
/// stored; it is what Server-Sent Events send as their `id:`.
public struct LogEntry: Hashable, Sendable {
    /// The race the entry belongs to.
    public var raceID: String
    /// The entry's number within its race: 1 for the first, increasing by one.
    public var sequence: Int64
    /// When the server stored it, seconds since 1970 (server clock; not used to derive state).
    public var recordedAt: Double
    /// What happened.
    public var payload: LogPayload

    /// Creates an entry.
    public init(raceID: String, sequence: Int64, recordedAt: Double, payload: LogPayload) {
        self.raceID = raceID
        self.sequence = sequence
        self.recordedAt = recordedAt
        self.payload = payload
    }
}

/// What a log entry records.
public enum LogPayload: Hashable, Sendable {
    /// A position fix a participant's device sent, accepted by the ingest checks.
    case fix(LiveFix)
    /// An answer, submission or leave of a participant.
    case game(LiveGameInput)
    /// Something the organiser did (start, end).
    case organiser(OrganiserAction)
}

extension LogPayload {
    /// The participant a fix or game input is of; `nil` for the organiser's actions.
    public var participant: String? {
        switch self {
        case .fix(let fix): return fix.participant
        case .game(let input): return input.participant
        case .organiser: return nil
        }
    }
}
