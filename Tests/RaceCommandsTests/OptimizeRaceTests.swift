import Foundation
import Testing

/// `racekit optimize RACE.json` end to end, on the sample races.
struct OptimizeRaceTests {
    static let routes = SimulateCommandTests.routes

    @Test("a shuffled course comes back no longer, with fair variants, and the race still validates")
    func reorder() throws {
        let folder = try TemporaryFolder()
        var text = try String(contentsOfFile: Self.routes.appendingPathComponent("zurich-old-town/race.json").path, encoding: .utf8)
        // Shuffle the sequence: swap two controls far apart (the course's lines, not the stops' ids).
        let control = { (id: String) in "\n        \"\(id)\"," }
        text = text.replacingOccurrences(of: control("lindenhof"), with: control("@@"))
            .replacingOccurrences(of: control("kunsthaus"), with: control("lindenhof"))
            .replacingOccurrences(of: control("@@"), with: control("kunsthaus"))
        let race = try folder.write("race.json", text)
        let out = folder.url.appendingPathComponent("out.json").path
        let result = try RaceKitBinary.run(["optimize", race, "--variants", "3", "--max-excess", "20", "--iterations", "200",
                                            "--time-limit", "0", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let first = try #require(result.stdout.split(separator: "\n").first)
        let numbers = first.split(separator: " ").compactMap { Int($0) }
        #expect(numbers.count == 3 && numbers[2] < numbers[1], "\(first)")   // stops, before, after
        #expect(result.stdout.contains("main-2:") && result.stdout.contains("main-3:"))
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.contains("\"id\": \"main-3\""))
        #expect(written.contains("\"course\": \"main-2\""), "participants are spread over the variants")
        #expect(try RaceKitBinary.run(["validate", out]).status == 0)
    }

    @Test("a score hunt's goals stay in any order; start and finish stay")
    func scoreHunt() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out.json").path
        let result = try RaceKitBinary.run(["optimize", Self.routes.appendingPathComponent("munich-score-hunt/race.json").path,
                                            "--iterations", "100", "--time-limit", "0", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.contains("\"anyOrder\""))
        #expect(written.contains("\"start\": \"turm\"") && written.contains("\"finish\": \"turm\""))
    }

    @Test("bad input: an unknown start stop, a race with errors")
    func badInput() throws {
        let race = Self.routes.appendingPathComponent("zurich-old-town/race.json").path
        let unknown = try RaceKitBinary.run(["optimize", race, "--start", "nowhere"])
        #expect(unknown.status == 1 && unknown.stderr.contains("\"nowhere\" is not on course"))
        let folder = try TemporaryFolder()
        let broken = try folder.write("race.json", #"{"format": "racekit.race/1", "name": "x", "stops": []}"#)
        #expect(try RaceKitBinary.run(["optimize", broken]).status == 1)
    }
}
