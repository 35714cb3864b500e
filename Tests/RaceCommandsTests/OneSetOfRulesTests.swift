import Foundation
import Testing

/// `simulate`, `rehearse` and `synth` refuse what `validate` refuses, game-mode rules included,
/// and `synth`/`rehearse` refuse a race without a course instead of producing nothing.
struct OneSetOfRulesTests {
    /// The hand-built three-stop race of ``SimulateInputsTests`` under another mode, with
    /// `participants` players and stops with or without points and questions.
    static func race(
        mode: String, config: String = "{}", players: Int, points: Bool, questions: Bool, courses: Bool = true
    ) -> String {
        let task = questions ? #", "task": {"question": "How many?", "options": ["1", "2", "3"], "answer": "2"}"# : ""
        let value = points ? #", "points": 10"# : ""
        let stops = [("a", 8.0), ("b", 8.002), ("c", 8.004)].map { id, lon in
            #"{"id": "\#(id)", "name": "\#(id.uppercased())", "fence": {"type": "circle", "center": [\#(lon), 47.0], "radius": 15}\#(value)\#(task)}"#
        }
        let participants = (1...players).map { #"{"id": "p\#($0)", "name": "P\#($0)"}"# }
        return """
            {"format": "racekit.race/1", "name": "Rules", "startTime": "2026-05-02T10:00:00Z", "timeLimitSeconds": 3600,
             "mode": {"name": "\(mode)", "config": \(config)},
             "stops": [\(stops.joined(separator: ", "))],
             "courses": [\(courses ? #"{"id": "main", "start": "a", "controls": ["b"], "finish": "c"}"# : "")],
             "participants": [\(participants.joined(separator: ", "))]}
            """
    }

    /// Each race `validate` refuses for a mode rule, with the rule's code.
    static let refused: [(name: String, race: String, code: String)] = [
        ("relay with 9 players", race(mode: "relay", players: 9, points: false, questions: true), "relay-player-count"),
        (
            "relay with 12 players", race(mode: "relay", players: 12, points: false, questions: true),
            "relay-player-count"
        ),
        ("quiz without questions", race(mode: "quiz", players: 2, points: false, questions: false), "no-questions"),
        ("score hunt without points", race(mode: "score", players: 2, points: false, questions: false), "no-goals"),
    ]

    @Test(
        "validate, simulate, rehearse and synth all refuse a race that breaks a game-mode rule, with the validator's issue"
    )
    func modeRulesEverywhere() throws {
        let folder = try TemporaryFolder()
        let track = try folder.write("p1.gpx", SimulateInputsTests.gpx("p1", SimulateInputsTests.path))
        for (i, example) in Self.refused.enumerated() {
            let race = try folder.write("race-\(i).json", example.race)
            let validate = try RaceKitBinary.run(["validate", race])
            #expect(
                validate.status == 1 && validate.stdout.contains("[\(example.code)]"),
                "\(example.name): \(validate.stdout)")
            let commands = [
                ["simulate", race, track], ["rehearse", race, "--runs", "1", "--participants", "2"],
                ["synth", race, "--participants", "2", "-o", folder.url.appendingPathComponent("out-\(i)").path],
            ]
            for command in commands {
                let result = try RaceKitBinary.run(command)
                #expect(result.status == 1, "\(example.name), \(command[0]): exit \(result.status)")
                #expect(
                    result.stderr.contains("[\(example.code)]") && result.stderr.contains("fix them first"),
                    "\(example.name), \(command[0]): \(result.stderr)")
            }
        }
    }

    @Test("synth and rehearse refuse a race without a course and say what to add")
    func raceWithoutCourse() throws {
        let folder = try TemporaryFolder()
        let race = try folder.write(
            "race.json", Self.race(mode: "classic", players: 2, points: false, questions: false, courses: false))
        #expect(try RaceKitBinary.run(["validate", race]).status == 0)
        let out = folder.url.appendingPathComponent("out").path
        for command in [["synth", race, "-o", out], ["rehearse", race, "--runs", "1"]] {
            let result = try RaceKitBinary.run(command)
            #expect(result.status == 2, "\(command[0]): exit \(result.status)")
            #expect(
                result.stderr.contains("the race has no course") && result.stderr.contains("add one to \"courses\""),
                "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
