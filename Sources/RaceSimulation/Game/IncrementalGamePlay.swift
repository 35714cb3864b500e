import GameModes
import GeoCore
import RaceKitCore
import RaceModel

/// ``GamePlay`` of a race whose replay grows, as a live race's does: the game is kept at a
/// checkpoint some time behind the latest input or fix, and each call plays only what came
/// after it, on a copy. The result equals `GamePlay` of the same replay (a test holds them to
/// it). A call costs a comparison of the visits before the checkpoint with the ones it played,
/// and the sorting and playing of the inputs after it: an hour into a race, not the hour's
/// inputs sorted and compared again.
///
/// The checkpoint is used only while the inputs before it in time are the ones it played: a
/// late fix that adds or moves a visit before it, or a change of who plays, makes the game play
/// again from the start. (A visit is its arrival, so a participant leaving a stop changes
/// nothing the checkpoint played.) It only moves up to a point where splitting the inputs there
/// changes nothing: no response the responder gives to what was played falls at or after the
/// last input played (round deadlines carry over in the session).
///
/// Pass the same race, mode, configuration, seed and responder (apart from its scheduled
/// inputs) on every call; a new value is needed for another race.
public struct IncrementalGamePlay: Sendable {
    /// How far the checkpoint stays behind the latest input or fix, in seconds: visits and
    /// responses that arrive later than this (late fixes, slow answers) make the next call play
    /// from the start, as every call would without a checkpoint.
    public var lag: Seconds

    private var checkpoint: Checkpoint?

    /// How many inputs the checkpoint has played (0: none yet).
    public var checkpointInputs: Int { checkpoint.map { $0.visits.count + $0.scheduled.count } ?? 0 }
    /// How many calls found the checkpoint no longer held and played the game from the start.
    public private(set) var startsOver = 0

    /// Who plays, with what: a checkpoint is only good for the same.
    private struct Setting: Equatable, Sendable {
        var mode: String
        var configuration: JSONValue?
        var seed: UInt64
        var players: [Participant]
        /// The id each replay participant plays under: a visit's participant index means the
        /// same player only while these are the same.
        var playerIDs: [String]
    }

    /// What of a replay's visit the game reads, compared bit for bit.
    private struct VisitKey: Equatable, Sendable {
        var participant: Int
        var stop: Int
        var time: UInt64
        var accuracy: UInt64?

        init(_ visit: StopVisit) {
            participant = visit.participant
            stop = visit.stop
            time = visit.time.bitPattern
            accuracy = visit.accuracyMeters?.bitPattern
        }
    }

    /// A session after every input before a time, and what it decided.
    private struct Checkpoint: Sendable {
        var setting: Setting
        /// The inputs before this time, and only they, have been played.
        var boundary: Seconds
        /// The replay's visits played, in the replay's order: the first of its visits.
        var visits: [VisitKey]
        /// The scheduled inputs played, in ``TieRule`` order.
        var scheduled: [GameInput]
        var session: GameSession
        var outcomes: [Outcome]

        /// The inputs of `replay` and `scheduled` at or after ``boundary``, unsorted; `nil` when
        /// the ones before it are not those played.
        func inputs(after replay: ReplayResult, scheduled all: [GameInput]) -> [GameInput]? {
            let replayed = replay.visits
            guard replayed.count >= visits.count else { return nil }
            for i in visits.indices where VisitKey(replayed[i]) != visits[i] { return nil }
            var later: [GameInput] = []
            for visit in replayed[visits.count...] {
                guard !(visit.time < boundary) else { return nil }
                later.append(GamePlay.input(of: visit, race: replay.race, playerIDs: setting.playerIDs))
            }
            var before: [GameInput] = []
            for input in all {
                if input.time < boundary { before.append(input) } else { later.append(input) }
            }
            guard TieRule.sorted(before) == scheduled else { return nil }
            return later
        }

