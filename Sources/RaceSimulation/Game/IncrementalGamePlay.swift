import GameModes
import GeoCore
import RaceKitCore
import RaceModel

/// ``GamePlay`` of a race whose replay grows, as a live race's does: the game is kept at a
/// checkpoint some time behind the latest input, and each call plays only what came after it,
/// on a copy. The result equals `GamePlay` of the same replay (a test holds them to it).
///
/// The checkpoint is used only while the inputs it played are still the first inputs in time
/// order: a late fix that adds or moves a visit before it, or a change of who plays, makes the
/// game play again from the start. (A visit is its arrival, so a participant leaving a stop
/// changes nothing the checkpoint played.) It only moves up to a point where splitting the
/// inputs there changes nothing: no response the responder gives to what was played falls at
/// or after the last input played (round deadlines carry over in the session).
///
/// Pass the same race, mode, configuration, seed and responder (apart from its scheduled
/// inputs) on every call; a new value is needed for another race.
public struct IncrementalGamePlay: Sendable {
    /// How far the checkpoint stays behind the latest input, in seconds: visits and responses
    /// that arrive later than this (late fixes, slow answers) make the next call play from the
    /// start, as every call would without a checkpoint.
    public var lag: Seconds

    private var checkpoint: Checkpoint?

    /// How many inputs the checkpoint has played (0: none yet).
    public var checkpointInputs: Int { checkpoint?.played.count ?? 0 }
    /// How many calls found the checkpoint no longer held and played the game from the start.
    public private(set) var startsOver = 0

    /// Who plays, with what: a checkpoint is only good for the same.
    private struct Setting: Equatable, Sendable {
        var mode: String
        var configuration: JSONValue?
        var seed: UInt64
        var players: [Participant]
    }

    /// A session after the first inputs in time order, and what it decided.
    private struct Checkpoint: Sendable {
        var setting: Setting
        var played: [GameInput]
        var session: GameSession
        var outcomes: [Outcome]
    }

    /// A game with no checkpoint yet, kept `lag` seconds behind the latest input.
    public init(lag: Seconds = 10) {
        self.lag = lag
    }

    /// `GamePlay(replay, mode:configuration:responder:seed:running:)`, played from the
    /// checkpoint when it still holds.
    /// - Throws: `ModeConfigurationError` when the configuration does not fit the mode.
    public mutating func play(
        _ replay: ReplayResult, mode: AnyGameMode, configuration: JSONValue? = nil,
        responder: (any Responder)?, seed: UInt64, running: Bool = false
    ) throws(ModeConfigurationError) -> GamePlay {
        let players = GamePlay.players(of: replay)
        var unsorted = GamePlay.inputs(of: replay, scheduled: responder?.scheduledInputs ?? [])
        let end = unsorted.removeLast()
        let inputs = TieRule.sorted(unsorted)
        let setting = Setting(mode: mode.identifier, configuration: configuration, seed: seed, players: players)

        var start: Checkpoint
        if let checkpoint, checkpoint.setting == setting, checkpoint.played.count <= inputs.count,
            inputs[..<checkpoint.played.count].elementsEqual(checkpoint.played)
        {
            start = checkpoint
        } else {
            if checkpoint != nil { startsOver += 1 }
            let session = try mode.session(
                race: replay.race, participants: players, configuration: configuration, seed: seed)
            start = Checkpoint(setting: setting, played: [], session: session, outcomes: [])
        }
        checkpoint = nil  // moved up in place below, not through a copy that shares its storage

        let from = start.played.count
        var cutoff = cutoff(of: inputs)
        // A stretch that prompts a reply at or after its end cannot go into the checkpoint: its
        // first half, cut between two times, is tried instead, a few times at most.
        for _ in 0..<4 {
            let upTo = inputs[from...].firstIndex { !($0.time < cutoff) } ?? inputs.count
            guard upTo > from else { break }
            var session = start.session
            let added = Array(inputs[from..<upTo])
            let produced = session.play(added, responder: responder)
            if Self.noReply(to: produced, atOrAfter: added[added.count - 1].time, responder: responder) {
                start.played += added
                start.session = session
                start.outcomes += produced
                break
            }
            cutoff = inputs[from + (upTo - from) / 2].time
        }
        checkpoint = start

        var session = start.session
        let rest = Array(inputs[start.played.count...]) + (running ? [] : [end])
        let outcomes = start.outcomes + session.play(rest, responder: responder)
        return GamePlay(mode: mode.identifier, standings: session.standings(), outcomes: outcomes)
    }

    /// The time before which inputs are taken into the checkpoint: `lag` before the latest input.
    private func cutoff(of inputs: [GameInput]) -> Seconds {
        guard let latest = inputs.last(where: { $0.time.isFinite })?.time else { return -.infinity }
        return latest - lag
    }

    /// Whether no response to `outcomes` comes at or after `last`, the time of the call's last
    /// input: `GameSession.play` plays every response in the call that prompted it, so such a
    /// response would be played before later inputs, where one call would play it after them.
    private static func noReply(to outcomes: [Outcome], atOrAfter last: Seconds, responder: (any Responder)?) -> Bool {
        guard let responder else { return true }
        return !outcomes.contains { responder.respond(to: $0).contains { !($0.time < last) } }
    }
}
