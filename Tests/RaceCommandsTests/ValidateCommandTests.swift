import Foundation
import Testing

/// `racekit validate` and `racekit build` end to end.
struct ValidateCommandTests {
    private let stopsCSV = """
        name,lat,lon,radius_m,points,question,options,answer
        Hauptbahnhof,47.37790,8.54030,30,,,,
        Lindenhof,47.37300,8.54100,25,10,"How many trees, roughly?",10|50|90,90
        Grossmünster,47.37010,8.54410,25,10,How many towers?,1|2|3,2
        Bellevue,47.36680,8.54500,30,,,,

        """

    @Test("build writes a race that validates clean: exit 0")
    func buildThenValidate() throws {
        let folder = try TemporaryFolder()
        let csv = try folder.write("stops.csv", stopsCSV)
        let race = folder.url.appendingPathComponent("race.json").path
        let build = try RaceKitBinary.run(["build", csv, "--name", "Old Town", "--time-limit", "90", "-o", race])
        #expect(build.status == 0, "\(build.stderr)")
        let validate = try RaceKitBinary.run(["validate", race])
        #expect(validate.status == 0)
        // Game modes may add notes (infos); no errors or warnings.
        #expect(
            validate.stdout.hasSuffix("\(race): 0 errors, 0 warnings, 1 info\n")
                || validate.stdout == "\(race): no issues\n",
            "\(validate.stdout)")
        let text = try String(contentsOfFile: race, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"format\": \"racekit.race/1\""))
        #expect(text.contains("\"id\": \"grossmunster\""))
    }

    @Test("errors: exit 1, compiler-style lines, and --json objects with the five keys")
    func errors() throws {
        let folder = try TemporaryFolder()
        let race = try folder.write(
            "race.json",
            """
            {"format": "racekit.race/1", "name": "x", "stops": [
              {"id": "a", "fence": {"type": "circle", "center": [8.5, 47.3], "radius": 0}}],
             "courses": [{"id": "c", "controls": ["a", "b"]}]}
            """)
        let text = try RaceKitBinary.run(["validate", race])
        #expect(text.status == 1)
        #expect(
            text.stdout.contains(
                "\(race):/stops/0/fence/radius: error: stop \"a\" has radius 0.0 m [radius-not-positive]"))
        #expect(
            text.stdout.contains(
                "\(race):/courses/0/controls/1: error: course \"c\" names stop \"b\", which does not exist [unknown-stop]"
            ))
        #expect(text.stdout.hasSuffix("\(race): 2 errors, 0 warnings, 0 infos\n"))
        let json = try RaceKitBinary.run(["validate", race, "--json"])
        #expect(json.status == 1)
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(issues.count == 2)
        #expect(issues.allSatisfy { Set($0.keys) == ["severity", "code", "path", "message", "hint"] })
        #expect(issues.first?["code"] as? String == "radius-not-positive")
    }

    @Test(
        "unreadable or unparsable files: exit 2",
        arguments: ["{\"format\": ", "", "\u{FF}\u{FE}junk", String(repeating: "[", count: 50_000)])
    func unparsable(text: String) throws {
        let folder = try TemporaryFolder()
        let race = try folder.write("race.json", text)
        let result = try RaceKitBinary.run(["validate", race])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(race):"))
        let missing = try RaceKitBinary.run(["validate", folder.url.appendingPathComponent("none.json").path])
        #expect(missing.status == 2)
    }

    @Test("build: a bad CSV names file, line and column")
    func buildBadInput() throws {
        let folder = try TemporaryFolder()
        let csv = try folder.write("stops.csv", "name,lat,lon\nA,47.3,8.5\nB,147.3,8.5\n")
        let result = try RaceKitBinary.run(["build", csv])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("stops.csv:3:2: error: latitude 147.3 is out of range (-90…90)"), "\(result.stderr)")
    }

    @Test("build from GeoJSON: points with and without a radius, a polygon, a question")
    func buildFromGeoJSON() throws {
        let folder = try TemporaryFolder()
        let geojson = try folder.write(
            "stops.geojson",
            """
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "id": "hb", "geometry": {"type": "Point", "coordinates": [8.5403, 47.3779]}, "properties": {"name": "HB", "radius": 30}},
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [8.541, 47.373]},
              "properties": {"name": "Lindenhof", "points": 10, "question": "Towers?", "options": ["1", "2"], "answer": "2"}},
             {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[8.5405, 47.3812], [8.5422, 47.3812], [8.5422, 47.3826], [8.5405, 47.3826], [8.5405, 47.3812]]]},
              "properties": {"name": "Platzspitz"}}]}
            """)
        let race = folder.url.appendingPathComponent("race.json").path
        let build = try RaceKitBinary.run(["build", geojson, "--radius", "20", "-o", race])
        #expect(build.status == 0, "\(build.stderr)")
        let text = try String(contentsOfFile: race, encoding: .utf8)
        #expect(text.contains("\"id\": \"hb\"") && text.contains("\"radius\": 30") && text.contains("\"radius\": 20"))
        #expect(text.contains("\"type\": \"polygon\"") && text.contains("\"answer\": \"2\""))
        #expect(try RaceKitBinary.run(["validate", race]).status == 0)
    }

    @Test("build from GPX waypoints, and a GPX without any is an error")
    func buildFromGPX() throws {
        let folder = try TemporaryFolder()
        let gpx = try folder.write(
            "points.gpx",
            """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="47.3779" lon="8.5403"><name>HB</name></wpt><wpt lat="47.3730" lon="8.5410"><name>Lindenhof</name><desc>Up the steps</desc></wpt>
            </gpx>
            """)
        let build = try RaceKitBinary.run(["build", gpx])
        #expect(build.status == 0)
        // A waypoint's desc is for participants: the stop's description (its cmt would be the notes).
        #expect(
            build.stdout.contains("\"id\": \"lindenhof\"")
                && build.stdout.contains("\"description\": \"Up the steps\""))
        let empty = try folder.write("empty.gpx", "<gpx version=\"1.1\" creator=\"t\"></gpx>")
        let result = try RaceKitBinary.run(["build", empty])
        #expect(result.status == 2 && result.stderr.contains("no waypoints"))
    }
}
