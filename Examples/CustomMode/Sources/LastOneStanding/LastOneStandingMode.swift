import GameModes
import RaceModel

/// "Last one standing": every `intervalSeconds` the participant who has reached the fewest
/// different stops is out (on a tie, the one whose last new stop came latest; then the larger
/// id in code point order). The last one left wins.
///
/// A complete third-party mode: a configuration with defaults and a checked option, a
/// validation rule, a deterministic reducer and standings.
public struct LastOneStandingMode: GameMode {
    public static let identifier = "last-one-standing"
    public static let summary = "Every interval the participant with the fewest stops is out; the last one left wins."
    public static let options = [
        ModeOption("intervalSeconds", type: "number > 0", default: "600", "time between eliminations")
    ]

    public struct Configuration: Codable, Sendable {
        public var intervalSeconds: Double = 600

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            intervalSeconds = try c.decode(.intervalSeconds, default: 600)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(intervalSeconds, forKey: .intervalSeconds)
        }

        enum CodingKeys: String, CodingKey { case intervalSeconds }
    }

    public struct Runner: Sendable {
        var id: String
        var name: String
        var stops: Set<String> = []
        var lastNewStop: Double = 0
        var outAt: Double?
    }

    public struct State: Sendable {
        var interval: Double
        var runners: [Runner]
        var nextElimination: Double
        var eliminated: [String] = []
        var winner: String?
        var ended = false
    }

    public init() {}

    public func initialState(race: Race, participants: [Participant], configuration: Configuration, seed: UInt64)
        -> State
    {
        let interval = max(1, configuration.intervalSeconds)
        return State(
            interval: interval, runners: participants.map { Runner(id: $0.id, name: $0.name) },
            nextElimination: interval)
    }

    public func reduce(_ state: inout State, _ input: GameInput) -> [Outcome] {
        var out: [Outcome] = []
        // Eliminations due before this input happen first.
        while state.winner == nil, state.nextElimination <= input.time {
            eliminate(&state, at: state.nextElimination, &out)
            state.nextElimination += state.interval
        }
        switch input {
        case .visit(let visit):
            guard let r = state.runners.firstIndex(where: { $0.id == visit.participant }),
                state.runners[r].outAt == nil, state.winner == nil
            else {
                return out + [
                    .recorded(
                        participant: visit.participant, stop: visit.stop, time: visit.time, reason: "not in the game")
                ]
            }
            if state.runners[r].stops.insert(visit.stop).inserted {
                state.runners[r].lastNewStop = visit.time
                out.append(.reached(participant: visit.participant, stop: visit.stop, time: visit.time))
            }
        case .leave(let participant, let time):
            if let r = state.runners.firstIndex(where: { $0.id == participant }), state.runners[r].outAt == nil,
                state.winner == nil
            {
                knockOut(&state, r, at: time, reason: "left", &out)
            }
        case .end:
            state.ended = true
        case .answer, .submission, .tick:
            break
        }
        return out
    }

    private func eliminate(_ state: inout State, at time: Double, _ out: inout [Outcome]) {
        let alive = state.runners.indices.filter { state.runners[$0].outAt == nil }
        guard alive.count > 1 else { return }
        // The weakest: fewest stops, then the latest last new stop, then the larger id.
        let weakest = alive.max { a, b in
            let ra = state.runners[a], rb = state.runners[b]
            if ra.stops.count != rb.stops.count { return ra.stops.count > rb.stops.count }
            if ra.lastNewStop != rb.lastNewStop { return ra.lastNewStop < rb.lastNewStop }
            return TieRule.codePointOrder(ra.id, rb.id)
        }!
        knockOut(&state, weakest, at: time, reason: "fewest stops", &out)
    }

    private func knockOut(_ state: inout State, _ r: Int, at time: Double, reason: String, _ out: inout [Outcome]) {
        state.runners[r].outAt = time
        state.eliminated.append(state.runners[r].id)
        out.append(.event(kind: "eliminated", competitor: state.runners[r].id, detail: reason, time: time))
        let alive = state.runners.filter { $0.outAt == nil }
        if alive.count == 1 {
            state.winner = alive[0].id
            out.append(.win(alive[0].id, time: time))
        }
    }

    public func standings(_ state: State) -> Standings {
        let alive = state.runners.filter { $0.outAt == nil }.sorted { $0.stops.count > $1.stops.count }
        let out = state.eliminated.reversed().compactMap { id in state.runners.first { $0.id == id } }
        let rows = (alive + out).enumerated().map { i, runner in
            StandingsRow(
                rank: i + 1, competitor: runner.id, name: runner.name, members: [runner.id],
                status: runner.outAt != nil ? .didNotFinish : (state.winner == runner.id ? .ok : .active),
                stopsReached: runner.stops.count, details: ["out": runner.outAt.map { String(Int($0)) } ?? ""])
        }
        return Standings(mode: Self.identifier, columns: ["out"], rows: rows, final: state.ended || state.winner != nil)
    }

    public func validate(_ configuration: Configuration, context: ValidationContext, path: String) -> [ValidationIssue]
    {
        var issues: [ValidationIssue] = []
        if !(configuration.intervalSeconds > 0) {
            issues.append(
                ValidationIssue(
                    .error, "bad-mode-option", at: path + "/intervalSeconds", "intervalSeconds must be positive"))
        }
        if context.race.participants.count < 2 {
            issues.append(
                ValidationIssue(
                    .warning, "too-few-players", at: "/participants",
                    "last one standing needs at least two participants"))
        }
        return issues
    }
}
