import Foundation
import Testing

/// `racekit rehearse` end to end, on the sample races.
struct RehearseCommandTests {
    static let race = SimulateCommandTests.routes.appendingPathComponent("zurich-old-town/race.json").path

    static func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try RaceKitBinary.run(["rehearse", race, "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test(
        "--variants K rehearses K optimizer variants: one entry each, with runners, and the spread of their medians and lengths"
    )
    func variants() throws {
        let report = try Self.json(["--variants", "3", "--max-excess", "30", "--runs", "2"])
        let courses = try #require(report["courses"] as? [[String: Any]])
        #expect(courses.compactMap { $0["course"] as? String } == ["main", "main-2", "main-3"])
        let medians = courses.compactMap { $0["median"] as? Double },
            lengths = courses.compactMap { $0["lengthMeters"] as? Double }
        #expect(medians.count == 3 && lengths.count == 3)
        for course in courses { #expect((course["runners"] as? Double ?? 0) > 0, "\(course)") }
        let spread = try #require(report["courseSpread"] as? [String: Any])
        #expect(spread["medianSeconds"] as? Double == medians.max()! - medians.min()!)
        #expect(spread["lengthMeters"] as? Double == lengths.max()! - lengths.min()!)
        #expect(report["format"] as? String == "racekit.rehearsal/1")
        #expect(report["courseMedians"] is [String: Any], "the fields that were there stay")

        // The lengths are those of the orders `racekit optimize` writes with the same search.
        let optimized = try RaceKitBinary.run([
            "optimize", Self.race, "--variants", "3", "--max-excess", "30", "--time-limit", "0",
            "--iterations", "1000",
        ])
        #expect(optimized.status == 0, "\(optimized.stderr)")
        for (course, length) in zip(["main", "main-2", "main-3"], lengths) {
            #expect(
                optimized.stdout.contains("  \(course): \(Int(length)) m "), "\(course) \(length)\n\(optimized.stdout)")
        }
    }

    @Test("the same seed gives the same report; the table lists the variants and the spread")
    func deterministicTable() throws {
        let arguments = [
            "rehearse", Self.race, "--variants", "2", "--max-excess", "30", "--runs", "2", "--participants", "6",
        ]
        let a = try RaceKitBinary.run(arguments), b = try RaceKitBinary.run(arguments)
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout == b.stdout)
        #expect(a.stdout.hasPrefix("variants of course \"main\" (within 30.0 % of the best):\n  main (+0.0 %): hb → "))
        #expect(a.stdout.contains("\nmain-2 ") && a.stdout.contains("\ncourse spread: medians "))
    }

    @Test(
        "usage errors: no variants, a negative excess, variant options without --variants, a zero time limit",
        arguments: [
            ["--variants", "0"], ["--variants", "2", "--max-excess", "-1"], ["--max-excess", "5"],
            ["--time-limit", "2"],
            ["--variants", "2", "--time-limit", "0"],
        ])
    func usageErrors(arguments: [String]) throws {
        let result = try RaceKitBinary.run(["rehearse", Self.race] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(
            result.stderr.contains("--variants") || result.stderr.contains("--max-excess")
                || result.stderr.contains("--time-limit"))
    }
}
