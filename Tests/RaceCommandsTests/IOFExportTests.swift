import Foundation
import Testing

/// `racekit simulate --format iof`: every IOF XML file written here must validate against the
/// official IOF XML 3.0 schema (Tests/Fixtures/IOF), and carry names, times and scores where the
/// schema wants them.
struct IOFExportTests {
    static let routes = SimulateCommandTests.routes

    /// The IOF XML for `race` and `tracks`, after checking it validates (or saying why that was skipped).
    static func iof(_ arguments: [String]) throws -> String {
        let result = try RaceKitBinary.run(["simulate"] + arguments + ["--format", "iof"])
        #expect(result.status == 0, "\(result.stderr)")
        if let problems = try IOFSchema.problems(result.stdout) {
            #expect(problems.isEmpty, "not valid IOF XML 3.0: \(problems)")
        } else {
            print(IOFSchema.skipMessage)
        }
        return result.stdout
    }

    @Test(
        "every sample race's ResultList validates against IOF.xsd",
        arguments: [
            "zurich-old-town", "munich-score-hunt", "mit-campus-quiz", "relay-vienna-old-town",
            "territory-tempelhofer-feld",
        ])
    func samples(route: String) throws {
        let folder = Self.routes.appendingPathComponent(route)
        let xml = try Self.iof([
            folder.appendingPathComponent("race.json").path, folder.appendingPathComponent("tracks").path,
        ])
        #expect(xml.contains("<ResultList xmlns=\"http://www.orienteering.org/datastandard/3.0\""))
    }

    @Test("a race without a start time writes no times of day (xsd:dateTime), only durations")
    func withoutStartTime() throws {
        let folder = try TemporaryFolder()
        let text = try String(
            contentsOfFile: Self.routes.appendingPathComponent("zurich-old-town/race.json").path, encoding: .utf8)
        let race = try folder.write(
            "race.json", text.replacingOccurrences(of: #""startTime": "2026-05-02T10:00:00+02:00","#, with: ""))
        let xml = try Self.iof([
            race, Self.routes.appendingPathComponent("zurich-old-town/tracks").path, "--align", "start",
        ])
        #expect(!xml.contains("<StartTime>") && !xml.contains("<FinishTime>"))
        #expect(xml.contains("<Time>"))
    }

    @Test("names are split into Given and Family; a single word is the family name")
    func names() throws {
        let folder = try TemporaryFolder()
        let tracks = folder.url.appendingPathComponent("tracks")
        try FileManager.default.copyItem(at: Self.routes.appendingPathComponent("zurich-old-town/tracks"), to: tracks)
        let anna = tracks.appendingPathComponent("001-anna.gpx")
        let gpx = try String(contentsOf: anna, encoding: .utf8)
        try gpx.replacingOccurrences(of: "<name>Anna</name>", with: "<name>Anna Lena Muster</name>").write(
            to: anna, atomically: true, encoding: .utf8)
        let beat = tracks.appendingPathComponent("002-beat.gpx")
        try String(contentsOf: beat, encoding: .utf8).replacingOccurrences(
            of: "<name>Beat</name>", with: "<name>Keller, Beat</name>"
        )
        .write(to: beat, atomically: true, encoding: .utf8)
        let xml = try Self.iof([Self.routes.appendingPathComponent("zurich-old-town/race.json").path, tracks.path])
        #expect(xml.contains("<Family>Muster</Family>\n          <Given>Anna Lena</Given>"))
        #expect(xml.contains("<Family>Keller</Family>\n          <Given>Beat</Given>"))
        #expect(xml.contains("<Family>Chiara</Family>\n          <Given></Given>"))
    }

    @Test("under the score mode each runner's game points (their team's) are the IOF Score")
    func score() throws {
        let folder = Self.routes.appendingPathComponent("munich-score-hunt")
        let arguments = [folder.appendingPathComponent("race.json").path, folder.appendingPathComponent("tracks").path]
        let xml = try Self.iof(arguments)
        /// The Score element of the PersonResult whose family name is `family`.
        func score(_ family: String) throws -> String {
            let person = try #require(xml.range(of: "<Family>\(family)</Family>"))
            let rest = xml[person.upperBound...]
            let result = rest[..<(try #require(rest.range(of: "</PersonResult>"))).lowerBound]
            return result.split(separator: "\n").first { $0.contains("<Score") }.map {
                $0.trimmingCharacters(in: .whitespaces)
            } ?? ""
        }
        // Every team member's result carries the team's game points (which differ from the stops'
        // sum the course table shows), read from the JSON report of the same run.
        let json = try RaceKitBinary.run(["simulate"] + arguments + ["--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rows = try #require((report["game"] as? [String: Any])?["standings"] as? [[String: Any]])
        let race = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: arguments[0])))
                as? [String: Any])
        let names = Dictionary(
            uniqueKeysWithValues: (race["participants"] as? [[String: Any]] ?? []).map {
                ($0["id"] as! String, $0["name"] as! String)
            })
        var checked = 0
        for row in rows {
            let points = try #require((row["points"] as? NSNumber)?.intValue)
            for member in row["members"] as? [String] ?? [] {
                #expect(
                    try score(try #require(names[member])) == "<Score type=\"TeamPoints\">\(points)</Score>",
                    "\(member)")
                checked += 1
            }
        }
        #expect(checked == 10)
        #expect(!(try Self.iof([SimulateCommandTests.race, SimulateCommandTests.tracks])).contains("<Score"))
    }

    @Test("control characters in names are dropped and markup escaped: the file still validates")
    func escaping() throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOfFile: SimulateCommandTests.race, encoding: .utf8)
        let race = try folder.write(
            "race.json",
            text.replacingOccurrences(
                of: #""name": "Zürich Old Town""#,
                with: #""name": "Zürich\u0007 <Old> & \"Town\"""#))
        let xml = try Self.iof([race, SimulateCommandTests.tracks])
        #expect(xml.contains("<Name>Zürich &lt;Old&gt; &amp; &quot;Town&quot;</Name>"))
        #expect(!xml.contains("\u{7}"))
    }
}
