import Foundation
import GeoCore
import RaceKitCore
import RaceModel

/// The territory game (tic-tac-toe on the map): an N×N grid of zones, two teams; a zone goes
/// to the first team to reach it; a line of N wins; a full board without a line is a draw; a
/// rematch resets the board and keeps the running score.
///
/// - The zones are `zones` (N×N stop ids, row-major from the north-west), or the race's first
///   N×N stops. The teams are the race's first two teams.
/// - A zone is claimed by the first visit of a member of either team; same-second arrivals are
///   settled by the ``TieRule``. With `turns`, only the team whose turn it is can claim (the
///   other team's visits are recorded); turns alternate after each claim, and games alternate
///   which team starts (game 1: the first team).
/// - After a win or a draw the next game (up to `games` in all) starts `rematchDelaySeconds`
///   later (`rematch: "auto"`), or once a member of each team has submitted `rematch`
///   (`"agree"`, as both players press Rematch in the app).
/// - A team whose members have all left loses the game in progress, and no rematch follows. A
///   game still open at the end has no result.
public struct TerritoryMode: GameMode {
    /// The name race files use in `mode.name`.
    public static let identifier = "territory"
    /// One line for `racekit modes`.
    public static let summary =
        "Tic-tac-toe on an N×N grid of zones: two teams claim zones by arrival, a line wins, a rematch keeps the score."
    /// The options of ``Configuration``, documented for `racekit modes`.
    public static let options = [
        ModeOption("size", type: "integer 2…9", default: "3", "N: the board is N×N zones and a line of N wins"),
        ModeOption(
            "zones", type: "array of N×N stop ids", default: "[]",
            "the zones row-major from the north-west; empty: the race's first N×N stops"),
        ModeOption(
            "turns", type: "boolean", default: "false", "a zone can only be claimed by the team whose turn it is"),
        ModeOption(
            "games", type: "integer ≥ 1", default: "3",
            "how many games are played at most (the first and its rematches)"),
        ModeOption(
            "rematch", type: Rematch.typeDescription, default: "\"auto\"",
            "auto: the next game starts rematchDelaySeconds after a result; agree: once each team submits \"rematch\""),
        ModeOption(
            "rematchDelaySeconds", type: "number ≥ 0", default: "60", "with rematch \"auto\", the pause between games"),
    ]

    /// The values of the `rematch` option.
    public enum Rematch: String, ModeChoice {
        case auto, agree
    }

    /// The mode's options, read from the race's `mode.config`; every option has a default, so `{}` decodes.
    public struct Configuration: Codable, Sendable, Hashable {
        /// N: the board is N×N zones and a line of N wins.
        public var size = 3
        /// The zones row-major from the north-west; empty: the race's first N×N stops.
        public var zones: [String] = []
        /// A zone can only be claimed by the team whose turn it is.
        public var turns = false
        /// How many games are played at most (the first and its rematches).
        public var games = 3
        /// Auto: the next game starts rematchDelaySeconds after a result; agree: once each team submits "rematch".
        public var rematch = Rematch.auto
        /// With rematch "auto", the pause between games.
        public var rematchDelaySeconds: Seconds = 60

        /// Creates a configuration; the defaults are those of an empty `mode.config`.
        public init(
            size: Int = 3, zones: [String] = [], turns: Bool = false, games: Int = 3, rematch: Rematch = .auto,
            rematchDelaySeconds: Seconds = 60
        ) {
            self.size = size
            self.zones = zones
            self.turns = turns
            self.games = games
            self.rematch = rematch
            self.rematchDelaySeconds = rematchDelaySeconds
        }

