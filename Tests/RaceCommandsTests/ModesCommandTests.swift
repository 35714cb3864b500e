import Foundation
import Testing

/// `racekit modes` and the mode rules in `racekit validate`, through the built binary.
struct ModesCommandTests {
    @Test("racekit modes lists the five modes with their options")
    func text() throws {
        let result = try RaceKitBinary.run(["modes"])
        #expect(result.status == 0)
        for mode in ["classic", "quiz", "score", "relay", "territory"] {
            #expect(result.stdout.contains("\n\(mode): ") || result.stdout.hasPrefix("\(mode): "))
        }
        #expect(result.stdout.contains("  questionsPerRound  integer ≥ 1, default 10\n"))
        // questionGate: false does not just stop gating: it turns questions off, and the help says so.
        #expect(result.stdout.contains("false turns questions off entirely"))
    }

    @Test("racekit modes --json: identifiers, summaries, options with type, default and meaning")
    func json() throws {
        let result = try RaceKitBinary.run(["modes", "--json"])
        #expect(result.status == 0)
        let modes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(modes.map { $0["identifier"] as? String } == ["classic", "quiz", "score", "relay", "territory"])
        let territory = try #require(modes.last?["options"] as? [[String: Any]])
        let size = try #require(territory.first)
        #expect(size["name"] as? String == "size" && size["type"] as? String == "integer 2…9")
        #expect(size["meaning"] as? String == "N: the board is N×N zones and a line of N wins")
        #expect((size["default"] as? NSNumber)?.intValue == 3 && !(size["default"] is String))
    }

    @Test("racekit modes --json gives each default as a JSON value, not a JSON-encoded string")
    func jsonDefaults() throws {
        let result = try RaceKitBinary.run(["modes", "--json"])
        let modes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        func defaultValue(_ mode: String, _ option: String) -> Any? {
            let options = modes.first { $0["identifier"] as? String == mode }?["options"] as? [[String: Any]]
            return options?.first { $0["name"] as? String == option }?["default"]
        }
        #expect(defaultValue("territory", "rematch") as? String == "auto")
        #expect((defaultValue("territory", "zones") as? [Any])?.isEmpty == true)
        #expect(
            defaultValue("classic", "questionGate") as? Bool == true
                && !(defaultValue("classic", "questionGate") is String))
        let defaults = modes.flatMap { ($0["options"] as? [[String: Any]] ?? []).compactMap { $0["default"] } }
        #expect(defaults.count >= 15)
        #expect(!defaults.contains { ($0 as? String)?.hasPrefix("\"") == true })
    }

    @Test("racekit validate reports a mode's configuration error at its JSON path and exits 1")
    func validate() throws {
        let folder = try TemporaryFolder()
        let race = """
            {"format": "racekit.race/1", "name": "T", "mode": {"name": "quiz", "config": {"questionsPerRound": "ten"}},
             "stops": [{"id": "a", "fence": {"type": "circle", "center": [8.54, 47.37], "radius": 30},
                        "task": {"question": "?", "options": ["x", "y"], "answer": "x"}}],
             "courses": [{"id": "c", "controls": ["a"]}]}
            """
        let path = try folder.write("race.json", race)
        let result = try RaceKitBinary.run(["validate", path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "\(path):/mode/config/questionsPerRound: error: expected an integer, found a string [wrong-type]"))
    }
}
