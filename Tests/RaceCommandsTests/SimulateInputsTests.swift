import Foundation
import Testing

/// `racekit simulate` on a small hand-built race: timed responses take effect, and inputs that
/// cannot be used are reported (stderr and JSON) or refused, never silently dropped.
struct SimulateInputsTests {
    /// Three stops on the parallel 47° N, 0.002° (≈ 152 m) apart, radius 15 m: a start, a
    /// question ("2" is right) and a finish. Race start 2026-05-02T10:00:00Z.
    static let raceJSON = """
        {"format": "racekit.race/1", "name": "Hand-built", "startTime": "2026-05-02T10:00:00Z",
         "mode": {"name": "classic", "config": {"questionGate": true, "wrongAnswer": "penalty"}},
         "stops": [
          {"id": "a", "name": "A", "fence": {"type": "circle", "center": [8.0, 47.0], "radius": 15}},
          {"id": "b", "name": "B", "fence": {"type": "circle", "center": [8.002, 47.0], "radius": 15},
           "task": {"question": "How many?", "options": ["1", "2", "3"], "answer": "2"}},
          {"id": "c", "name": "C", "fence": {"type": "circle", "center": [8.004, 47.0], "radius": 15}}],
         "courses": [{"id": "main", "start": "a", "controls": ["b"], "finish": "c"}],
         "participants": [{"id": "ana", "name": "Ana"}, {"id": "ben", "name": "Ben"}, {"id": "dana", "name": "Dana"}]}
        """
    static let raceStart = 1_777_716_000.0

    /// A GPX track named `name` through `fixes` (seconds since the race start, longitude on 47° N).
    static func gpx(_ name: String, _ fixes: [(Double, Double)]) -> String {
        let formatter = ISO8601DateFormatter()
        let points = fixes.map { t, lon in
            "<trkpt lat=\"47.0\" lon=\"\(lon)\"><time>\(formatter.string(from: Date(timeIntervalSince1970: raceStart + t)))</time></trkpt>"
        }
        return "<gpx version=\"1.1\" creator=\"test\"><metadata><name>\(name)</name></metadata><trk><trkseg>"
            + points.joined() + "</trkseg></trk></gpx>"
    }

    /// A → B (30 m before B at 80 s, B's centre at 110 s, so the fence is crossed at ≈ 95 s), a
    /// wait at B until 120 s, then C's centre at 200 s (its fence crossed at ≈ 192 s).
    static let path: [(Double, Double)] = [
        (0, 8.0), (80, 8.0016), (110, 8.002), (120, 8.002), (200, 8.004), (230, 8.004),
    ]

