import GeoCore
import RaceModel

/// The quiz duel (Quiz With Me): rounds of questions; each player duels a random opponent per
/// round (never themselves, seeded: ``QuizPairing``); options are shuffled for each player and
/// the answer is judged by value; everyone answers at their own pace and progress is kept.
///
/// - The questions are the stops' tasks: course order first, then the other stops in file
///   order, cut into rounds of `questionsPerRound` (the last round may be shorter).
/// - `unlock: "stop"`: a question opens when the player reaches its stop. `"round"`: round 0
///   opens at the start and each next round opens for a player when they have answered the
///   one before.
/// - A question is answered once: the first answer counts, later ones are ignored. A correct
///   answer earns the stop's points (1 without points).
/// - A duel is decided when both players have answered the round (or left): more correct
///   answers wins, as many is a draw. A player who leaves before finishing a round loses its
///   open duels; if both leave the duel is void. At the end every open duel is decided on the
///   answers given (missing answers count as wrong).
/// - Standings: wins, then draws, then correct answers.
public struct QuizMode: GameMode {
    /// The name race files use in `mode.name`.
    public static let identifier = "quiz"
    /// One line for `racekit modes`.
    public static let summary =
        "The quiz duel: rounds of questions, options shuffled per player, a random opponent (never oneself), a win/draw/loss record."
    /// The options of ``Configuration``, documented for `racekit modes`.
    public static let options = [
        ModeOption("questionsPerRound", type: "integer ≥ 1", default: "10", "questions per round (one duel per round)"),
        ModeOption(
            "unlock", type: Unlock.typeDescription, default: "\"stop\"",
            "stop: a question opens when its stop is reached; round: a round's questions open together at its start"),
    ]

    /// The values of the `unlock` option.
    public enum Unlock: String, ModeChoice {
        case stop, round
    }

    /// The mode's options, read from the race's `mode.config`; every option has a default, so `{}` decodes.
    public struct Configuration: Codable, Sendable, Hashable {
        /// Questions per round (one duel per round).
        public var questionsPerRound = 10
        /// Stop: a question opens when its stop is reached; round: a round's questions open together at its start.
        public var unlock = Unlock.stop

        /// Creates a configuration; the defaults are those of an empty `mode.config`.
        public init(questionsPerRound: Int = 10, unlock: Unlock = .stop) {
            self.questionsPerRound = questionsPerRound
            self.unlock = unlock
        }

