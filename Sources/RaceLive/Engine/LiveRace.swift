import GameModes
import GeoCore
import GeoFormats
import RaceKitCore
import RaceModel
import RaceSimulation

/// A live race's state as a deterministic function of its log: the race, who joined, and
/// every accepted fix, game input and organiser action, whatever order they arrived in.
///
/// Applying entries only records them (sorted into place, duplicates dropped); ``refresh()``
/// re-derives the visits, course checks and game by the same path `racekit simulate` takes
/// (`TrackFiles.replayInput`, `RaceReplay`, `GamePlay`),
/// and only when something changed: a late fix costs one re-derivation, however many arrive
/// before the next refresh. So the live result equals the offline replay of the exported log
/// (``LogExport``), which the tests check on every sample route. The leaderboard, derived many
/// times a second while a race runs, comes from ``leaderboardState()`` instead, which takes in
/// only the fixes added since its last call; ``takeInFixes()`` alone tells whether it changed.
public struct LiveRace: Sendable {
    /// The race's id on the server.
    public let raceID: String
    /// The race as its file describes it.
    public let race: Race
    /// The seed of the game's random choices (`racekit simulate --seed`, 1 by default).
    public let seed: UInt64
    /// Who joined, in joining order: the participant order of the replay.
    public private(set) var participants: [StoredParticipant] = []
    private var participantIDs: Set<String> = []
    /// Counts the changes to `participants` (joins, the store's order taken).
    private var participantsRevision = 0
    /// The organiser's start, seconds since 1970, once started.
    public private(set) var startedAt: Double?
    /// The organiser's end, seconds since 1970, once ended.
    public private(set) var endedAt: Double?
    /// The highest sequence number applied.
    public private(set) var lastSequence: Int64 = 0
    /// Each participant's fixes in time order, and what changed since the incremental replay
    /// took them in.
    private var fixes = ParticipantTracks()
    /// How many fixes the tracks hold.
    public private(set) var fixCount = 0
    private var gameInputs: Set<LiveGameInput> = []
    private var derived: LiveRaceState?
    /// Counts the changes applied (entries, joins): what a state derived elsewhere
    /// (``snapshot()``) was derived at.
    public private(set) var revision = 0
    private let replayer: Result<RaceReplay, ReplayError>
    /// The replay the leaderboard is derived from, fed fix by fix (``leaderboardState()``),
    /// and the clock origin its times are on.
    private var incremental: (replay: IncrementalReplay, origin: Double)?
    private var leaderboardDerived: LiveRaceState?
    /// The tracks the replay's result lists, in order (each track's key, display name and race
    /// id), and the race's participants without a track; kept while the participants and the
    /// number of tracks (`basedOn`) stay the same.
    private var replayOrder:
        (
            basedOn: (participants: Int, tracks: Int), trackNames: [String],
            tracks: [(key: String, name: String, participantID: String?)],
            untracked: [(name: String, participantID: String?)]
        )?
    /// The game played on the incremental replay, from its checkpoint.
    private var incrementalGame = IncrementalGamePlay()
    /// The last state's game and what it was played on: while the race runs and takes in only
    /// fixes that reach no stop, the game stays the same and is not played again.
    private var playedGame: (basis: GameBasis, game: GamePlay?, problem: String?)?
    /// Counts the changes to what the leaderboard ranks, as ``takeInFixes()`` finds them:
    /// while it stays the same, so do the leaderboard states' visits, course checks, game and
    /// problem, and a leaderboard of them differs only in its sequence number.
    public private(set) var leaderboardRevision = 0
    /// What the last ``takeInFixes()`` found the leaderboard ranking by.
    private var ranked: RankingBasis?

    /// What the game of a running race is a function of, besides the race and the seed.
    private struct GameBasis: Equatable {
        /// The race clock's origin; the replay starts over when it moves.
        let origin: Double
        /// ``IncrementalReplay/arrivalRevision``: the visits' arrivals, which the game plays.
        let arrivalRevision: Int
        /// The tracked participants, in replay order: the players.
        let trackNames: [String]
        /// How many game inputs the log holds (they are only ever added).
        let inputCount: Int
    }

    /// What the leaderboard of a running race is a function of, besides its status and the
    /// participants' names: the game's basis and every visit (the course checks read them).
    private struct RankingBasis: Equatable {
        let game: GameBasis
        /// ``IncrementalReplay/visitRevision``.
        let visitRevision: Int
    }