    static func json(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    static func gameRow(_ report: [String: Any], _ name: String) -> [String: Any]? {
        let game = report["game"] as? [String: Any]
        return (game?["standings"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    @Test("a timed answer after the arrival counts and a timed leave takes effect")
    func timedResponses() throws {
        let folder = try TemporaryFolder()
        let race = try folder.write("race.json", Self.raceJSON)
        let ana = try folder.write("ana.gpx", Self.gpx("ana", Self.path))
        let ben = try folder.write("ben.gpx", Self.gpx("ben", Self.path))
        // Ana answers at 110 s, 15 s after reaching B at ≈ 95 s; Ben never answers and leaves at 200 s.
        let responses = try folder.write(
            "responses.jsonl",
            """
            {"participant": "ana", "stop": "b", "choice": "2", "time": 110}
            {"participant": "ben", "leave": true, "time": 200}
            """)
        let result = try RaceKitBinary.run(["simulate", race, ana, ben, "--responses", responses, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.json(result.stdout)
        let outcomes = ((report["game"] as? [String: Any])?["outcomes"] as? [String]) ?? []
        #expect(outcomes.contains("t=110 answered ana b \"2\" correct"), "\(outcomes)")
        #expect(outcomes.contains("t=200 left ben"), "\(outcomes)")
        // Ana's answer let her go on to C and finish there at ≈ 192 s; Ben, stuck at B, left.
        let anaRow = try #require(Self.gameRow(report, "Ana"))
        #expect(anaRow["status"] as? String == "OK")
        let finish = try #require(anaRow["finishTime"] as? Double)
        #expect(abs(finish - 192) < 2, "finish \(finish)")
        #expect(Self.gameRow(report, "Ben")?["status"] as? String != "OK")
        #expect((report["game"] as? [String: Any])?["winners"] as? [String] == ["ana"])
    }

    @Test(
        "a listed participant without a track is DidNotStart; a track shows under the race's name for its participant")
    func didNotStart() throws {
        let folder = try TemporaryFolder()
        let race = try folder.write("race.json", Self.raceJSON)
        // The track is named by the participant's id; the standings use the race's display name.
        let ana = try folder.write("001-track.gpx", Self.gpx("ana", Self.path))
        let result = try RaceKitBinary.run(["simulate", race, ana, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.json(result.stdout)
        let standings = try #require(report["standings"] as? [[String: Any]])
        let byName = Dictionary(
            uniqueKeysWithValues: standings.map { ($0["name"] as? String ?? "", $0["status"] as? String ?? "") })
        #expect(byName == ["Ana": "OK", "Ben": "DidNotStart", "Dana": "DidNotStart"], "\(byName)")
        #expect(report["participants"] as? Int == 3)
        // The game is played by those who started: Ben and Dana are not in it.
        let game = try #require(report["game"] as? [String: Any])
        #expect((game["standings"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Ana"])
    }

    @Test(
        "responses naming an unknown participant or stop, or a choice that is no option: warnings on stderr and in the JSON"
    )
    func responseWarnings() throws {
        let folder = try TemporaryFolder()
        let race = try folder.write("race.json", Self.raceJSON)
        let ana = try folder.write("ana.gpx", Self.gpx("ana", Self.path))
        let responses = try folder.write(
            "r.jsonl",
            """
            {"participant": "zoe", "stop": "b", "choice": "2", "time": 110}
            {"participant": "ana", "stop": "x", "choice": "2", "time": 110}
            {"participant": "ana", "stop": "b", "choice": "7", "after": 5}
            {"participant": "ana", "stop": "b", "choice": "2", "time": 50}
            """)
        let result = try RaceKitBinary.run(["simulate", race, ana, "--responses", responses, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = try #require(try Self.json(result.stdout)["warnings"] as? [String])
        #expect(warnings.count == 4, "\(warnings)")
        // At 50 s Ana has not reached B (≈ 95 s): the game refuses the answer, and says so.
        #expect(
            warnings.contains(
                "\(responses): warning: not used: t=50 ignored answer of ana (no question at b is open for ana)"),
            "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("\(responses):1:") && $0.contains("no participant \"zoe\"") })
        #expect(warnings.contains { $0.hasPrefix("\(responses):2:") && $0.contains("no stop \"x\"") })
        #expect(warnings.contains { $0.hasPrefix("\(responses):3:") && $0.contains("\"7\" is not one of the options") })
        for warning in warnings { #expect(result.stderr.contains(warning)) }
        let none = try RaceKitBinary.run(["simulate", race, ana, "--responses", responses, "--mode", "none"])
        #expect(
            none.status == 0 && none.stderr.contains("not used: with --mode none no game is played"), "\(none.stderr)")
    }

    @Test("a repeated key in a responses line is an error naming the line")
    func duplicateKey() throws {
        let folder = try TemporaryFolder()
        let race = try folder.write("race.json", Self.raceJSON)
        let ana = try folder.write("ana.gpx", Self.gpx("ana", Self.path))
        let responses = try folder.write(
            "r.jsonl",
            "{\"participant\": \"ana\", \"stop\": \"b\", \"choice\": \"1\", \"choice\": \"2\", \"time\": 110}\n")
        let result = try RaceKitBinary.run(["simulate", race, ana, "--responses", responses])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("\(responses):1:") && result.stderr.contains("\"choice\" is given twice"),
            "\(result.stderr)")
    }

    @Test(
        "two tracks of one name, the same file twice, or a track from another month are refused; backwards times are a warning"
    )
    func trackChecks() throws {
        let folder = try TemporaryFolder()
        let race = try folder.write("race.json", Self.raceJSON)
        let ana = try folder.write("ana.gpx", Self.gpx("ana", Self.path))
        let anaAgain = try folder.write("ana-2.gpx", Self.gpx("Ana", Self.path))
        let sameName = try RaceKitBinary.run(["simulate", race, ana, anaAgain])
        #expect(sameName.status == 2 && sameName.stderr.contains("both \"Ana\""), "\(sameName.stderr)")
        let twice = try RaceKitBinary.run(["simulate", race, ana, folder.url.path + "/./ana.gpx"])
        #expect(twice.status == 2 && twice.stderr.contains("given twice"), "\(twice.stderr)")

        // 120 days before the race: on the race clock its finish would be −2880 h.
        let early = try folder.write("ben.gpx", Self.gpx("ben", Self.path.map { ($0.0 - 120 * 86_400, $0.1) }))
        let months = try RaceKitBinary.run(["simulate", race, ana, early])
        #expect(
            months.status == 2 && months.stderr.contains("120 days before the race's startTime"), "\(months.stderr)")
        #expect(!months.stdout.contains("won by"))
        #expect(try RaceKitBinary.run(["simulate", race, ana, early, "--align", "start"]).status == 0)

        let backwards = try folder.write(
            "ben-back.gpx", Self.gpx("ben", [(0, 8.0), (80, 8.0016), (60, 8.0012), (110, 8.002)]))
        let warned = try RaceKitBinary.run(["simulate", race, ana, backwards, "--format", "json"])
        #expect(warned.status == 0, "\(warned.stderr)")
        let warnings = try #require(try Self.json(warned.stdout)["warnings"] as? [String])
        #expect(
            warnings.contains {
                $0.hasPrefix(backwards) && $0.contains("run backwards 1 time (first at timed point 3)")
            }, "\(warnings)")
    }

    @Test("territory with rematch \"agree\": timed rematch submissions from both teams start game 2")
    func rematchAgree() throws {
        let routes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Routes/territory-tempelhofer-feld")
        let folder = try TemporaryFolder()
        let sample = try String(contentsOf: routes.appendingPathComponent("race.json"), encoding: .utf8)
        #expect(sample.contains("\"rematch\": \"auto\""))
        let race = try folder.write(
            "race.json", sample.replacingOccurrences(of: "\"rematch\": \"auto\"", with: "\"rematch\": \"agree\""))
        // Red wins game 1 at ≈ 65 s (as with "auto"); Ida (red) asks for a rematch at 100 s, Tom (blue) at 120 s.
        let responses = try folder.write(
            "rematch.jsonl",
            """
            {"participant": "ida", "round": 1, "text": "rematch", "time": 100}
            {"participant": "tom", "round": 1, "text": "rematch", "time": 120}
            """)
        let tracks = routes.appendingPathComponent("tracks").path
        let result = try RaceKitBinary.run(["simulate", race, tracks, "--responses", responses, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let outcomes = ((try Self.json(result.stdout)["game"] as? [String: Any])?["outcomes"] as? [String]) ?? []
        #expect(
            outcomes.contains("t=120 board reset for game 2"),
            "\(outcomes.filter { $0.contains("reset") || $0.contains("win") })")
        let withoutResponses = try RaceKitBinary.run(["simulate", race, tracks, "--format", "json"])
        let noRematch =
            ((try Self.json(withoutResponses.stdout)["game"] as? [String: Any])?["outcomes"] as? [String]) ?? []
        #expect(!noRematch.contains { $0.contains("board reset") })
    }
}