        /// Decodes the options, taking the default for each one that is missing.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            questionsPerRound = try c.decode(.questionsPerRound, default: 10)
            unlock = try c.decode(.unlock, default: .stop)
        }
    }

    /// Creates the mode; its behaviour comes from the configuration.
    public init() {}

    struct Given: Sendable { var choice: String; var correct: Bool; var time: Seconds }

    struct Player: Sendable {
        var id: String
        var name: String
        var unlocked: [String: Seconds] = [:]
        var answers: [String: Given] = [:]
        var nextRound = 0
        var leftAt: Seconds?
        var record = GameRecord()
        var points = 0
    }

    struct Duel: Sendable {
        var round: Int
        var a: String
        var b: String
        var decided = false
    }

    /// What the mode remembers between inputs.
    public struct State: Sendable {
        var configuration: Configuration
        var seed: UInt64
        var tasks: [String: StopTask]
        var points: [String: Int]
        var rounds: [[String]]
        var roundOf: [String: Int]
        var players: [Player]
        var index: [String: Int]
        var duels: [Duel]
        var started = false
        var ended = false
    }

    /// The questions' stops in quiz order, cut into rounds.
    static func rounds(_ race: Race, questionsPerRound: Int) -> [[String]] {
        var order: [String] = []
        var seen = Set<String>()
        let withTask = Set(race.stops.filter { $0.task != nil }.map(\.id))
        for id in (race.courses.first?.stopIDs ?? []) + race.stops.map(\.id)
        where withTask.contains(id) && seen.insert(id).inserted {
            order.append(id)
        }
        let size = max(1, questionsPerRound)
        return stride(from: 0, to: order.count, by: size).map { Array(order[$0..<min($0 + size, order.count)]) }
    }

    /// The state before the first input.
    public func initialState(race: Race, participants: [Participant], configuration: Configuration, seed: UInt64)
        -> State
    {
        var tasks: [String: StopTask] = [:]
        var points: [String: Int] = [:]
        for stop in race.stops where tasks[stop.id] == nil {
            if let task = stop.task { tasks[stop.id] = task; points[stop.id] = stop.points ?? 1 }
        }
        let rounds = Self.rounds(race, questionsPerRound: configuration.questionsPerRound)
        var roundOf: [String: Int] = [:]
        for (r, round) in rounds.enumerated() { for stop in round { roundOf[stop] = r } }
        var players: [Player] = []
        var index: [String: Int] = [:]
        for participant in participants where index[participant.id] == nil {
            index[participant.id] = players.count
            players.append(Player(id: participant.id, name: participant.name))
        }
        let ids = players.map(\.id)
        let duels = rounds.indices.flatMap { r in
            QuizPairing.duels(ids, round: r, seed: seed).map { Duel(round: r, a: $0.0, b: $0.1) }
        }
        return State(
            configuration: configuration, seed: seed, tasks: tasks, points: points, rounds: rounds, roundOf: roundOf,
            players: players, index: index, duels: duels)
    }

    /// Applies one input, in time order, and says what it caused.
    public func reduce(_ state: inout State, _ input: GameInput) -> [Outcome] {
        var out: [Outcome] = []
        if !state.started {
            state.started = true
            if state.configuration.unlock == .round, !state.rounds.isEmpty {
                let t = min(0, input.time)
                out.append(.roundStarted(0, time: t, deadline: nil))
                for p in state.players.indices { openRound(&state, p, at: t, &out) }
            }
        }
        switch input {
        case .visit(let visit):
            guard let p = state.index[visit.participant] else {
                return out + [.ignored(input, reason: "no participant \"\(visit.participant)\"")]
            }
            func recorded(_ reason: String) -> [Outcome] {
                [.recorded(participant: visit.participant, stop: visit.stop, time: visit.time, reason: reason)]
            }
            if state.players[p].leftAt != nil { return out + recorded("the participant has left") }
            guard let task = state.tasks[visit.stop], state.roundOf[visit.stop] != nil else {
                return out + recorded("no question here")
            }
            guard state.configuration.unlock == .stop else {
                return out + recorded("questions open by round, not at stops")
            }
            guard state.players[p].unlocked[visit.stop] == nil else {
                return out + recorded("the question is already open")
            }
            out.append(.reached(participant: visit.participant, stop: visit.stop, time: visit.time))
            open(&state, p, visit.stop, task, at: visit.time, &out)
        case .answer(let answer):
            guard let p = state.index[answer.participant] else {
                return out + [.ignored(input, reason: "no participant \"\(answer.participant)\"")]
            }
            out += self.answer(&state, p, answer, input)
        case .submission:
            out.append(.ignored(input, reason: "the quiz takes no submissions"))
        case .leave(let participant, let time):
            guard let p = state.index[participant], state.players[p].leftAt == nil else {
                return out + [.ignored(input, reason: "\(participant) is not playing")]
            }
            state.players[p].leftAt = time
            out.append(.left(participant, time: time))
            for d in state.duels.indices
            where !state.duels[d].decided && [state.duels[d].a, state.duels[d].b].contains(participant) {
                decide(&state, d, at: time, force: !hasAnswered(state, p, round: state.duels[d].round), &out)
            }
        case .tick:
            break
        case .end(let time):
            state.ended = true
            for d in state.duels.indices where !state.duels[d].decided {
                decide(&state, d, at: time, force: true, &out)
            }
        }
        return out
    }

    private func open(
        _ state: inout State, _ p: Int, _ stop: String, _ task: StopTask, at time: Seconds, _ out: inout [Outcome]
    ) {
        state.players[p].unlocked[stop] = time
        var random = ModeRandom(seed: state.seed, "quiz-options", state.players[p].id, stop)
        out.append(.unlock(participant: state.players[p].id, stop: stop, time: time))
        out.append(
            .question(
                participant: state.players[p].id, stop: stop, options: random.shuffled(task.options), attempt: 1,
                time: time))
    }

    private func openRound(_ state: inout State, _ p: Int, at time: Seconds, _ out: inout [Outcome]) {
        let r = state.players[p].nextRound
        guard r < state.rounds.count else { return }
        state.players[p].nextRound += 1
        for stop in state.rounds[r] { open(&state, p, stop, state.tasks[stop]!, at: time, &out) }
    }

    private func hasAnswered(_ state: State, _ p: Int, round: Int) -> Bool {
        state.rounds[round].allSatisfy { state.players[p].answers[$0] != nil }
    }

    private func answer(_ state: inout State, _ p: Int, _ answer: Answer, _ input: GameInput) -> [Outcome] {
        let player = state.players[p]
        guard player.leftAt == nil else { return [.ignored(input, reason: "\(player.id) has left")] }
        guard let task = state.tasks[answer.stop], let round = state.roundOf[answer.stop] else {
            return [.ignored(input, reason: "no question at \(answer.stop)")]
        }
        guard player.unlocked[answer.stop] != nil else {
            return [.ignored(input, reason: "the question at \(answer.stop) is not open for \(player.id)")]
        }
        guard player.answers[answer.stop] == nil else {
            return [.ignored(input, reason: "already answered: the first answer counts")]
        }
        let correct = answer.choice == task.answer
        state.players[p].answers[answer.stop] = Given(choice: answer.choice, correct: correct, time: answer.time)
        var out: [Outcome] = [
            .answered(
                participant: player.id, stop: answer.stop, choice: answer.choice, correct: correct, time: answer.time)
        ]
        if correct {
            let points = state.points[answer.stop] ?? 1
            state.players[p].points += points
            out.append(
                .points(to: player.id, points: points, reason: "correct answer at \(answer.stop)", time: answer.time))
        }
        if hasAnswered(state, p, round: round) {
            if state.configuration.unlock == .round, state.players[p].nextRound == round + 1,
                round + 1 < state.rounds.count
            {
                out.append(.roundStarted(round + 1, time: answer.time, deadline: nil))
                openRound(&state, p, at: answer.time, &out)
            }
            for d in state.duels.indices
            where !state.duels[d].decided && state.duels[d].round == round
                && (state.duels[d].a == player.id || state.duels[d].b == player.id)
            {
                decide(&state, d, at: answer.time, force: false, &out)
            }
        }
        return out
    }

    private func correctCount(_ state: State, _ p: Int, round: Int) -> Int {
        state.rounds[round].filter { state.players[p].answers[$0]?.correct == true }.count
    }

    /// Decides a duel when both sides are done (or `force`: a leave, the end).
    private func decide(_ state: inout State, _ d: Int, at time: Seconds, force: Bool, _ out: inout [Outcome]) {
        let duel = state.duels[d]
        guard let a = state.index[duel.a], let b = state.index[duel.b] else { return }
        let doneA = hasAnswered(state, a, round: duel.round), doneB = hasAnswered(state, b, round: duel.round)
        let leftA = state.players[a].leftAt != nil && !doneA, leftB = state.players[b].leftAt != nil && !doneB
        guard force || ((doneA || leftA) && (doneB || leftB)) else { return }
        state.duels[d].decided = true
        let players = [duel.a, duel.b]
        if leftA && leftB {
            out.append(.duel(round: duel.round, players: players, winner: nil, time: time))
            return
        }
        let winner: Int?
        if leftA {
            winner = b
        } else if leftB {
            winner = a
        } else {
            let ca = correctCount(state, a, round: duel.round), cb = correctCount(state, b, round: duel.round)
            winner = ca == cb ? nil : (ca > cb ? a : b)
        }
        if let winner {
            let loser = winner == a ? b : a
            state.players[winner].record.wins += 1
            state.players[loser].record.losses += 1
        } else {
            state.players[a].record.draws += 1
            state.players[b].record.draws += 1
        }
        out.append(.duel(round: duel.round, players: players, winner: winner.map { state.players[$0].id }, time: time))
        out.append(.record(duel.a, state.players[a].record, time: time))
        out.append(.record(duel.b, state.players[b].record, time: time))
    }

    /// The standings as they stand after the inputs so far.
    public func standings(_ state: State) -> Standings {
        let total = state.rounds.reduce(0) { $0 + $1.count }
        let rows = state.players.map { player -> StandingsRow in
            let answered = player.answers.count
            let status: ResultStatus =
                player.leftAt != nil
                ? .didNotFinish
                : answered == total ? .ok : (state.ended ? .missingPunch : .active)
            let opponents = state.duels.filter { $0.a == player.id || $0.b == player.id }.map {
                $0.a == player.id ? $0.b : $0.a
            }
            return StandingsRow(
                competitor: player.id, name: player.name, members: [player.id], status: status, points: player.points,
                stopsReached: player.unlocked.count,
                finishTime: answered == total && total > 0 ? player.answers.values.map(\.time).max() : nil,
                details: [
                    "record": player.record.description, "wins": String(player.record.wins),
                    "draws": String(player.record.draws), "losses": String(player.record.losses),
                    "correct": String(player.answers.values.filter(\.correct).count),
                    "answered": "\(answered)/\(total)", "opponents": opponents.joined(separator: " "),
                ])
        }
        let sorted = rows.sorted { a, b in
            let ka = key(a), kb = key(b)
            if ka != kb { return ka.lexicographicallyPrecedes(kb) }
            return TieRule.codePointOrder(a.competitor, b.competitor)
        }
        // Like classic: only OK and still-playing rows are ranked; MissingPunch and DidNotFinish are listed after, unranked.
        let ranked = competitionRanks(sorted) { key($0) == key($1) }
        return Standings(
            mode: Self.identifier, columns: ["record", "correct", "answered", "opponents"], rows: ranked,
            final: state.ended)
    }

    /// Smaller is better: ranked statuses first, then MissingPunch, then left; then more wins, draws, correct answers.
    private func key(_ row: StandingsRow) -> [Int] {
        let statusOrder = row.status == .didNotFinish ? 2 : (row.status == .missingPunch ? 1 : 0)
        return [
            statusOrder, -(Int(row.details["wins"]!) ?? 0), -(Int(row.details["draws"]!) ?? 0),
            -(Int(row.details["correct"]!) ?? 0),
        ]
    }

    /// The mode's own checks of a race and its configuration.
    public func validate(_ configuration: Configuration, context: ValidationContext, path: String) -> [ValidationIssue]
    {
        var issues: [ValidationIssue] = []
        if configuration.questionsPerRound < 1 {
            issues.append(
                ValidationIssue(
                    .error, "bad-mode-option", at: path + "/questionsPerRound",
                    "questionsPerRound \(configuration.questionsPerRound) must be at least 1"))
            return issues
        }
        let questions = context.race.stops.filter { $0.task != nil }.count
        if questions == 0 {
            issues.append(
                ValidationIssue(
                    .error, "no-questions", at: "/stops", "the quiz has no question: no stop has a task",
                    hint: "give stops a \"task\" with question, options and answer"))
        } else if questions < configuration.questionsPerRound {
            issues.append(
                ValidationIssue(
                    .warning, "too-few-questions", at: path + "/questionsPerRound",
                    "a round has \(configuration.questionsPerRound) questions but the race has only \(questions)",
                    hint: "add questions or set questionsPerRound to \(questions)"))
        } else if questions % configuration.questionsPerRound != 0 {
            issues.append(
                ValidationIssue(
                    .info, "short-last-round", at: path + "/questionsPerRound",
                    "the last round has \(questions % configuration.questionsPerRound) of \(configuration.questionsPerRound) questions"
                ))
        }
        if context.race.participants.count == 1 {
            issues.append(
                ValidationIssue(
                    .error, "too-few-players", at: "/participants",
                    "a quiz duel needs at least two players: nobody may play against themselves"))
        }
        return issues
    }
}