    /// A race nobody has joined yet.
    public init(raceID: String, race: Race, seed: UInt64 = 1) {
        self.raceID = raceID
        self.race = race
        self.seed = seed
        replayer = Result { () throws(ReplayError) in try RaceReplay(race: race) }
    }

    /// `created`, `started` or `ended`, by the organiser's actions so far.
    public var status: String { endedAt != nil ? "ended" : startedAt != nil ? "started" : "created" }

    /// The race clock's origin, seconds since 1970: the race file's `startTime`, else the
    /// organiser's start, else 2000-01-01 (as `racekit simulate` uses for a race without one).
    public var clockOrigin: Double {
        if let text = race.startTime, let epoch = Timestamp.parse(text) { return epoch }
        return startedAt ?? 946_684_800
    }

    /// Adds a participant who joined (idempotent for the same id).
    public mutating func join(_ participant: StoredParticipant) {
        guard participantIDs.insert(participant.id).inserted else { return }
        participants.append(participant)
        participantsRevision += 1
        changed()
    }

    /// Takes the store's list of participants as the joining order (another instance's joins
    /// interleave with this one's there); participants this engine already had stay.
    public mutating func adoptParticipants(_ stored: [StoredParticipant]) {
        guard stored.map(\.id) != participants.map(\.id) else { return }
        let known = Set(stored.map(\.id))
        participants = stored + participants.filter { !known.contains($0.id) }
        participantIDs = Set(participants.map(\.id))
        participantsRevision += 1
        changed()
    }

    /// Whether `participant` has joined.
    public func hasJoined(_ participant: String) -> Bool { participantIDs.contains(participant) }

    /// Whether an entry is of a participant this engine has not seen join (they joined on
    /// another server instance): then ``adoptParticipants(_:)`` is due before applying them.
    public func needsParticipants(for entries: [LogEntry]) -> Bool {
        entries.contains { entry in entry.payload.participant.map { !hasJoined($0) } ?? false }
    }

    /// Whether `payload` would change nothing: a fix of the same participant at the same time,
    /// or the same game input, is already in the log.
    public func isDuplicate(_ payload: LogPayload) -> Bool {
        switch payload {
        case .fix(let fix): return fixes.holds(fix)
        case .game(let input): return gameInputs.contains(input)
        case .organiser(.start): return startedAt != nil
        case .organiser(.end): return endedAt != nil
        }
    }

    /// Where `participant`'s fixes are, for ``holdsFix(at:inTrack:)``; `nil` before their first.
    func fixTrack(of participant: String) -> Int? { fixes.slot(of: participant) }

    /// Whether the track ``fixTrack(of:)`` gave has a fix at `time` (a resent fix): a run of
    /// one participant's fixes is checked without hashing their id per fix.
    func holdsFix(at time: Double, inTrack track: Int) -> Bool { fixes.holds(time: time, inTrack: track) }

    /// Records one log entry. A fix goes to its place in its participant's track (a late fix
    /// between earlier ones); a duplicate is dropped.
    /// - Returns: whether the entry changed anything.
    @discardableResult
    public mutating func apply(_ entry: LogEntry) -> Bool {
        lastSequence = max(lastSequence, entry.sequence)
        switch entry.payload {
        case .fix(let fix):
            guard fixes.insert(fix) else { return false }
            fixCount += 1
        case .game(let input):
            guard !gameInputs.contains(input) else { return false }
            gameInputs.insert(input)
        case .organiser(.start(let time)):
            guard startedAt == nil else { return false }
            startedAt = time
        case .organiser(.end(let time)):
            guard endedAt == nil else { return false }
            endedAt = time
        }
        changed()
        return true
    }

    /// Records entries in order, each as applying it alone does: one access to the
    /// engine for a whole batch.
    public mutating func apply(_ entries: [LogEntry]) {
        for entry in entries { apply(entry) }
    }

    /// Forgets the derived states and counts a change. A state is only written when there is
    /// one: writing `nil` over a large optional costs as much as a fix's insert.
    private mutating func changed() {
        if derived != nil { derived = nil }
        if leaderboardDerived != nil { leaderboardDerived = nil }
        revision += 1
    }

    /// The fixes of `participant` in time order.
    public func track(of participant: String) -> [LiveFix] { fixes[participant] ?? [] }

    /// The game inputs in a fixed order (time, then participant, then content), as the export
    /// writes them and the game reads them.
    public var orderedGameInputs: [LiveGameInput] {
        gameInputs.sorted { a, b in
            (a.time, a.participant, "\(a.kind)") < (b.time, b.participant, "\(b.kind)")
        }
    }

