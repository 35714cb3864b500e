import Foundation
import Testing

/// `racekit simulate` and `racekit synth` end to end, on the sample race in Routes/.
struct SimulateCommandTests {
    static let routes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Routes")
    static let race = routes.appendingPathComponent("zurich-old-town/race.json").path
    static let tracks = routes.appendingPathComponent("zurich-old-town/tracks").path

    @Test("the sample race: standings with the straggler last and the stop-misser's missing punch")
    func sample() throws {
        let result = try RaceKitBinary.run(["simulate", Self.race, Self.tracks])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Self.courseStandings(result.stdout)
        #expect(lines.first?.hasPrefix("Zürich Old Town: 8 participants") == true)
        #expect(lines.contains { $0.contains("MissingPunch") })
        #expect(lines.filter { $0.contains(" OK ") }.count == 7)
        #expect(result.stdout.contains("game mode classic: won by"))
    }

    /// The course standings: the table's lines up to the first blank line (the game mode's follow).
    static func courseStandings(_ stdout: String) -> [String] {
        Array(stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).prefix { !$0.isEmpty })
    }

    @Test("a name with an emoji keeps its columns: widths count characters, not UTF-16 units")
    func emojiNameAligned() throws {
        let folder = try TemporaryFolder()
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.tracks) where file.hasSuffix(".gpx") {
            let text = try String(contentsOfFile: Self.tracks + "/" + file, encoding: .utf8)
            _ = try folder.write(file, text.replacingOccurrences(of: "<name>Anna</name>", with: "<name>Anna 🏃</name>"))
        }
        let result = try RaceKitBinary.run(["simulate", Self.race, folder.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Self.courseStandings(result.stdout)
        let anna = try #require(lines.first { $0.contains("Anna 🏃 ") })
        let beat = try #require(lines.first { $0.contains("Beat ") })
        // The status column starts at the same character in every row.
        func statusColumn(_ line: String) -> Int? {
            line.firstRange(of: " OK ").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        #expect(
            statusColumn(anna) != nil && statusColumn(anna) == statusColumn(beat), "\(lines.joined(separator: "\n"))")
    }

    @Test("--mode scores the same tracks under another mode; --mode none leaves the game out")
    func modes() throws {
        for mode in ["quiz", "relay"] {
            let result = try RaceKitBinary.run(["simulate", Self.race, Self.tracks, "--mode", mode])
            #expect(result.status == 0, "\(mode): \(result.stderr)")
            #expect(result.stdout.contains("game mode \(mode)"))
        }
        let none = try RaceKitBinary.run(["simulate", Self.race, Self.tracks, "--mode", "none"])
        #expect(!none.stdout.contains("game mode"))
        let unknown = try RaceKitBinary.run(["simulate", Self.race, Self.tracks, "--mode", "chess"])
        #expect(unknown.status == 64)
    }

    @Test(
        "--mode of a game the race cannot hold (territory without teams, score without points): the reasons and exit 1")
    func unplayableMode() throws {
        let territory = try RaceKitBinary.run(["simulate", Self.race, Self.tracks, "--mode", "territory"])
        #expect(territory.status == 1)
        #expect(territory.stdout.isEmpty)
        #expect(
            territory.stderr.contains(
                "\(Self.race):/teams: error: the territory game is played by two teams; the race has 0 [territory-needs-two-teams]"
            ))
        #expect(territory.stderr.contains("the race cannot be played as \"territory\" (2 errors above)"))
        let score = try RaceKitBinary.run(["simulate", Self.race, Self.tracks, "--mode", "score", "--format", "json"])
        #expect(score.status == 1 && score.stdout.isEmpty)
        #expect(score.stderr.contains("no stop has points [no-goals]"))
    }

    @Test(
        "the same inputs give byte-identical output in every format",
        arguments: ["json", "csv", "geojson", "iof", "html"])
    func deterministic(format: String) throws {
        let a = try RaceKitBinary.run(["simulate", Self.race, Self.tracks, "--format", format])
        let b = try RaceKitBinary.run(["simulate", Self.race, Self.tracks, "--format", format])
        #expect(a.status == 0 && !a.stdout.isEmpty)
        #expect(a.stdout == b.stdout)
    }

    @Test("JSON, GeoJSON and IOF XML are well formed")
    func wellFormed() throws {
        let json = try RaceKitBinary.run(["simulate", Self.race, Self.tracks, "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((report["standings"] as? [Any])?.count == 8)
        #expect(report["format"] as? String == "racekit.simulation/1")
        let geojson = try RaceKitBinary.run(["simulate", Self.race, Self.tracks, "--format", "geojson"])
        let collection = try #require(
            try JSONSerialization.jsonObject(with: Data(geojson.stdout.utf8)) as? [String: Any])
        #expect(collection["type"] as? String == "FeatureCollection")
        let iof = try RaceKitBinary.run(["simulate", Self.race, Self.tracks, "--format", "iof"])
        #expect(iof.stdout.contains("<ResultList xmlns=\"http://www.orienteering.org/datastandard/3.0\""))
        #expect(iof.stdout.contains("<SplitTime status=\"Missing\">"))
        if let problems = try IOFSchema.problems(iof.stdout) {
            #expect(problems.isEmpty, "not valid IOF XML 3.0: \(problems)")
        } else {
            print(IOFSchema.skipMessage)
        }
    }

    @Test("--align start places tracks recorded on another day")
    func alignStart() throws {
        let folder = try TemporaryFolder()
        var race = try String(contentsOfFile: Self.race, encoding: .utf8)
        race = race.replacingOccurrences(of: "2026-05-02T10:00:00+02:00", with: "2027-01-10T09:00:00+01:00")
        let moved = try folder.write("race.json", race)
        let clock = try RaceKitBinary.run(["simulate", moved, Self.tracks])
        #expect(clock.stderr.contains("try --align start"))
        let start = try RaceKitBinary.run(["simulate", moved, Self.tracks, "--align", "start"])
        #expect(start.status == 0)
        #expect(Self.courseStandings(start.stdout).filter { $0.contains(" OK ") }.count == 7)
    }

    @Test("synth writes reproducible GPX tracks that replay")
    func synth() throws {
        let folder = try TemporaryFolder()
        let a = folder.url.appendingPathComponent("a").path, b = folder.url.appendingPathComponent("b").path
        #expect(try RaceKitBinary.run(["synth", Self.race, "--participants", "4", "--seed", "3", "-o", a]).status == 0)
        #expect(try RaceKitBinary.run(["synth", Self.race, "--participants", "4", "--seed", "3", "-o", b]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: a).sorted()
        #expect(files.count == 4)
        for file in files {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: a).appendingPathComponent(file))
                    == Data(contentsOf: URL(fileURLWithPath: b).appendingPathComponent(file)))
        }
        let replay = try RaceKitBinary.run(["simulate", Self.race, a])
        #expect(replay.status == 0)
    }

    @Test("bad input: a missing folder, a broken GPX, a race with errors")
    func badInput() throws {
        let folder = try TemporaryFolder()
        let missing = try RaceKitBinary.run(["simulate", Self.race, folder.url.appendingPathComponent("none").path])
        #expect(missing.status == 2 && missing.stderr.contains("no such file or folder"))
        let broken = try folder.write(
            "broken.gpx", "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"95\" lon=\"8\"></trkpt>")
        let gpx = try RaceKitBinary.run(["simulate", Self.race, broken])
        #expect(gpx.status == 2 && gpx.stderr.contains("broken.gpx:1:"), "\(gpx.stderr)")
        let badRace = try folder.write("race.json", #"{"format": "racekit.race/1", "name": "x", "stops": []}"#)
        let race = try RaceKitBinary.run(["simulate", badRace, Self.tracks])
        #expect(race.status == 1 && race.stderr.contains("no-stops"))
    }
}
