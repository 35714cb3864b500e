/// A participant's game input as stored in the log: an answer to a question gate, a
/// submission for a round (relay clues, the territory game's `rematch`) or leaving the race.
/// Times are seconds since 1970; the engine puts them on the race clock.
public struct LiveGameInput: Hashable, Sendable {
    /// What kind of input, with its content.
    public enum Kind: Hashable, Sendable {
        /// An answer: the chosen option's text for the question of `stop`.
        case answer(stop: String, choice: String)
        /// A submission's text for `round` (0 = the relay's authoring round).
        case submission(round: Int, text: String)
        /// The participant gives up.
        case leave
    }

    /// The participant's id.
    public var participant: String
    /// When it was given, seconds since 1970.
    public var time: Double
    /// What was given.
    public var kind: Kind

    /// Creates an input.
    public init(participant: String, time: Double, kind: Kind) {
        self.participant = participant
        self.time = time
        self.kind = kind
    }
}