    /// The name a participant's track carries: a listed race participant's id (so the
    /// simulator matches it to that participant and course), else the joined id itself.
    public func trackName(of participant: StoredParticipant) -> String { participant.id }

    /// A copy to derive the whole state from elsewhere (``derivedState()``), while this engine
    /// takes in more entries. It leaves out the leaderboard's incremental parts, so that this
    /// engine goes on changing those in place; applying entries meanwhile copies only the
    /// tracks they change, once.
    public func snapshot() -> LiveRace {
        var copy = self
        copy.incremental = nil
        copy.fixes.forgetChanges()
        copy.leaderboardDerived = nil
        copy.replayOrder = nil
        copy.incrementalGame = IncrementalGamePlay()
        return copy
    }

    /// The state after every entry applied so far, as ``refresh()`` gives it, without keeping
    /// it: for a ``snapshot()``.
    public func derivedState() -> LiveRaceState {
        if let derived, derived.sequence == lastSequence { return derived }
        return derive()
    }

    /// Keeps `state`, derived from a snapshot at `revision`, for ``refresh()``: when nothing
    /// changed since that snapshot.
    public mutating func adopt(_ state: LiveRaceState, derivedAt revision: Int) {
        if revision == self.revision { derived = state }
    }

    /// The state after every entry applied so far, re-derived only if something changed since
    /// the last call.
    public mutating func refresh() -> LiveRaceState {
        let state = derivedState()
        derived = state
        return state
    }

    /// The state the leaderboard needs, as ``refresh()`` would give it but without the fixes
    /// and the event log in its replay: visits, course checks and the game. Derived from a
    /// replay that takes in only the fixes added since the last call, so a busy race costs
    /// time in the fixes that arrived, not in the fixes it holds; a late fix replays its
    /// participant's track again, nobody else's. The game plays on from a checkpoint some
    /// seconds back (`IncrementalGamePlay`). The tests hold its leaderboard to the one of
    /// ``refresh()`` after every entry of seeded random logs.
    public mutating func leaderboardState() -> LiveRaceState {
        if let leaderboardDerived, leaderboardDerived.sequence == lastSequence { return leaderboardDerived }
        // Let go of first: its game shares its outcomes with the game's checkpoint, which can
        // then take the next ones in place instead of copying them all.
        leaderboardDerived = nil
        let state = deriveIncrementally()
        leaderboardDerived = state
        return state
    }

    /// Brings the leaderboard's replay up to the fixes added since the last call, and moves
    /// ``leaderboardRevision`` on when what it ranks may have changed: whether a leaderboard
    /// needs building at all, at a cost that follows the fixes that arrived (no state is
    /// built). ``leaderboardState()`` starts with it.
    public mutating func takeInFixes() {
        guard case .success(let replayer) = self.replayer else { return }
        let origin = clockOrigin
        // Times are on the race clock: when its origin moves (the organiser's start), every
        // track is replayed again.
        if incremental?.origin != origin {
            incremental = (IncrementalReplay(replay: replayer), origin)
            fixes.markAllChanged()
        }
        guard var replay = incremental?.replay else { preconditionFailure("set above") }
        incremental = nil  // updated in place below, not through a copy that shares its storage
        for (participant, track, from) in fixes.takeChanges(of: participantIDs.contains) {
            replay.update(participant, count: track.count, unchanged: from) { i in
                (track[i].time - origin, track[i].latitude, track[i].longitude, nil)
            }
        }
        incremental = (replay, origin)
        // The participants with a track change only with a join or a first fix.
        let basedOn = (participants: participantsRevision, tracks: fixes.trackCount)
        if replayOrder.map({ $0.basedOn != basedOn }) ?? true {
            let tracked = participants.filter { fixes.slot(of: $0.id) != nil }
            let trackNames = tracked.map(trackName(of:))
            let (names, ids) = TrackFiles.replayParticipants(trackNames: trackNames, race: race)
            replayOrder = (
                basedOn, trackNames,
                tracked.indices.map { (key: tracked[$0].id, name: names[$0], participantID: ids[$0]) },
                (tracked.count..<names.count).map { (name: names[$0], participantID: ids[$0]) }
            )
        }
        guard let trackNames = replayOrder?.trackNames else { preconditionFailure("set above") }
        let basis = RankingBasis(
            game: GameBasis(
                origin: origin, arrivalRevision: replay.arrivalRevision, trackNames: trackNames,
                inputCount: gameInputs.count),
            visitRevision: replay.visitRevision)
        // An ended race's game reads its last fix too (its end input), so it is played anew.
        if basis != ranked || endedAt != nil { leaderboardRevision += 1 }
        ranked = basis
    }

