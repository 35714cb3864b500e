import GeoCore

/// A participant's arrival at a stop, as the geofence engine detected it.
///
/// Visits are the truth: every visit of every stop is an input, in or out of sequence. Whether
/// it *counts* is the mode's rule (see ``Outcome/reached(participant:stop:time:)`` and
/// ``Outcome/recorded(participant:stop:time:reason:)``). A visit is the arrival only: it is
/// whole when it happens, so a live race plays it then, not once the participant has left.
public struct Visit: Hashable, Sendable, Codable {
    /// `Participant.id`.
    public var participant: String
    /// `Stop.id`.
    public var stop: String
    /// The interpolated time of entering the fence, in seconds since the race start.
    public var time: Seconds
    /// The horizontal accuracy of the fix that registered the visit, if known: the first key of
    /// the tie rule (``TieRule``).
    public var accuracyMeters: Meters?

    /// Creates a visit.
    public init(participant: String, stop: String, time: Seconds, accuracyMeters: Meters? = nil) {
        self.participant = participant
        self.stop = stop
        self.time = time
        self.accuracyMeters = accuracyMeters
    }
}

/// A participant's answer to the question of a stop. The choice is compared **by value** with
/// `StopTask.answer`, never by position, since every participant sees the options shuffled.
public struct Answer: Hashable, Sendable, Codable {
    /// `Participant.id` of who answers.
    public var participant: String
    /// `Stop.id` of the stop whose question is answered.
    public var stop: String
    /// The chosen option, by value.
    public var choice: String
    /// When the answer was given, in seconds since the race start.
    public var time: Seconds

    /// Creates an answer.
    public init(participant: String, stop: String, choice: String, time: Seconds) {
        self.participant = participant
        self.stop = stop
        self.choice = choice
        self.time = time
    }
}

/// Free text a participant hands in for a round (the relay's clues and first picks; the
/// territory game's `rematch`).
public struct Submission: Hashable, Sendable, Codable {
    /// `Participant.id` of who submits.
    public var participant: String
    /// The round the text is for (0 = the relay's authoring round).
    public var round: Int
    /// The submitted text.
    public var text: String
    /// When it was submitted, in seconds since the race start.
    public var time: Seconds

    /// Creates a submission.
    public init(participant: String, round: Int, text: String, time: Seconds) {
        self.participant = participant
        self.round = round
        self.text = text
        self.time = time
    }
}

/// Everything a game mode reacts to. Times are seconds since the race start; a mode sees its
/// inputs in time order, with ties broken by ``TieRule``.
public enum GameInput: Hashable, Sendable, Codable {
    case visit(Visit)
    case answer(Answer)
    case submission(Submission)
    /// The clock: nothing happened, but time passed (time limits, round deadlines).
    case tick(Seconds)
    /// A participant gives up or disconnects: later inputs of theirs are ignored.
    case leave(participant: String, time: Seconds)
    /// The race is over: whatever is still open is settled (missing answers count as wrong,
    /// unfinished participants did not finish, undecided duels are decided).
    case end(Seconds)

    /// When it happened, in seconds since the race start.
    public var time: Seconds {
        switch self {
        case .visit(let v): return v.time
        case .answer(let a): return a.time
        case .submission(let s): return s.time
        case .tick(let t), .end(let t): return t
        case .leave(_, let t): return t
        }
    }

    /// Whose input it is; `nil` for the clock.
    public var participant: String? {
        switch self {
        case .visit(let v): return v.participant
        case .answer(let a): return a.participant
        case .submission(let s): return s.participant
        case .leave(let p, _): return p
        case .tick, .end: return nil
        }
    }

    /// In time order with ties broken by ``TieRule``: what ``GameSession/play(_:responder:)``
    /// does first, and what a caller feeding ``GameSession/apply(_:)`` itself should do.
    public static func timeOrdered<S: Sequence>(_ inputs: S) -> [GameInput] where S.Element == GameInput {
        TieRule.sorted(inputs)
    }
}