        /// Records that the inputs before `time` have been played, `played` being those of
        /// them after the old boundary.
        mutating func moveBoundary(to time: Seconds, played: [GameInput], replay: ReplayResult) {
            boundary = time
            var next = visits.count
            while next < replay.visits.count, replay.visits[next].time < time {
                visits.append(VisitKey(replay.visits[next]))
                next += 1
            }
            // A visit before `time` further on (the replay's visits out of time order) fails
            // the next call's check, which then plays from the start.
            let newScheduled = played.filter { if case .visit = $0 { false } else { true } }
            if !newScheduled.isEmpty { scheduled = TieRule.sorted(scheduled + newScheduled) }
        }
    }

    /// A game with no checkpoint yet, kept `lag` seconds behind the latest input or fix.
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
        let scheduled = responder?.scheduledInputs ?? []
        let setting = Setting(
            mode: mode.identifier, configuration: configuration, seed: seed, players: players,
            playerIDs: GamePlay.playerIDs(of: replay))

        var start: Checkpoint
        let unsorted: [GameInput]
        if let checkpoint, checkpoint.setting == setting,
            let later = checkpoint.inputs(after: replay, scheduled: scheduled)
        {
            start = checkpoint
            unsorted = later
        } else {
            if checkpoint != nil { startsOver += 1 }
            let session = try mode.session(
                race: replay.race, participants: players, configuration: configuration, seed: seed)
            start = Checkpoint(
                setting: setting, boundary: -.infinity, visits: [], scheduled: [], session: session, outcomes: [])
            unsorted =
                replay.visits.map { GamePlay.input(of: $0, race: replay.race, playerIDs: setting.playerIDs) }
                + scheduled
        }
        checkpoint = nil  // moved up in place below, not through a copy that shares its storage
        let inputs = TieRule.sorted(unsorted)

        var taken = 0
        var cutoff = cutoff(of: inputs, lastFix: replay.lastFixTime)
        // A stretch that prompts a reply at or after its end cannot go into the checkpoint: its
        // first half, cut between two times, is tried instead, a few times at most.
        for _ in 0..<4 {
            let upTo = inputs.firstIndex { !($0.time < cutoff) } ?? inputs.count
            guard upTo > 0 else { break }
            var session = start.session
            let added = Array(inputs[..<upTo])
            let produced = session.play(added, responder: responder)
            if Self.noReply(to: produced, atOrAfter: added[added.count - 1].time, responder: responder) {
                start.moveBoundary(to: cutoff, played: added, replay: replay)
                start.session = session
                start.outcomes += produced
                taken = upTo
                break
            }
            cutoff = inputs[upTo / 2].time
        }
        checkpoint = start

        var session = start.session
        let rest = Array(inputs[taken...]) + (running ? [] : [GamePlay.end(of: replay, scheduled: scheduled)])
        let later = session.play(rest, responder: responder)
        return GamePlay(
            mode: mode.identifier, standings: session.standings(), outcomes: start.outcomes, then: later)
    }

    /// The time before which inputs are taken into the checkpoint: `lag` before the latest
    /// input or fix. The fixes count too: in a race whose runners are all between stops, the
    /// visits at the start go into the checkpoint once the clock has moved on, instead of being
    /// played again on every call until the next visit.
    private func cutoff(of inputs: [GameInput], lastFix: Seconds?) -> Seconds {
        let latestInput = inputs.last(where: { $0.time.isFinite })?.time ?? -.infinity
        let latestFix = lastFix.flatMap { $0.isFinite ? $0 : nil } ?? -.infinity
        return max(latestInput, latestFix) - lag
    }

    /// Whether no response to `outcomes` comes at or after `last`, the time of the call's last
    /// input: `GameSession.play` plays every response in the call that prompted it, so such a
    /// response would be played before later inputs, where one call would play it after them.
    private static func noReply(to outcomes: [Outcome], atOrAfter last: Seconds, responder: (any Responder)?) -> Bool {
        guard let responder else { return true }
        return !outcomes.contains { responder.respond(to: $0).contains { !($0.time < last) } }
    }
}
