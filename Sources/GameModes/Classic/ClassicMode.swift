import GeoCore
import RaceModel

/// The ordered race (The Fantastic Race, the Amazing Race): the next stop unlocks when the one
/// before is reached; only the next stop counts (other visits are recorded, not counted); a
/// stop's question may gate the way on; first to finish wins.
///
/// - The course start is reached at the start (time 0). Each element of `controls` is next in
///   turn; in an any-order group every stop of the group counts, in any order. A stop in the
///   course's `optional` list may be skipped: a visit to a later stop, past nothing but optional
///   stops, counts and skips them.
/// - A visit outside the stop's time window is recorded, not counted.
/// - With `questionGate` (the default), reaching a stop with a question opens it: nothing else counts until
///   it is answered. A wrong answer costs `rules.secondsPerWrongAnswer` (`wrongAnswer:
///   "penalty"`; the way then goes on) or a new try no sooner than `retryDelaySeconds` later
///   (`"retry"`). Without it no question is asked at all: tasks are ignored and answers count
///   for nothing.
/// - The result time is the finish time plus penalties; the lowest wins; equal result times
///   keep the order of finishing (the ``TieRule``). The win is declared once no one still
///   running can beat it. Finishing after `timeLimitSeconds` is `OverTime`, leaving or not
///   finishing by the end is `DidNotFinish`.
public struct ClassicMode: GameMode {
    /// The name race files use in `mode.name`.
    public static let identifier = "classic"
    /// One line for `racekit modes`.
    public static let summary =
        "The ordered race: the next stop unlocks on arrival, an optional question gate, first to finish wins."
    /// The options of ``Configuration``, documented for `racekit modes`.
    public static let options = [
        ModeOption(
            "questionGate", type: "boolean", default: "true",
            "a stop with a question must be answered before the next stop unlocks; false turns questions off entirely (none is asked, no penalty)"
        ),
        ModeOption(
            "wrongAnswer", type: WrongAnswer.typeDescription, default: "\"penalty\"",
            "penalty: a wrong answer adds rules.secondsPerWrongAnswer and the race goes on; retry: answer again after retryDelaySeconds"
        ),
        ModeOption(
            "retryDelaySeconds", type: "number ≥ 0", default: "30",
            "with wrongAnswer \"retry\", how long after a wrong answer the next try is accepted"),
    ]

    /// The values of the `wrongAnswer` option.
    public enum WrongAnswer: String, ModeChoice {
        case penalty, retry
    }

    /// The mode's options, read from the race's `mode.config`; every option has a default, so `{}` decodes.
    public struct Configuration: Codable, Sendable, Hashable {
        /// A stop with a question must be answered before the next stop unlocks.
        public var questionGate = true
        /// Penalty: a wrong answer adds rules.secondsPerWrongAnswer and the race goes on; retry: answer again after retryDelaySeconds.
        public var wrongAnswer = WrongAnswer.penalty
        /// With wrongAnswer "retry", how long after a wrong answer the next try is accepted.
        public var retryDelaySeconds: Seconds = 30

        /// Creates a configuration; the defaults are those of an empty `mode.config`.
        public init(questionGate: Bool = true, wrongAnswer: WrongAnswer = .penalty, retryDelaySeconds: Seconds = 30) {
            self.questionGate = questionGate
            self.wrongAnswer = wrongAnswer
            self.retryDelaySeconds = retryDelaySeconds
        }

