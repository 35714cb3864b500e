import GeoCore
import RaceKitCore

/// What an input caused, as a mode's reducer reports it. Participant, team and stop ids are
/// the race's; `by`/`to` name a *competitor*: a participant, or a team in team modes.
public enum Outcome: Hashable, Sendable, Codable {
    /// A visit that counts under the mode's rules.
    case reached(participant: String, stop: String, time: Seconds)
    /// A visit kept in the log but not counted, and why (out of order, already claimed…).
    case recorded(participant: String, stop: String, time: Seconds, reason: String)
    /// A stop (or a question) becomes available to a participant.
    case unlock(participant: String, stop: String, time: Seconds)
    /// A question is put to a participant, with the options in the order this participant sees
    /// them; `attempt` counts from 1 (a retry after a wrong answer asks again). A responder
    /// (``AnswerModel``, ``ResponseFile``) answers it.
    case question(participant: String, stop: String, options: [String], attempt: Int, time: Seconds)
    /// An answer was judged (by value).
    case answered(participant: String, stop: String, choice: String, correct: Bool, time: Seconds)
    /// A competitor claims a stop (a score goal, a territory zone) and its points.
    case claim(by: String, stop: String, points: Int, time: Seconds)
    /// Points given for something other than a claim (a later arrival's share, a correct answer, a guess).
    case points(to: String, points: Int, reason: String, time: Seconds)
    /// A penalty in seconds added to a result time, or in points taken off.
    case penalty(to: String, seconds: Seconds, points: Int, reason: String, time: Seconds)
    /// A competitor finished.
    case finish(String, time: Seconds)
    /// A competitor won (the race, a territory game).
    case win(String, time: Seconds)
    /// A game ended in a draw between these competitors.
    case draw([String], time: Seconds)
    /// A quiz duel was decided: `winner` is `nil` for a draw (or when both players left).
    case duel(round: Int, players: [String], winner: String?, time: Seconds)
    /// A competitor's running win/draw/loss record changed.
    case record(String, GameRecord, time: Seconds)
    /// A round starts (relay, quiz rounds, territory games); `deadline` when it is timed.
    case roundStarted(Int, time: Seconds, deadline: Seconds?)
    /// The relay hands a participant an item authored by `author` (never themselves).
    case handOut(participant: String, round: Int, item: RelayItem, author: String, time: Seconds, deadline: Seconds)
    /// The relay's final reveal: every chain, link by link.
    case reveal([RelayChain], time: Seconds)
    /// The territory board is reset for a rematch; the running score is kept.
    case boardReset(game: Int, time: Seconds)
    /// A participant left (``GameInput/leave(participant:time:)``).
    case left(String, time: Seconds)
    /// Something a mode reports that no other case covers (a plugin mode's `eliminated`, say):
    /// a kind, whom it concerns, and a sentence.
    case event(kind: String, competitor: String?, detail: String, time: Seconds)
    /// An input the mode could not use, and why (earlier than the last one, after the participant
    /// left, an answer to a question nobody asked…).
    case ignored(GameInput, reason: String)

    /// When it happened, in seconds since the race start.
    public var time: Seconds {
        switch self {
        case .reached(_, _, let t), .recorded(_, _, let t, _), .unlock(_, _, let t), .question(_, _, _, _, let t),
            .answered(_, _, _, _, let t), .claim(_, _, _, let t), .points(_, _, _, let t), .penalty(_, _, _, _, let t),
            .finish(_, let t), .win(_, let t), .draw(_, let t), .duel(_, _, _, let t), .record(_, _, let t),
            .roundStarted(_, let t, _), .handOut(_, _, _, _, let t, _), .reveal(_, let t), .boardReset(_, let t),
            .left(_, let t), .event(_, _, _, let t):
            return t
        case .ignored(let input, _): return input.time
        }
    }
}

/// A win/draw/loss record (quiz duels, territory games).
public struct GameRecord: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Games won.
    public var wins: Int
    /// Games drawn.
    public var draws: Int
    /// Games lost.
    public var losses: Int

    /// Creates a record; a new player's is `0-0-0`.
    public init(wins: Int = 0, draws: Int = 0, losses: Int = 0) {
        self.wins = wins
        self.draws = draws
        self.losses = losses
    }

    /// `W-D-L`, e.g. `2-1-0`.
    public var description: String { "\(wins)-\(draws)-\(losses)" }
}

extension Outcome: CustomStringConvertible {
    /// One stable line, for logs and golden files: `t=12.5 claim red monopteros 20`.
    public var description: String {
        let t = "t=\(Self.number(time))"
        switch self {
        case .reached(let p, let s, _): return "\(t) reached \(p) \(s)"
        case .recorded(let p, let s, _, let why): return "\(t) recorded \(p) \(s) (\(why))"
        case .unlock(let p, let s, _): return "\(t) unlock \(p) \(s)"
        case .question(let p, let s, let options, let attempt, _):
            return "\(t) question \(p) \(s) [\(options.joined(separator: " | "))]"
                + (attempt > 1 ? " attempt \(attempt)" : "")
        case .answered(let p, let s, let c, let ok, _):
            return "\(t) answered \(p) \(s) \"\(c)\" \(ok ? "correct" : "wrong")"
        case .claim(let by, let s, let points, _): return "\(t) claim \(by) \(s) \(points)"
        case .points(let to, let points, let why, _): return "\(t) points \(to) \(points) (\(why))"
        case .penalty(let to, let seconds, let points, let why, _):
            return "\(t) penalty \(to) \(Self.number(seconds)) s \(points) points (\(why))"
        case .finish(let who, _): return "\(t) finish \(who)"
        case .win(let who, _): return "\(t) win \(who)"
        case .draw(let who, _): return "\(t) draw \(who.joined(separator: " "))"
        case .duel(let round, let players, let winner, _):
            return
                "\(t) duel round \(round) \(players.joined(separator: " vs ")): \(winner.map { "\($0) wins" } ?? "draw")"
        case .record(let who, let record, _): return "\(t) record \(who) \(record)"
        case .roundStarted(let round, _, let deadline):
            return "\(t) round \(round) starts" + (deadline.map { " until t=\(Self.number($0))" } ?? "")
        case .handOut(let p, let round, let item, let author, _, _):
            return "\(t) hand-out round \(round) \(p) gets \(item) from \(author)"
        case .reveal(let chains, _):
            return "\(t) reveal \(chains.count) chains"
                + (chains.isEmpty ? "" : ": " + chains.map(\.description).joined(separator: "; "))
        case .boardReset(let game, _): return "\(t) board reset for game \(game)"
        case .left(let who, _): return "\(t) left \(who)"
        case .event(let kind, let who, let detail, _):
            return "\(t) \(kind)" + (who.map { " \($0)" } ?? "") + " (\(detail))"
        case .ignored(let input, let why):
            return "\(t) ignored \(input.kindName) of \(input.participant ?? "clock") (\(why))"
        }
    }

    static func number(_ x: Double) -> String { DecimalText.shortest(x) }
}

extension GameInput {
    /// `visit`, `answer`, `submission`, `tick`, `leave` or `end`.
    public var kindName: String {
        switch self {
        case .visit: return "visit"
        case .answer: return "answer"
        case .submission: return "submission"
        case .tick: return "tick"
        case .leave: return "leave"
        case .end: return "end"
        }
    }
}
