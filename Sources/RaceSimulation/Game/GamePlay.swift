import GameModes
import GeoCore
import GeoFormats
import RaceKitCore
import RaceModel

/// A replay scored under a game mode: the replay's visits, in time order, fed to the mode,
/// with answers and submissions from a responder (a seeded model or a file).
public struct GamePlay: Sendable {
    /// The mode's identifier.
    public let mode: String
    /// The standings once every visit has been played.
    public let standings: Standings
    /// Everything the mode decided, in time order.
    public var outcomes: [Outcome] { later.isEmpty ? earlier : earlier + later }
    /// The outcomes, in two parts: a live race's game (``IncrementalGamePlay``) shares the first
    /// with its checkpoint instead of copying an hour's outcomes on every update; they are
    /// joined only when read.
    private let earlier: [Outcome]
    private let later: [Outcome]

    /// Plays `replay` under `mode`.
    /// - Parameters:
    ///   - replay: the replayed race whose visits the mode plays.
    ///   - mode: the game mode to play.
    ///   - configuration: the mode's options; the race's own when it names this mode, else defaults.
    ///   - responder: who answers questions and submits clues (its `Responder.scheduledInputs`
    ///     are played at their times); `nil` for nobody.
    ///   - seed: the mode's random choices (pairings, rotations) derive from it.
    ///   - running: the race is still on (a live race before the organiser ends it): the game
    ///     gets no `GameInput.end(_:)`, so who has not finished is still running and nothing
    ///     is decided for want of an answer.
    /// - Throws: `ModeConfigurationError` when the configuration does not fit the mode.
    public init(
        _ replay: ReplayResult, mode: AnyGameMode, configuration: JSONValue? = nil,
        responder: (any Responder)?, seed: UInt64, running: Bool = false
    ) throws(ModeConfigurationError) {
        var session = try mode.session(
            race: replay.race, participants: Self.players(of: replay), configuration: configuration, seed: seed)
        // The replay's visits, then the scheduled responses (answers, submissions, leaves at a
        // clock time), then the end unless the race is still on.
        let scheduled = responder?.scheduledInputs ?? []
        let ids = Self.playerIDs(of: replay)
        var inputs = replay.visits.map { Self.input(of: $0, race: replay.race, playerIDs: ids) } + scheduled
        if !running { inputs.append(Self.end(of: replay, scheduled: scheduled)) }
        earlier = session.play(inputs, responder: responder)
        later = []
        standings = session.standings()
        self.mode = mode.identifier
    }

    /// A game already played, its outcomes `earlier`, then `later`.
    init(mode: String, standings: Standings, outcomes earlier: [Outcome], then later: [Outcome]) {
        self.mode = mode
        self.standings = standings
        self.earlier = earlier
        self.later = later
    }

    /// Who plays `replay`: each track as its race participant, or as a participant of its own
    /// name; the race's listed participants without a fix (DidNotStart in the course standings)
    /// do not play.
    static func players(of replay: ReplayResult) -> [Participant] {
        let names = replay.input.names
        let ids = playerIDs(of: replay)
        let playing = names.indices.filter { replay.courses[$0].status != .didNotStart }
        let playingIDs = Set(playing.map { ids[$0] })
        var participants = replay.race.participants.filter { playingIDs.contains($0.id) }
        var added = Set(participants.map(\.id))
        for p in playing where added.insert(ids[p]).inserted {
            participants.append(Participant(id: ids[p], name: names[p]))
        }
        return participants
    }

    /// The id each of `replay`'s tracks plays under: its race participant's, or its own name.
    static func playerIDs(of replay: ReplayResult) -> [String] {
        let names = replay.input.names
        return names.indices.map { replay.input.participantIDs[$0] ?? names[$0] }
    }

    /// The input of one of a replay's visits, `playerIDs` being ``playerIDs(of:)`` of the replay.
    static func input(of visit: StopVisit, race: Race, playerIDs: [String]) -> GameInput {
        .visit(
            Visit(
                participant: playerIDs[visit.participant], stop: race.stops[visit.stop].id, time: visit.time,
                accuracyMeters: visit.accuracyMeters))
    }

    /// The end of the game: after the last of everything, the time limit included (so a late
    /// leave or rematch still counts).
    static func end(of replay: ReplayResult, scheduled: [GameInput]) -> GameInput {
        let lastFix = replay.lastFixTime ?? 0
        let lastResponse = scheduled.map(\.time).filter(\.isFinite).max() ?? 0
        return .end(max(lastFix, replay.race.timeLimitSeconds ?? 0, lastResponse))
    }
}
