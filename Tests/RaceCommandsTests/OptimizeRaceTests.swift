import Foundation
import Testing

/// `racekit optimize RACE.json` end to end, on the sample races.
struct OptimizeRaceTests {
    static let routes = SimulateCommandTests.routes

    @Test("a shuffled course comes back no longer, with fair variants, and the race still validates")
    func reorder() throws {
        let folder = try TemporaryFolder()
        var text = try String(
            contentsOfFile: Self.routes.appendingPathComponent("zurich-old-town/race.json").path, encoding: .utf8)
        // Shuffle the sequence: swap two controls far apart (the course's lines, not the stops' ids).
        let control = { (id: String) in "\n        \"\(id)\"," }
        text = text.replacingOccurrences(of: control("lindenhof"), with: control("@@"))
            .replacingOccurrences(of: control("kunsthaus"), with: control("lindenhof"))
            .replacingOccurrences(of: control("@@"), with: control("kunsthaus"))
        let race = try folder.write("race.json", text)
        let out = folder.url.appendingPathComponent("out.json").path
        let result = try RaceKitBinary.run([
            "optimize", race, "--variants", "3", "--max-excess", "20", "--iterations", "200",
            "--time-limit", "0", "-o", out,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let first = try #require(result.stdout.split(separator: "\n").first)
        let numbers = first.split(separator: " ").compactMap { Int($0) }
        #expect(numbers.count == 3 && numbers[2] < numbers[1], "\(first)")  // stops, before, after
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
        let result = try RaceKitBinary.run([
            "optimize", Self.routes.appendingPathComponent("munich-score-hunt/race.json").path,
            "--iterations", "100", "--time-limit", "0", "-o", out,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.contains("\"anyOrder\""))
        #expect(written.contains("\"start\": \"turm\"") && written.contains("\"finish\": \"turm\""))
    }

    @Test("bad input: an unknown start stop, a race with errors")
    func badInput() throws {
        let race = Self.routes.appendingPathComponent("zurich-old-town/race.json").path
        let unknown = try RaceKitBinary.run(["optimize", race, "--start", "nowhere"])
        #expect(unknown.status == 2 && unknown.stderr.contains("\"nowhere\" is not on course"))
        let folder = try TemporaryFolder()
        let broken = try folder.write("race.json", #"{"format": "racekit.race/1", "name": "x", "stops": []}"#)
        #expect(try RaceKitBinary.run(["optimize", broken]).status == 1)
    }

    static let zurich = routes.appendingPathComponent("zurich-old-town/race.json").path

    static func json(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "not JSON: \(stdout)")
    }

    @Test(
        "--variants K --max-excess P: no variant over P; fewer variants are said so (Zurich: the next orders are +7.7 % and +13.3 %)"
    )
    func variantBound() throws {
        let five = try RaceKitBinary.run(["optimize", Self.zurich, "--variants", "4", "--max-excess", "5"])
        #expect(five.status == 0, "\(five.stderr)")
        #expect(!five.stdout.contains("main-2"))
        #expect(five.stdout.contains("only 1 of 4 variants fit within 5 % of the shortest"), "\(five.stdout)")
        let fifteen = try RaceKitBinary.run([
            "optimize", Self.zurich, "--variants", "4", "--max-excess", "15", "--json",
        ])
        let report = try Self.json(fifteen.stdout)
        let variants = try #require(report["variants"] as? [[String: Any]])
        // 2261 m best; 2436 m is +7.74 %, 2561 m +13.268 %: both within 15 %, a fourth is not.
        #expect(variants.compactMap { $0["length"] as? Int } == [2261, 2436, 2561])
        #expect(variants.compactMap { $0["excessPercent"] as? Double } == [0, 7.74, 13.268])
        #expect(report["variantsRequested"] as? Int == 4 && report["maxExcessPercent"] as? Double == 15)
        #expect(report["note"] as? String == "only 3 of 4 variants fit within 15 % of the shortest")
    }

    @Test("rehearse --variants K keeps the bound too: fewer courses, the real excess of each, and the note")
    func rehearseVariantBound() throws {
        let result = try RaceKitBinary.run([
            "rehearse", Self.zurich, "--variants", "4", "--max-excess", "15", "--runs", "1", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.json(result.stdout)
        #expect(
            (report["courses"] as? [[String: Any]])?.compactMap { $0["course"] as? String } == [
                "main", "main-2", "main-3",
            ])
        let summary = try #require(report["variants"] as? [String: Any])
        #expect(
            (summary["courses"] as? [[String: Any]])?.compactMap { $0["excessPercent"] as? Double } == [
                0, 7.74, 13.268,
            ])
        #expect(summary["note"] as? String == "only 3 of 4 variants fit within 15 % of the shortest")
        let table = try RaceKitBinary.run([
            "rehearse", Self.zurich, "--variants", "4", "--max-excess", "5", "--runs", "1",
        ])
        #expect(
            table.stdout.hasPrefix("variants of course \"main\" (within 5.0 % of the best):\n  main (+0.0 %): hb → "))
        #expect(table.stdout.contains("\n  only 1 of 4 variants fit within 5 % of the shortest\n"))
    }

    @Test("optimize RACE.json --json prints one JSON object")
    func raceJSON() throws {
        let result = try RaceKitBinary.run(["optimize", Self.zurich, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.json(result.stdout)
        #expect(
            report["course"] as? String == "main" && report["stops"] as? Int == 8
                && report["unit"] as? String == "metres")
        #expect(report["mode"] as? String == "open:hb-bellevue")
        #expect(report["length"] as? Int == 2261 && report["lengthBefore"] as? Int == 2261)
        #expect(
            (report["variants"] as? [[String: Any]])?.first?["order"] as? [String]
                == [
                    "hb", "lindenhof", "st-peter", "fraumuenster", "grossmuenster", "kunsthaus", "opernhaus",
                    "bellevue",
                ])
        #expect(report["note"] is NSNull && report["output"] is NSNull)
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out.json").path
        let written = try RaceKitBinary.run(["optimize", Self.zurich, "--json", "-o", out])
        #expect(try Self.json(written.stdout)["output"] as? String == out)
        #expect(written.stdout.contains("\"output\":\"\(out)\""), "paths keep their slashes: \(written.stdout)")
        #expect(try RaceKitBinary.run(["validate", out]).status == 0)
    }

    @Test(
        "--open START FINISH on a race file replaces the course's ends, like --start/--finish; an unknown stop is an error"
    )
    func raceOpen() throws {
        let open = try RaceKitBinary.run(["optimize", Self.zurich, "--open", "lindenhof", "bellevue", "--json"])
        #expect(open.status == 0, "\(open.stderr)")
        let report = try Self.json(open.stdout)
        #expect(report["mode"] as? String == "open:lindenhof-bellevue")
        let order = try #require((report["variants"] as? [[String: Any]])?.first?["order"] as? [String])
        #expect(order.first == "lindenhof" && order.last == "bellevue" && order.count == 8)
        let same = try RaceKitBinary.run([
            "optimize", Self.zurich, "--start", "lindenhof", "--finish", "bellevue", "--json",
        ])
        #expect(same.stdout == open.stdout)
        let unknown = try RaceKitBinary.run(["optimize", Self.zurich, "--open", "nowhere", "bellevue"])
        #expect(
            unknown.status == 2 && unknown.stderr.contains("stop \"nowhere\" is not on course \"main\""),
            "\(unknown.stderr)")
        let resultLine = try RaceKitBinary.run(["optimize", Self.zurich, "--result-line"])
        #expect(resultLine.status == 64 && resultLine.stderr.contains("--result-line"))
    }
}
