import GameModes
import GeoCore
import GeoFormats
import RaceKitCore
import RaceModel
import Testing

/// Small races built in code, and shorthand for inputs.
enum Fixture {
    /// A circle stop; stops are 200 m apart along a parallel so they never overlap.
    static func stop(
        _ id: String, _ index: Int = 0, points: Int? = nil, task: StopTask? = nil, window: TimeWindow? = nil
    ) -> Stop {
        let centre = Coordinate(uncheckedLatitude: 47.37, longitude: 8.54 + Double(index) * 0.003)
        return Stop(
            id: id, name: "Stop \(id)", fence: .circle(centre: centre, radiusMeters: 25), task: task, points: points,
            window: window)
    }

    static func stops(_ ids: [String], points: Int? = nil) -> [Stop] {
        ids.enumerated().map { stop($1, $0, points: points) }
    }

    static func task(_ answer: String = "2", options: [String] = ["1", "2", "3", "4"]) -> StopTask {
        StopTask(question: "How many?", options: options, answer: answer)
    }

    static func people(_ ids: [String], team: (String) -> String? = { _ in nil }) -> [Participant] {
        ids.map { Participant(id: $0, name: $0.uppercased(), team: team($0)) }
    }

    static func race(
        mode: String, config: JSONValue = .object([]), stops: [Stop], courses: [Course] = [],
        participants: [Participant], teams: [Team] = [], limit: Seconds? = nil, rules: RaceRules = RaceRules()
    ) -> Race {
        Race(
            name: "Test", timeLimitSeconds: limit, rules: rules,
            mode: GameModeSelection(name: mode, configuration: config),
            stops: stops, courses: courses, participants: participants, teams: teams)
    }

    static func session(_ race: Race, seed: UInt64 = 1, config: JSONValue? = nil) throws -> GameSession {
        try #require(GameModeRegistry.standard.mode(named: race.mode.name)).session(
            race: race, configuration: config, seed: seed)
    }

    static func visit(_ participant: String, _ stop: String, _ time: Seconds, accuracy: Meters? = nil) -> GameInput {
        .visit(Visit(participant: participant, stop: stop, time: time, accuracyMeters: accuracy))
    }

    static func answer(_ participant: String, _ stop: String, _ choice: String, _ time: Seconds) -> GameInput {
        .answer(Answer(participant: participant, stop: stop, choice: choice, time: time))
    }

    static func submit(_ participant: String, _ round: Int, _ text: String, _ time: Seconds) -> GameInput {
        .submission(Submission(participant: participant, round: round, text: text, time: time))
    }

    /// JSON from text, for configurations.
    static func json(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8), file: "test")
    }

    static func validate(_ race: Race) -> [ValidationIssue] {
        RaceValidator(additionalRules: [GameModeRegistry.standard.validationRule]).validate(race)
    }
}

extension Array where Element == Outcome {
    var wins: [String] { compactMap { if case .win(let who, _) = $0 { return who } else { return nil } } }
    var finishes: [String] { compactMap { if case .finish(let who, _) = $0 { return who } else { return nil } } }
    var claims: [(by: String, stop: String, points: Int)] {
        compactMap {
            if case .claim(let by, let stop, let points, _) = $0 { return (by, stop, points) } else { return nil }
        }
    }
    var recordedReasons: [String] {
        compactMap { if case .recorded(_, _, _, let reason) = $0 { return reason } else { return nil } }
    }
    var ignoredReasons: [String] {
        compactMap { if case .ignored(_, let reason) = $0 { return reason } else { return nil } }
    }
    var questions: [(participant: String, stop: String, options: [String], attempt: Int, time: Seconds)] {
        compactMap {
            if case .question(let p, let s, let o, let a, let t) = $0 { return (p, s, o, a, t) } else { return nil }
        }
    }
}

extension Standings {
    func row(_ competitor: String) -> StandingsRow? { rows.first { $0.competitor == competitor } }
}