    private mutating func deriveIncrementally() -> LiveRaceState {
        if case .failure(let error) = replayer {
            return LiveRaceState(sequence: lastSequence, replay: nil, game: nil, problem: error.description)
        }
        takeInFixes()
        guard case (var replay, let origin)? = incremental, let order = replayOrder, let basis = ranked?.game else {
            preconditionFailure("taken in above")
        }
        incremental = nil  // its caches filled in place below
        let result = replay.result(tracks: order.tracks, untracked: order.untracked)
        incremental = (replay, origin)
        if endedAt == nil, let played = playedGame, played.basis == basis {
            return LiveRaceState(sequence: lastSequence, replay: result, game: played.game, problem: played.problem)
        }
        // Let go of first, as the state before: the game shares its outcomes with the checkpoint.
        playedGame = nil
        let state = playedState(of: result)
        playedGame = (basis, state.game, state.problem)
        return state
    }

    /// The state of `result`, the incremental replay's, with the game played on from its
    /// checkpoint.
    private mutating func playedState(of result: ReplayResult) -> LiveRaceState {
        var game = incrementalGame
        incrementalGame = IncrementalGamePlay()  // played on in place, not through a shared copy
        defer { incrementalGame = game }
        return state(of: result) { mode, configuration, responses throws(ModeConfigurationError) in
            try game.play(
                result, mode: mode, configuration: configuration, responder: responses, seed: seed,
                running: endedAt == nil)
        }
    }

    /// The state, derived from scratch.
    private func derive() -> LiveRaceState {
        let replayer: RaceReplay
        switch self.replayer {
        case .success(let r): replayer = r
        case .failure(let error):
            return LiveRaceState(sequence: lastSequence, replay: nil, game: nil, problem: error.description)
        }
        let tracks = participants.compactMap { p -> LoadedTrack? in
            guard let fixes = fixes[p.id], !fixes.isEmpty else { return nil }
            return LoadedTrack(
                name: trackName(of: p), file: p.id,
                points: fixes.map { (time: $0.time, latitude: $0.latitude, longitude: $0.longitude) })
        }
        let input = TrackFiles.replayInput(tracks, race: race, alignment: .clock, raceStart: clockOrigin)
        let replay = replayer.run(input)
        return state(of: replay) { mode, configuration, responses throws(ModeConfigurationError) in
            try GamePlay(
                replay, mode: mode, configuration: configuration, responder: responses, seed: seed,
                running: endedAt == nil)
        }
    }

    /// The state of `replay` with the race's game played on it by `play` (given the mode, its
    /// configuration in the race and the participants' game inputs): from scratch, or from the
    /// incremental game's checkpoint.
    private func state(
        of replay: ReplayResult,
        play: (AnyGameMode, JSONValue?, ResponseFile) throws(ModeConfigurationError) -> GamePlay
    ) -> LiveRaceState {
        guard race.mode.name != "none", let mode = GameModeRegistry.standard.mode(named: race.mode.name) else {
            return LiveRaceState(sequence: lastSequence, replay: replay, game: nil, problem: nil)
        }
        var responses = ResponseFile()
        let origin = clockOrigin
        responses.inputs = orderedGameInputs.map { $0.gameInput(clockOrigin: origin) }
        do throws(ModeConfigurationError) {
            let game = try play(mode, mode.configuration(in: race), responses)
            return LiveRaceState(sequence: lastSequence, replay: replay, game: game, problem: nil)
        } catch {
            return LiveRaceState(sequence: lastSequence, replay: replay, game: nil, problem: error.description)
        }
    }
}

extension LiveGameInput {
    /// The input on the race clock, as a game mode reads it.
    public func gameInput(clockOrigin: Double) -> GameInput {
        let t = time - clockOrigin
        switch kind {
        case .answer(let stop, let choice):
            return .answer(Answer(participant: participant, stop: stop, choice: choice, time: t))
        case .submission(let round, let text):
            return .submission(Submission(participant: participant, round: round, text: text, time: t))
        case .leave: return .leave(participant: participant, time: t)
        }
    }
}