        /// Decodes the options, taking the default for each one that is missing.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            size = try c.decode(.size, default: 3)
            zones = try c.decode(.zones, default: [])
            turns = try c.decode(.turns, default: false)
            games = try c.decode(.games, default: 3)
            rematch = try c.decode(.rematch, default: .auto)
            rematchDelaySeconds = try c.decode(.rematchDelaySeconds, default: 60)
        }
    }

    /// Creates the mode; its behaviour comes from the configuration.
    public init() {}

    struct Side: Sendable {
        var id: String
        var name: String
        var members: [String]
        var left: Set<String> = []
        var record = GameRecord()
        var wantsRematch = false
        var zonesTotal = 0

        var gone: Bool { !members.isEmpty && members.allSatisfy(left.contains) }
    }

    /// What the mode remembers between inputs.
    public struct State: Sendable {
        var configuration: Configuration
        var zones: [String]
        var sides: [Side]
        var sideOf: [String: Int]
        /// The board of the game being played.
        public internal(set) var board: TerritoryBoard
        /// 1-based number of the game being played (or just over).
        public internal(set) var game = 1
        var turn = 0
        var over = false
        var overAt: Seconds = 0
        var finished = false
        var ended = false
    }

    /// The zones of a race under `configuration`.
    static func zones(_ race: Race, _ configuration: Configuration) -> [String] {
        let n = max(0, configuration.size)
        return configuration.zones.isEmpty ? Array(race.stops.prefix(n * n).map(\.id)) : configuration.zones
    }

    /// The state before the first input.
    public func initialState(race: Race, participants: [Participant], configuration: Configuration, seed: UInt64)
        -> State
    {
        let n = max(1, configuration.size)
        var zones = Self.zones(race, configuration)
        zones = Array(zones.prefix(n * n))
        let teams = Array(race.teams.prefix(2))
        var sides = teams.map { Side(id: $0.id, name: $0.name, members: []) }
        var sideOf: [String: Int] = [:]
        for participant in participants where sideOf[participant.id] == nil {
            if let s = sides.firstIndex(where: { $0.id == participant.team }) {
                sides[s].members.append(participant.id)
                sideOf[participant.id] = s
            }
        }
        return State(
            configuration: configuration, zones: zones, sides: sides, sideOf: sideOf, board: TerritoryBoard(size: n))
    }

    /// Applies one input, in time order, and says what it caused.
    public func reduce(_ state: inout State, _ input: GameInput) -> [Outcome] {
        var out: [Outcome] = []
        let t = input.time
        if state.over, !state.finished, state.configuration.rematch == .auto,
            state.overAt + state.configuration.rematchDelaySeconds <= t
        {
            reset(&state, at: state.overAt + state.configuration.rematchDelaySeconds, &out)
        }
        switch input {
        case .visit(let visit):
            out += self.visit(&state, visit)
        case .submission(let submission):
            out += rematchRequest(&state, submission, input)
        case .answer:
            out.append(.ignored(input, reason: "the territory game takes no answers"))
        case .leave(let participant, let time):
            guard let s = state.sideOf[participant], !state.sides[s].left.contains(participant) else {
                return out + [.ignored(input, reason: "\(participant) is not playing")]
            }
            state.sides[s].left.insert(participant)
            out.append(.left(participant, time: time))
            if state.sides[s].gone {
                if !state.over && !state.finished, state.sides.count == 2 {
                    conclude(&state, winner: 1 - s, at: time, &out)
                }
                state.finished = true
            }
        case .tick:
            break
        case .end:
            state.ended = true
            state.finished = true
        }
        return out
    }

    private func visit(_ state: inout State, _ visit: Visit) -> [Outcome] {
        let recorded: (String) -> [Outcome] = {
            [.recorded(participant: visit.participant, stop: visit.stop, time: visit.time, reason: $0)]
        }
        guard let s = state.sideOf[visit.participant] else { return recorded("not on either team") }
        guard !state.sides[s].left.contains(visit.participant) else { return recorded("the participant has left") }
        guard let cell = state.zones.firstIndex(of: visit.stop) else { return recorded("not a zone") }
        guard state.sides.count == 2, !state.finished else { return recorded("no game is being played") }
        guard !state.over else { return recorded("game \(state.game) is over; waiting for the rematch") }
        if let holder = state.board.cells[cell] { return recorded("already held by \(holder)") }
        if state.configuration.turns && state.turn != s { return recorded("not \(state.sides[s].id)'s turn") }
        state.board.claim(cell, by: state.sides[s].id)
        state.sides[s].zonesTotal += 1
        state.turn = 1 - s
        var out: [Outcome] = [
            .reached(participant: visit.participant, stop: visit.stop, time: visit.time),
            .claim(by: state.sides[s].id, stop: visit.stop, points: 0, time: visit.time),
        ]
        if state.board.winner != nil {
            conclude(&state, winner: s, at: visit.time, &out)
        } else if state.board.isFull
            || state.zones.count < state.board.size * state.board.size
                && state.board.cells.prefix(state.zones.count).allSatisfy({ $0 != nil })
        {
            conclude(&state, winner: nil, at: visit.time, &out)
        }
        return out
    }

    /// Ends the game in progress: a win (or a forfeit) or a draw; records update.
    private func conclude(_ state: inout State, winner: Int?, at time: Seconds, _ out: inout [Outcome]) {
        state.over = true
        state.overAt = time
        if let winner {
            state.sides[winner].record.wins += 1
            state.sides[1 - winner].record.losses += 1
            out.append(.win(state.sides[winner].id, time: time))
        } else {
            state.sides[0].record.draws += 1
            state.sides[1].record.draws += 1
            out.append(.draw(state.sides.map(\.id), time: time))
        }
        for side in state.sides { out.append(.record(side.id, side.record, time: time)) }
        if state.game >= state.configuration.games { state.finished = true }
    }

    private func reset(_ state: inout State, at time: Seconds, _ out: inout [Outcome]) {
        state.game += 1
        state.board = TerritoryBoard(size: state.board.size)
        state.over = false
        state.turn = (state.game - 1) % 2
        for s in state.sides.indices { state.sides[s].wantsRematch = false }
        out.append(.boardReset(game: state.game, time: time))
        out.append(.roundStarted(state.game, time: time, deadline: nil))
    }

    private func rematchRequest(_ state: inout State, _ submission: Submission, _ input: GameInput) -> [Outcome] {
        guard submission.text.trimmingCharacters(in: .whitespaces).lowercased() == "rematch" else {
            return [.ignored(input, reason: "the territory game only takes \"rematch\" submissions")]
        }
        guard let s = state.sideOf[submission.participant], !state.sides[s].left.contains(submission.participant) else {
            return [.ignored(input, reason: "\(submission.participant) is not playing")]
        }
        guard state.over, !state.finished, state.configuration.rematch == .agree else {
            return [.ignored(input, reason: "no rematch to agree to")]
        }
        state.sides[s].wantsRematch = true
        var out: [Outcome] = []
        if state.sides.allSatisfy(\.wantsRematch) { reset(&state, at: submission.time, &out) }
        return out
    }

    /// The standings as they stand after the inputs so far.
    public func standings(_ state: State) -> Standings {
        let symbols = Dictionary(uniqueKeysWithValues: state.sides.enumerated().map { ($1.id, $0 == 0 ? "X" : "O") })
        let board = state.board.rendered { symbols[$0] ?? "?" }
        let rows = state.sides.map { side in
            StandingsRow(
                competitor: side.id, name: side.name, members: side.members,
                status: side.gone ? .didNotFinish : (state.finished || state.ended ? .ok : .active),
                points: 2 * side.record.wins + side.record.draws, stopsReached: side.zonesTotal,
                details: [
                    "record": side.record.description, "symbol": symbols[side.id] ?? "",
                    "zones": String(state.board.cells.filter { $0 == side.id }.count), "board": board,
                    "game": String(state.game),
                ])
        }.sorted { a, b in
            if (a.status == .didNotFinish) != (b.status == .didNotFinish) { return b.status == .didNotFinish }
            if a.points != b.points { return a.points > b.points }
            return TieRule.codePointOrder(a.competitor, b.competitor)
        }
        var ranked = competitionRanks(rows) { $0.points == $1.points && $0.status == $1.status }
        // Until a game has a result (a win, a draw, a forfeit) there is nothing to rank: no winner.
        let decided = state.sides.contains { $0.record.wins + $0.record.draws + $0.record.losses > 0 }
        if !decided {
            ranked = ranked.map {
                var row = $0; row.rank = nil; return row
            }
        }
        return Standings(
            mode: Self.identifier, columns: ["record", "symbol", "zones", "board"], rows: ranked, final: state.ended)
    }

    /// The mode's own checks of a race and its configuration.
    public func validate(_ configuration: Configuration, context: ValidationContext, path: String) -> [ValidationIssue]
    {
        var issues: [ValidationIssue] = []
        let race = context.race
        let n = configuration.size
        guard (2...9).contains(n) else {
            return [ValidationIssue(.error, "bad-mode-option", at: path + "/size", "size \(n) must be between 2 and 9")]
        }
        if configuration.games < 1 {
            issues.append(
                ValidationIssue(
                    .error, "bad-mode-option", at: path + "/games", "games \(configuration.games) must be at least 1"))
        }
        if !(configuration.rematchDelaySeconds.isFinite && configuration.rematchDelaySeconds >= 0) {
            issues.append(
                ValidationIssue(
                    .error, "bad-mode-option", at: path + "/rematchDelaySeconds",
                    "rematchDelaySeconds \(configuration.rematchDelaySeconds) must be 0 or more"))
        }
        if configuration.zones.isEmpty {
            if race.stops.count < n * n {
                issues.append(
                    ValidationIssue(
                        .error, "territory-too-few-zones", at: "/stops",
                        "a \(n)×\(n) board needs \(n * n) zones; the race has \(race.stops.count) stops",
                        hint: "add stops (TerritoryGrid.layout makes a grid) or list the zones in mode.config.zones"))
            }
        } else {
            if configuration.zones.count != n * n {
                issues.append(
                    ValidationIssue(
                        .error, "territory-too-few-zones", at: path + "/zones",
                        "a \(n)×\(n) board needs \(n * n) zones, not \(configuration.zones.count)"))
            }
            var seen = Set<String>()
            for (z, zone) in configuration.zones.enumerated() {
                let zonePath = JSONPointer.appending(path + "/zones", z)
                if context.stopIndex[zone] == nil {
                    issues.append(
                        ValidationIssue(
                            .error, "unknown-stop", at: zonePath, "zone \"\(zone)\" is not a stop of the race"))
                }
                if !seen.insert(zone).inserted {
                    issues.append(
                        ValidationIssue(.error, "repeated-stop", at: zonePath, "zone \"\(zone)\" is on the board twice")
                    )
                }
            }
        }
        if race.teams.count != 2 {
            issues.append(
                ValidationIssue(
                    .error, "territory-needs-two-teams", at: "/teams",
                    "the territory game is played by two teams; the race has \(race.teams.count)",
                    hint: "define exactly two teams and put every participant on one"))
        }
        for (i, team) in race.teams.prefix(2).enumerated()
        where !race.participants.contains(where: { $0.team == team.id }) {
            issues.append(
                ValidationIssue(
                    .warning, "empty-team", at: context.teamPath(i), "team \"\(team.id)\" has no participants"))
        }
        return issues
    }
}