        /// Decodes the options, taking the default for each one that is missing.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            questionGate = try c.decode(.questionGate, default: true)
            wrongAnswer = try c.decode(.wrongAnswer, default: .penalty)
            retryDelaySeconds = try c.decode(.retryDelaySeconds, default: 30)
        }
    }

    /// Creates the mode; its behaviour comes from the configuration.
    public init() {}

    /// One element of a participant's way round the course.
    enum Leg: Hashable, Sendable {
        case stop(String)
        case anyOrder([String])

        var stops: [String] {
            switch self {
            case .stop(let id): return [id]
            case .anyOrder(let ids): return ids
            }
        }
    }

    struct Runner: Sendable {
        var id: String
        var name: String
        var legs: [Leg]
        var optional: Set<String>
        /// Index of the leg that counts next.
        var position = 0
        /// Stops of the current any-order group already reached.
        var groupDone: Set<String> = []
        var reached: [String] = []
        var lastCounted: Seconds = 0
        /// The question a participant must answer before going on.
        var openQuestion: (stop: String, notBefore: Seconds)?
        var attempts = 0
        var penaltySeconds: Seconds = 0
        var wrongAnswers = 0
        var finishTime: Seconds?
        var finishOrder: Int?
        var leftAt: Seconds?
        var total: Int
    }

    /// What the mode remembers between inputs.
    public struct State: Sendable {
        var configuration: Configuration
        var stops: [String: Stop]
        var penaltyPerWrongAnswer: Seconds
        var timeLimit: Seconds?
        var seed: UInt64
        var runners: [Runner]
        var index: [String: Int]
        /// Each runner's place among the runners ordered by id (code points): the standings'
        /// last tie-break, worked out once rather than comparing ids on every sort.
        var idOrder: [Int]
        var started = false
        var ended = false
        var finishers = 0
        var winner: String?
        var now: Seconds = 0
    }

    /// The state before the first input.
    public func initialState(race: Race, participants: [Participant], configuration: Configuration, seed: UInt64)
        -> State
    {
        var stops: [String: Stop] = [:]
        for stop in race.stops where stops[stop.id] == nil { stops[stop.id] = stop }
        var runners: [Runner] = []
        var index: [String: Int] = [:]
        for participant in participants where index[participant.id] == nil {
            let course = participant.course.flatMap { id in race.courses.first { $0.id == id } } ?? race.courses.first
            var legs: [Leg] = []
            var reached: [String] = []
            if let course {
                if let start = course.start { reached.append(start) }
                for item in course.controls {
                    switch item {
                    case .stop(let id): legs.append(.stop(id))
                    case .anyOrder(let ids): if !ids.isEmpty { legs.append(.anyOrder(ids)) }
                    }
                }
                if let finish = course.finish { legs.append(.stop(finish)) }
            } else {
                legs = race.stops.map { .stop($0.id) }
            }
            index[participant.id] = runners.count
            runners.append(
                Runner(
                    id: participant.id, name: participant.name, legs: legs, optional: Set(course?.optional ?? []),
                    reached: reached, total: reached.count + legs.reduce(0) { $0 + $1.stops.count }))
        }
        var idOrder = [Int](repeating: 0, count: runners.count)
        for (place, r) in runners.indices.sorted(by: { TieRule.codePointOrder(runners[$0].id, runners[$1].id) })
            .enumerated()
        {
            idOrder[r] = place
        }
        return State(
            configuration: configuration, stops: stops, penaltyPerWrongAnswer: race.rules.secondsPerWrongAnswer,
            timeLimit: race.timeLimitSeconds, seed: seed, runners: runners, index: index, idOrder: idOrder)
    }

    /// Applies one input, in time order, and says what it caused.
    public func reduce(_ state: inout State, _ input: GameInput) -> [Outcome] {
        var out: [Outcome] = []
        state.now = input.time
        if !state.started {
            state.started = true
            for r in state.runners.indices { out += unlocks(state.runners[r], at: min(0, input.time)) }
            for r in state.runners.indices where remainingAreOptional(state.runners[r]) {
                finish(&state, r, at: min(0, input.time), &out)
            }
        }
        switch input {
        case .visit(let visit):
            guard let r = state.index[visit.participant] else {
                return out + [.ignored(input, reason: "no participant \"\(visit.participant)\"")]
            }
            out += self.visit(&state, r, visit)
        case .answer(let answer):
            guard let r = state.index[answer.participant] else {
                return out + [.ignored(input, reason: "no participant \"\(answer.participant)\"")]
            }
            out += self.answer(&state, r, answer, input)
        case .submission:
            out.append(.ignored(input, reason: "the classic race takes no submissions"))
        case .leave(let participant, let time):
            guard let r = state.index[participant] else {
                return out + [.ignored(input, reason: "no participant \"\(participant)\"")]
            }
            if state.runners[r].leftAt == nil && state.runners[r].finishTime == nil {
                state.runners[r].leftAt = time
                state.runners[r].openQuestion = nil
                out.append(.left(participant, time: time))
            } else {
                out.append(
                    .ignored(
                        input,
                        reason: "\(participant) has already \(state.runners[r].leftAt != nil ? "left" : "finished")"))
            }
        case .tick:
            break
        case .end:
            state.ended = true
        }
        declareWinner(&state, &out)
        return out
    }

    // MARK: Visits

    private func visit(_ state: inout State, _ r: Int, _ visit: Visit) -> [Outcome] {
        let runner = state.runners[r]
        func recorded(_ reason: String) -> [Outcome] {
            [.recorded(participant: visit.participant, stop: visit.stop, time: visit.time, reason: reason)]
        }
        if runner.leftAt != nil { return recorded("the participant has left") }
        if runner.finishTime != nil { return recorded("the participant has finished") }
        if let window = state.stops[visit.stop]?.window {
            if let opens = window.opensAfterSeconds, visit.time < opens {
                return recorded("the stop opens at t=\(Outcome.number(opens))")
            }
            if let closes = window.closesAfterSeconds, visit.time > closes {
                return recorded("the stop closed at t=\(Outcome.number(closes))")
            }
        }
        if let open = runner.openQuestion { return recorded("the question at \(open.stop) is not answered yet") }
        guard let target = match(runner, visit.stop) else {
            if runner.reached.contains(visit.stop) { return recorded("already reached") }
            return recorded("out of order: next is \(nextStops(runner).joined(separator: " or "))")
        }
        var out: [Outcome] = [.reached(participant: runner.id, stop: visit.stop, time: visit.time)]
        state.runners[r].reached.append(visit.stop)
        state.runners[r].lastCounted = visit.time
        if target != runner.position {
            state.runners[r].position = target
            state.runners[r].groupDone = []
        }
        if state.configuration.questionGate, let task = state.stops[visit.stop]?.task {
            state.runners[r].openQuestion = (visit.stop, visit.time)
            state.runners[r].attempts = 0
            out.append(question(&state, r, visit.stop, task, at: visit.time))
        } else {
            complete(&state, r, visit.stop, at: visit.time, &out)
        }
        return out
    }

    /// The leg index at which a visit to `stop` counts: the current leg, or a later one past
    /// nothing but skippable (optional) stops.
    private func match(_ runner: Runner, _ stop: String) -> Int? {
        var k = runner.position
        var done = runner.groupDone
        while k < runner.legs.count {
            switch runner.legs[k] {
            case .stop(let id):
                if id == stop { return k }
                guard runner.optional.contains(id) else { return nil }
            case .anyOrder(let ids):
                if ids.contains(stop) && !done.contains(stop) { return k }
                guard ids.allSatisfy({ done.contains($0) || runner.optional.contains($0) }) else { return nil }
            }
            k += 1
            done = []
        }
        return nil
    }

    /// The stops that would count now.
    private func nextStops(_ runner: Runner) -> [String] {
        guard runner.position < runner.legs.count else { return [] }
        return runner.legs[runner.position].stops.filter { !runner.groupDone.contains($0) }
    }

    private func unlocks(_ runner: Runner, at time: Seconds) -> [Outcome] {
        nextStops(runner).map { .unlock(participant: runner.id, stop: $0, time: time) }
    }

    private func question(_ state: inout State, _ r: Int, _ stop: String, _ task: StopTask, at time: Seconds) -> Outcome
    {
        let participant = state.runners[r].id
        state.runners[r].attempts += 1
        var random = ModeRandom(seed: state.seed, "classic-options", participant, stop)
        return .question(
            participant: participant, stop: stop, options: random.shuffled(task.options),
            attempt: state.runners[r].attempts, time: time)
    }

    /// The stop counts: the participant moves on (and may finish).
    private func complete(_ state: inout State, _ r: Int, _ stop: String, at time: Seconds, _ out: inout [Outcome]) {
        state.runners[r].openQuestion = nil
        var runner = state.runners[r]
        switch runner.legs[runner.position] {
        case .stop:
            runner.position += 1
        case .anyOrder(let ids):
            runner.groupDone.insert(stop)
            if ids.allSatisfy(runner.groupDone.contains) {
                runner.position += 1
                runner.groupDone = []
            }
        }
        state.runners[r] = runner
        if remainingAreOptional(runner) {
            finish(&state, r, at: time, &out)
        } else if case .stop = runner.legs[runner.position] {
            out += unlocks(runner, at: time)
        } else if runner.groupDone.isEmpty {
            out += unlocks(runner, at: time)
        }
    }

    /// Whether every leg left may be skipped (none left at all, or only optional stops).
    private func remainingAreOptional(_ runner: Runner) -> Bool {
        runner.legs[runner.position...].enumerated().allSatisfy { offset, leg in
            leg.stops.allSatisfy { runner.optional.contains($0) || (offset == 0 && runner.groupDone.contains($0)) }
        }
    }

    private func finish(_ state: inout State, _ r: Int, at time: Seconds, _ out: inout [Outcome]) {
        guard state.runners[r].finishTime == nil else { return }
        state.runners[r].finishTime = time
        state.runners[r].finishOrder = state.finishers
        state.finishers += 1
        out.append(.finish(state.runners[r].id, time: time))
    }

    // MARK: Answers

    private func answer(_ state: inout State, _ r: Int, _ answer: Answer, _ input: GameInput) -> [Outcome] {
        let runner = state.runners[r]
        guard runner.leftAt == nil else { return [.ignored(input, reason: "\(runner.id) has left")] }
        guard let open = runner.openQuestion, open.stop == answer.stop, let task = state.stops[answer.stop]?.task else {
            return [.ignored(input, reason: "no question at \(answer.stop) is open for \(runner.id)")]
        }
        guard answer.time >= open.notBefore else {
            return [.ignored(input, reason: "the next try is accepted from t=\(Outcome.number(open.notBefore))")]
        }
        let correct = answer.choice == task.answer
        var out: [Outcome] = [
            .answered(
                participant: runner.id, stop: answer.stop, choice: answer.choice, correct: correct, time: answer.time)
        ]
        if correct {
            complete(&state, r, answer.stop, at: answer.time, &out)
            return out
        }
        state.runners[r].wrongAnswers += 1
        switch state.configuration.wrongAnswer {
        case .penalty:
            let seconds = state.penaltyPerWrongAnswer
            state.runners[r].penaltySeconds += seconds
            out.append(
                .penalty(
                    to: runner.id, seconds: seconds, points: 0, reason: "wrong answer at \(answer.stop)",
                    time: answer.time))
            complete(&state, r, answer.stop, at: answer.time, &out)
        case .retry:
            let retryAt = answer.time + state.configuration.retryDelaySeconds
            state.runners[r].openQuestion = (answer.stop, retryAt)
            out.append(question(&state, r, answer.stop, task, at: retryAt))
        }
        return out
    }

    // MARK: Result

    private func resultTime(_ runner: Runner) -> Seconds? {
        runner.finishTime.map { $0 + runner.penaltySeconds }
    }

    private func status(_ state: State, _ runner: Runner) -> ResultStatus {
        if let finish = runner.finishTime {
            if let limit = state.timeLimit, finish > limit { return .overTime }
            return .ok
        }
        if runner.leftAt != nil || state.ended { return .didNotFinish }
        return .active
    }

    /// The best finisher, once no participant still running can beat their result time.
    /// Runs after every input, so it reads the runners in place: nothing before the first
    /// finish, and no copies after it.
    private func declareWinner(_ state: inout State, _ out: inout [Outcome]) {
        guard state.winner == nil, state.finishers > 0 else { return }
        var bestIndex: Int?
        var running = false
        for r in state.runners.indices {
            switch status(state, state.runners[r]) {
            case .ok:
                if let b = bestIndex,
                    (resultTime(state.runners[b])!, state.runners[b].finishOrder!)
                        <= (resultTime(state.runners[r])!, state.runners[r].finishOrder!)
                {
                    continue
                }
                bestIndex = r
            case .active: running = true
            default: break
            }
        }
        guard let bestIndex else { return }
        let best = state.runners[bestIndex]
        if !running || state.now >= resultTime(best)! {
            state.winner = best.id
            out.append(.win(best.id, time: max(state.now, best.finishTime!)))
        }
    }

    /// The standings as they stand after the inputs so far.
    public func standings(_ state: State) -> Standings {
        let order: [ResultStatus] = [.ok, .active, .overTime, .didNotFinish]
        let rows = state.runners.map { runner -> (Runner, StandingsRow) in
            let next = nextStops(runner)
            let row = StandingsRow(
                competitor: runner.id, name: runner.name, members: [runner.id], status: status(state, runner),
                points: runner.reached.reduce(0) { $0 + (state.stops[$1]?.points ?? 0) },
                stopsReached: runner.reached.count, finishTime: runner.finishTime,
                details: [
                    "progress": "\(runner.reached.count)/\(runner.total)",
                    "next": runner.finishTime == nil && runner.leftAt == nil
                        ? (runner.openQuestion.map { "? " + $0.stop } ?? next.joined(separator: " ")) : "",
                    "penalty": Outcome.number(runner.penaltySeconds),
                    "wrongAnswers": String(runner.wrongAnswers),
                    "result": resultTime(runner).map(RaceClock.text) ?? "",
                ])
            return (runner, row)
        }
        // What the order compares, taken out of each runner once (sorting moves small keys).
        let keys = rows.indices.map { r in
            let (runner, row) = rows[r]
            return RankKey(
                status: order.firstIndex(of: row.status) ?? order.count,
                result: resultTime(runner).map { ($0, runner.finishOrder!) }, reached: runner.reached.count,
                lastCounted: runner.lastCounted, idOrder: state.idOrder[r])
        }
        let sorted = keys.indices.sorted { keys[$0].precedes(keys[$1]) }.map { rows[$0].1 }
        // Finish order breaks equal result times, so no two finishers share a rank.
        let ranked = competitionRanks(sorted) { _, _ in false }
        return Standings(
            mode: Self.identifier, columns: ["progress", "next", "penalty", "wrongAnswers", "result"],
            rows: ranked, final: state.ended)
    }

    /// What the standings order runners by: status, then result time and finish order (both
    /// finished), stops reached (more first), the time of the last stop counted, and id (by
    /// its place in `State.idOrder`).
    private struct RankKey {
        var status: Int
        var result: (time: Seconds, finishOrder: Int)?
        var reached: Int
        var lastCounted: Seconds
        var idOrder: Int

        func precedes(_ other: RankKey) -> Bool {
            if status != other.status { return status < other.status }
            if let a = result, let b = other.result, a != b { return a < b }
            if reached != other.reached { return reached > other.reached }
            if lastCounted != other.lastCounted { return lastCounted < other.lastCounted }
            return idOrder < other.idOrder
        }
    }

    /// The mode's own checks of a race and its configuration.
    public func validate(_ configuration: Configuration, context: ValidationContext, path: String) -> [ValidationIssue]
    {
        var issues: [ValidationIssue] = []
        if !(configuration.retryDelaySeconds.isFinite && configuration.retryDelaySeconds >= 0) {
            issues.append(
                ValidationIssue(
                    .error, "bad-mode-option", at: path + "/retryDelaySeconds",
                    "retryDelaySeconds \(configuration.retryDelaySeconds) must be 0 or more"))
        }
        let race = context.race
        if configuration.questionGate, configuration.wrongAnswer == .penalty, race.rules.secondsPerWrongAnswer == 0,
            race.stops.contains(where: { $0.task != nil })
        {
            issues.append(
                ValidationIssue(
                    .info, "no-wrong-answer-penalty", at: "/rules/secondsPerWrongAnswer",
                    "wrong answers cost nothing: rules.secondsPerWrongAnswer is 0",
                    hint: "set a penalty, or use \"wrongAnswer\": \"retry\""))
        }
        if race.courses.isEmpty {
            issues.append(
                ValidationIssue(
                    .info, "classic-stops-in-file-order", at: "/courses",
                    "without a course, the classic race visits the stops in file order"))
        }
        return issues
    }
}
