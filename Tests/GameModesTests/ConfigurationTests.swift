import Foundation
import GameModes
import GeoFormats
import RaceKitCore
import RaceModel
import Testing

struct ConfigurationTests {
    /// The defaults `racekit modes` documents are those `{}` decodes to.
    func documentedDefaults<M: GameMode>(_ mode: M.Type) throws {
        let decoded = try #require(
            ModeConfiguration.decode(M.Configuration.self, from: .object([]), options: M.options).value)
        let encoded = try JSONParser.parse(Array(try JSONEncoder().encode(decoded)), file: "encoded")
        guard case .object(let members) = encoded else { Issue.record("not an object"); return }
        #expect(Set(members.map(\.key)) == Set(M.options.map(\.name)), "\(M.identifier)")
        for option in M.options {
            #expect(
                encoded[option.name] == (try JSONParser.parse(Array(option.defaultValue.utf8), file: "doc")),
                "\(M.identifier).\(option.name)")
        }
    }

    @Test("every documented default is the decoded default, and every option is documented")
    func defaults() throws {
        try documentedDefaults(ClassicMode.self)
        try documentedDefaults(QuizMode.self)
        try documentedDefaults(ScoreMode.self)
        try documentedDefaults(RelayMode.self)
        try documentedDefaults(TerritoryMode.self)
    }

    @Test(
        "errors name the JSON path and say what was expected",
        arguments: [
            (
                #"{"questionGate": "yes"}"#, "wrong-type", "/mode/config/questionGate",
                "expected a boolean, found a string"
            ),
            (
                #"{"wrongAnswer": "sometimes"}"#, "bad-mode-option", "/mode/config/wrongAnswer",
                #""sometimes" is not one of "penalty", "retry""#
            ),
            (
                #"{"retryDelaySeconds": -1}"#, "bad-mode-option", "/mode/config/retryDelaySeconds",
                "retryDelaySeconds -1.0 must be 0 or more"
            ),
            (
                #"{"questiongate": true}"#, "unknown-key", "/mode/config/questiongate",
                #"the mode has no option "questiongate""#
            ),
            (#"[1]"#, "wrong-type", "/mode/config", "the mode's configuration must be an object, found an array"),
        ])
    func paths(config: String, code: String, path: String, message: String) throws {
        let race = Fixture.race(
            mode: "classic", config: try Fixture.json(config), stops: Fixture.stops(["a"]),
            courses: [Course(id: "c", controls: [.stop("a")])], participants: [])
        let issues = Fixture.validate(race)
        #expect(issues.contains { $0.code == code && $0.path == path && $0.message == message }, "\(issues)")
    }

    @Test("a nested error: the path goes into arrays and objects")
    func nested() throws {
        let race = Fixture.race(
            mode: "score", config: try Fixture.json(#"{"groups": ["a", {"id": "b", "members": [1]}]}"#),
            stops: Fixture.stops(["g"], points: 5), participants: [])
        let issues = Fixture.validate(race)
        #expect(
            issues.contains { $0.code == "wrong-type" && $0.path == "/mode/config/groups/1/members/0" }, "\(issues)")
    }

    @Test("a session cannot start with a configuration that does not decode; the error names the path")
    func sessionError() throws {
        let race = Fixture.race(
            mode: "quiz", config: try Fixture.json(#"{"questionsPerRound": true}"#), stops: Fixture.stops(["a"]),
            participants: [])
        #expect(throws: ModeConfigurationError.self) { try Fixture.session(race) }
        do {
            _ = try GameModeRegistry.standard.mode(named: "quiz")!.session(race: race)
        } catch {
            #expect(error.description.contains("/mode/config/questionsPerRound"))
        }
    }

    @Test("under another mode (simulate --mode), the race's configuration is not used: defaults are")
    func otherMode() throws {
        let race = Fixture.race(
            mode: "classic", config: try Fixture.json(#"{"wrongAnswer": "retry"}"#),
            stops: Fixture.stops(["g"], points: 5), participants: Fixture.people(["a"]))
        let score = try #require(GameModeRegistry.standard.mode(named: "score"))
        #expect(score.configuration(in: race) == .object([]))
        var game = try score.session(race: race)
        #expect(game.play([Fixture.visit("a", "g", 1)]).claims.count == 1)
    }
}

struct RegistryTests {
    @Test("the standard registry lists the five modes in order")
    func standard() {
        #expect(GameModeRegistry.standard.identifiers == ["classic", "quiz", "score", "relay", "territory"])
        #expect(GameModeRegistry.standard.modes.allSatisfy { !$0.summary.isEmpty && !$0.options.isEmpty })
    }

    struct Echo: GameMode {
        static let identifier = "echo"
        static let summary = "Counts visits."
        static let options: [ModeOption] = []
        struct Configuration: Codable, Sendable {}
        func initialState(race: Race, participants: [Participant], configuration: Configuration, seed: UInt64) -> Int {
            0
        }
        func reduce(_ state: inout Int, _ input: GameInput) -> [Outcome] {
            if case .visit = input { state += 1 }
            return []
        }
        func standings(_ state: Int) -> Standings {
            Standings(
                mode: Self.identifier,
                rows: [StandingsRow(competitor: "all", name: "All", members: [], status: .ok, points: state)],
                final: false)
        }
    }

    struct Bad: GameMode {
        static let identifier = "Bad Mode"
        static let summary = ""
        static let options: [ModeOption] = []
        struct Configuration: Codable, Sendable {}
        func initialState(race: Race, participants: [Participant], configuration: Configuration, seed: UInt64) -> Int {
            0
        }
        func reduce(_ state: inout Int, _ input: GameInput) -> [Outcome] { [] }
        func standings(_ state: Int) -> Standings { Standings(mode: "", rows: [], final: false) }
    }

    @Test("a third-party mode registers, plays, and is checked; duplicates and bad names are refused")
    func register() throws {
        var registry = GameModeRegistry.standard
        try registry.register(Echo())
        #expect(registry.identifiers.last == "echo")
        #expect(throws: GameModeRegistryError.duplicateIdentifier("echo")) { try registry.register(Echo()) }
        #expect(throws: GameModeRegistryError.duplicateIdentifier("classic")) { try registry.register(ClassicMode()) }
        #expect(throws: GameModeRegistryError.invalidIdentifier("Bad Mode")) { try registry.register(Bad()) }
        let race = Fixture.race(
            mode: "echo", config: try Fixture.json(#"{"x": 1}"#), stops: Fixture.stops(["a"]), participants: [])
        var game = try #require(registry.mode(named: "echo")).session(race: race)
        _ = game.play([Fixture.visit("p", "a", 1), Fixture.visit("p", "a", 2)])
        #expect(game.standings().rows.first?.points == 2)
        let issues = RaceValidator(additionalRules: [registry.validationRule]).validate(race)
        #expect(issues.contains { $0.code == "unknown-key" && $0.path == "/mode/config/x" })
        #expect(
            Fixture.validate(race).contains {
                $0.code == "unknown-mode" && $0.path == "/mode/name" && $0.severity == .warning
            })
    }
}
