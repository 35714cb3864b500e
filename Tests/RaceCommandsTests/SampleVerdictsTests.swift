import Foundation
import Testing

/// The verdicts of the sample races in Routes/, worked out by hand from their tracks' visits.
struct SampleVerdictsTests {
    static let routes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Routes")

    /// `simulate --format json` of a sample: the game's standings rows by competitor, and its outcome lines.
    static func game(_ sample: String) throws -> (rows: [String: [String: Any]], outcomes: [String]) {
        let folder = routes.appendingPathComponent(sample)
        let result = try RaceKitBinary.run([
            "simulate", folder.appendingPathComponent("race.json").path,
            folder.appendingPathComponent("tracks").path, "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let game = try #require(report["game"] as? [String: Any])
        let rows = try #require(game["standings"] as? [[String: Any]])
        return (
            Dictionary(uniqueKeysWithValues: rows.map { ($0["competitor"] as! String, $0) }),
            game["outcomes"] as? [String] ?? []
        )
    }

    @Test(
        "Munich score hunt: runners pass the Chinese Tower mid-route; each team finishes at its last return, late ones pay per started minute"
    )
    func munichFinishes() throws {
        let (rows, _) = try Self.game("munich-score-hunt")
        // Every track reaches all seven goals, passing the tower after the fourth (at 12-19 min).
        for (team, row) in rows {
            let details = try #require(row["details"] as? [String: String])
            #expect(details["goals"]?.split(separator: " ").count == 7, "\(team)")
            #expect((row["finishTime"] as? Double ?? 0) > 20 * 60, "\(team) finished mid-route")
        }
        // Blue: Felix back at 1463.435 s, Sophie at 1639.284 s: the team finishes with Sophie.
        #expect(rows["blue"]?["finishTime"] as? Double == 1639.284)
        // Orange: Tim is back at 3650.27 s (60:50) with 2700 s allowed: 950.27 s over, 16 started
        // minutes, 10 points each = 160 off; orange claimed nothing (green was first everywhere).
        let orange = try #require(rows["orange"])
        #expect(orange["finishTime"] as? Double == 3650.27)
        #expect((orange["details"] as? [String: String])?["penalty"] == "160")
        #expect(orange["points"] as? Double == -160)
        #expect(orange["status"] as? String == "OK")
    }

    @Test("Vienna relay: rounds wait for the runners (600 s each unless all hand on), and the reveal lists every chain")
    func viennaRelay() throws {
        let (_, outcomes) = try Self.game("relay-vienna-old-town")
        // The runners follow the old-town loop for 36-122 minutes and seldom pass the stop they
        // were handed, so rounds 1-5 run to their 600 s deadlines after round 0's picks.
        let starts = outcomes.filter { $0.contains(" round ") && $0.contains(" starts until ") }
        #expect(starts.count == 6)
        #expect(outcomes.filter { $0.contains(" ignored ") }.isEmpty, "\(outcomes.filter { $0.contains(" ignored ") })")
        let reveal = try #require(outcomes.first { $0.contains(" reveal ") })
        let time = try #require(Double(reveal.dropFirst(2).prefix { $0 != " " }))
        #expect(time > 30 * 60, "the game ended at \(time) s")
        for author in ["mia", "leon", "sara", "jakob", "emma", "felix"] {
            #expect(reveal.contains("\(author): stop "), "\(reveal)")
        }
    }
}
