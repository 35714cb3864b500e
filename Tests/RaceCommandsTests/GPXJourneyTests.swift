import Foundation
import Testing

/// From a GPS export to a report: `build` (waypoint details, a route as the course, an
/// optimized course) → `validate` → `optimize` → `synth` → `simulate`, on GPX files these tests
/// write themselves, with the features real exports have (docs/gps-export-to-race.md).
@Suite(.serialized)
struct GPXJourneyTests {
    /// A waypoint, route point or track point `north` and `east` metres from 46.5° N 7° E.
    static func position(_ north: Double, _ east: Double) -> String {
        let lat = 46.5 + north / 111_195.08
        let lon = 7.0 + east / (111_195.08 * cos(46.5 * .pi / 180))
        return "lat=\"\(String(format: "%.7f", lat))\" lon=\"\(String(format: "%.7f", lon))\""
    }

    static func point(_ tag: String, _ north: Double, _ east: Double, _ name: String, extra: String = "") -> String {
        "<\(tag) \(position(north, east))><name>\(name)</name>\(extra)</\(tag)>"
    }

    /// Ten waypoints with cmt/desc/sym/type/link; in file order SPRING–SPRING-2 (22 m apart)
    /// and HUT–HUT-SIGN (30 m) follow each other with overlapping 25 m circles. The route LOOP
    /// runs TRAILHEAD → BRIDGE → a fork of its own → TOWER → VIEW → steps of its own → back to
    /// TRAILHEAD (its first and fourth points are 0.3 m off the waypoints, as rounding leaves
    /// them). A recorded track, which `build` does not use.
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="racekit tests" xmlns="http://www.topografix.com/GPX/1/1">
        \(point("wpt", 0, 0, "TRAILHEAD", extra: "<cmt>PARK HERE</cmt><desc>Trailhead car park</desc><link href=\"https://example.org/trailhead\"><text>Map</text></link><sym>Parking Area</sym><type>Parking</type>"))
        \(point("wpt", 200, 50, "BRIDGE", extra: "<desc>Old stone bridge</desc><sym>Bridge</sym>"))
        \(point("wpt", 400, 120, "OAK", extra: "<cmt>BIG OAK</cmt><sym>Tree</sym>"))
        \(point("wpt", 600, 80, "SPRING", extra: "<sym>Drinking Water</sym>"))
        \(point("wpt", 620, 90, "SPRING-2", extra: "<sym>Drinking Water</sym>"))
        \(point("wpt", 800, 300, "TOWER", extra: "<desc>Fire lookout</desc><sym>Tall Tower</sym>"))
        \(point("wpt", 700, 500, "HUT", extra: "<sym>Building</sym>"))
        \(point("wpt", 730, 505, "HUT-SIGN", extra: "<sym>Dot</sym>"))
        \(point("wpt", 500, 600, "VIEW", extra: "<desc>View over the valley</desc><sym>Scenic Area</sym>"))
        \(point("wpt", 250, 400, "LAKE", extra: "<sym>Swimming Area</sym>"))
        <rte><name>LOOP</name><desc>Round the park</desc>
        \(point("rtept", 0.3, 0, "TRAILHEAD"))
        \(point("rtept", 200, 50, "BRIDGE"))
        \(point("rtept", 300, 250, "FORK", extra: "<desc>Where the paths part</desc>"))
        \(point("rtept", 800, 300.3, "TOWER"))
        \(point("rtept", 500, 600, "VIEW"))
        \(point("rtept", 150, 250, "STEPS"))
        \(point("rtept", 0, 0, "TRAILHEAD"))
        </rte>
        <rte><name>SHORT</name>\(point("rtept", 0, 0, "A"))\(point("rtept", 250, 400, "B"))</rte>
        <trk><name>Recce</name><trkseg>
        <trkpt \(position(0, 0))><time>2026-04-01T09:00:00Z</time></trkpt>
        <trkpt \(position(200, 50))><time>2026-04-01T09:03:00Z</time></trkpt>
        <trkpt \(position(400, 120))><time>2026-04-01T09:06:00Z</time></trkpt>
        </trkseg></trk>
        </gpx>
        """

    /// Five waypoints in the park and one left over from a trip 2 000 km south.
    static let farAway = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="racekit tests" xmlns="http://www.topografix.com/GPX/1/1">
        \(point("wpt", 0, 0, "START"))
        \(point("wpt", 300, 100, "ONE"))
        \(point("wpt", -2_000_000, 0, "HOLIDAY", extra: "<desc>Beach bar</desc>"))
        \(point("wpt", 500, 400, "TWO"))
        \(point("wpt", 200, 600, "THREE"))
        \(point("wpt", 0, 300, "FINISH"))
        </gpx>
        """

    /// The JSON of the race file at `path`.
    static func race(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    /// The first course's stop ids in order: start, controls, finish.
    static func courseOrder(_ path: String) throws -> [String] {
        let course = (try race(path)["courses"] as! [[String: Any]])[0]
        var ids: [String] = []
        if let start = course["start"] as? String { ids.append(start) }
        ids += (course["controls"] as! [Any]).compactMap { $0 as? String }
        if let finish = course["finish"] as? String { ids.append(finish) }
        return ids
    }

    /// validate → optimize → synth → simulate on a race file; every step must succeed (and with
    /// a fix every 5 s, somebody must finish OK).
    static func runJourney(_ racePath: String, in folder: TemporaryFolder, sampling: Int = 5) throws {
        let validate = try RaceKitBinary.run(["validate", racePath])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let optimized = folder.url.appendingPathComponent("optimized.json").path
        let optimize = try RaceKitBinary.run(
            ["optimize", racePath, "--iterations", "200", "--time-limit", "0", "-o", optimized])
        #expect(optimize.status == 0, "\(optimize.stdout)\(optimize.stderr)")
        #expect(try RaceKitBinary.run(["validate", optimized]).status == 0)
        let tracks = folder.url.appendingPathComponent("tracks-\(UUID().uuidString)").path
        let synth = try RaceKitBinary.run(
            ["synth", optimized, "--participants", "3", "--seed", "5", "--sampling", "\(sampling)", "-o", tracks])
        #expect(synth.status == 0, "\(synth.stderr)")
        let simulate = try RaceKitBinary.run(["simulate", optimized, tracks])
        #expect(simulate.status == 0, "\(simulate.stderr)")
        if sampling <= 5 { #expect(simulate.stdout.contains(" OK "), "\(simulate.stdout)") }
    }

    @Test("in file order the export's overlapping pairs follow each other: build says so and writes nothing")
    func fileOrder() throws {
        let folder = try TemporaryFolder()
        let gpx = try folder.write("export.gpx", Self.export)
        let out = folder.url.appendingPathComponent("race.json").path
        let build = try RaceKitBinary.run(["build", gpx, "-o", out])
        #expect(build.status == 1)
        #expect(build.stderr.components(separatedBy: "[overlapping-consecutive-stops]").count == 3, "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(build.stderr.contains("--course optimized keeps such stops from following each other"))
    }

    @Test("waypoint details reach the race file, and format and validate keep them")
    func details() throws {
        let folder = try TemporaryFolder()
        let gpx = try folder.write("export.gpx", Self.export)
        let out = folder.url.appendingPathComponent("race.json").path
        #expect(try RaceKitBinary.run(["build", gpx, "--course", "route=LOOP", "-o", out]).status == 0)
        let stops = try Self.race(out)["stops"] as! [[String: Any]]
        let trailhead = stops[0]
        #expect(trailhead["notes"] as? String == "PARK HERE")
        #expect(trailhead["description"] as? String == "Trailhead car park")
        #expect(trailhead["link"] as? String == "https://example.org/trailhead")
        #expect(trailhead["category"] as? String == "Parking")
        #expect(stops[2]["category"] as? String == "Tree", "sym when there is no type")
        let formattedPath = folder.url.appendingPathComponent("formatted.json").path
        #expect(try RaceKitBinary.run(["format", out, "-o", formattedPath]).status == 0)
        #expect(
            try String(contentsOfFile: formattedPath, encoding: .utf8)
                == (try String(contentsOfFile: out, encoding: .utf8)))
        let validate = try RaceKitBinary.run(["validate", out, "--json"])
        #expect(!validate.stdout.contains("unknown-key"))
    }

    @Test("--course route keeps the route's order, reuses waypoints within 1 m, and the journey runs")
    func routeCourse() throws {
        let folder = try TemporaryFolder()
        let gpx = try folder.write("export.gpx", Self.export)
        let out = folder.url.appendingPathComponent("race.json").path
        let build = try RaceKitBinary.run(["build", gpx, "--course", "route=LOOP", "-o", out])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try Self.courseOrder(out) == ["trailhead", "bridge", "fork", "tower", "view", "steps", "trailhead"])
        // The ten waypoints and the route's two points of its own.
        #expect((try Self.race(out)["stops"] as! [[String: Any]]).count == 12)
        // Off the course the overlapping pairs are warnings, as they deserve.
        #expect(build.stderr.components(separatedBy: "[overlapping-stops]").count == 3, "\(build.stderr)")
        try Self.runJourney(out, in: folder)
        // Two routes and no name: the user must choose.
        let ambiguous = try RaceKitBinary.run(["build", gpx, "--course", "route"])
        #expect(ambiguous.status == 2 && ambiguous.stderr.contains("\"LOOP\", \"SHORT\""), "\(ambiguous.stderr)")
        let unknown = try RaceKitBinary.run(["build", gpx, "--course", "route=NOPE"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no route named \"NOPE\""))
    }

    @Test("--course optimized keeps the overlapping pairs apart, keeps the file's ends, and the journey runs")
    func optimizedCourse() throws {
        let folder = try TemporaryFolder()
        let gpx = try folder.write("export.gpx", Self.export)
        let out = folder.url.appendingPathComponent("race.json").path
        let build = try RaceKitBinary.run(["build", gpx, "--course", "optimized", "-o", out])
        #expect(build.status == 0, "\(build.stderr)")
        let order = try Self.courseOrder(out)
        #expect(order.first == "trailhead" && order.last == "lake" && order.count == 10)
        for (a, b) in [("spring", "spring-2"), ("hut", "hut-sign")] {
            let i = order.firstIndex(of: a)!, j = order.firstIndex(of: b)!
            #expect(abs(i - j) > 1, "\(order)")
        }
        // The same file gives the same race; --optimize is the same option; --start/--finish choose the ends.
        let again = try RaceKitBinary.run(["build", gpx, "--optimize"])
        #expect(again.stdout == (try String(contentsOfFile: out, encoding: .utf8)))
        let ends = folder.url.appendingPathComponent("ends.json").path
        let chosen = try RaceKitBinary.run(
            ["build", gpx, "--optimize", "--start", "tower", "--finish", "tower", "-o", ends])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        let loop = try Self.courseOrder(ends)
        #expect(loop.first == "tower" && loop.last == "tower" && loop.count == 11)
        let wrong = try RaceKitBinary.run(["build", gpx, "--start", "tower"])
        #expect(wrong.status == 64)
        try Self.runJourney(out, in: folder)
    }

    /// A race file with the export's stops in file order, as an older `build` or another tool
    /// would write it: its only errors are the two overlapping pairs that follow each other.
    static func fileOrderRace(_ stops: [(id: String, north: Double, east: Double)]) -> String {
        let entries = stops.map { stop -> String in
            let lat = 46.5 + stop.north / 111_195.08
            let lon = 7.0 + stop.east / (111_195.08 * cos(46.5 * .pi / 180))
            return """
                {"id": "\(stop.id)", "fence": {"type": "circle", "center": [\(lon), \(lat)], "radius": 25}}
                """
        }
        let ids = stops.map { "\"\($0.id)\"" }
        return """
            {"format": "racekit.race/1", "name": "park", "stops": [\(entries.joined(separator: ", "))],
             "courses": [{"id": "main", "start": \(ids.first!), "finish": \(ids.last!),
                          "controls": [\(ids.dropFirst().dropLast().joined(separator: ", "))]}]}
            """
    }

    @Test("optimize takes a race whose only errors are order-dependent, says what it resolved, exits 0")
    func optimizeResolves() throws {
        let folder = try TemporaryFolder()
        let race = try folder.write(
            "race.json",
            Self.fileOrderRace([
                ("trailhead", 0, 0), ("bridge", 200, 50), ("oak", 400, 120), ("spring", 600, 80),
                ("spring-2", 620, 90), ("tower", 800, 300), ("hut", 700, 500), ("hut-sign", 730, 505),
                ("view", 500, 600), ("lake", 250, 400),
            ]))
        #expect(try RaceKitBinary.run(["validate", race]).status == 1)
        let out = folder.url.appendingPathComponent("optimized.json").path
        let optimize = try RaceKitBinary.run(["optimize", race, "--iterations", "200", "--time-limit", "0", "-o", out])
        #expect(optimize.status == 0, "\(optimize.stdout)\(optimize.stderr)")
        #expect(optimize.stdout.contains("kept apart: \"spring\" and \"spring-2\" (the fences overlap)"))
        #expect(optimize.stdout.contains("kept apart: \"hut\" and \"hut-sign\" (the fences overlap)"))
        #expect(!optimize.stdout.contains("still next to each other"))
        #expect(try RaceKitBinary.run(["validate", out]).status == 0)
        let json = try RaceKitBinary.run(["optimize", race, "--iterations", "200", "--time-limit", "0", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(report["separatedPairs"] as? Int == 2)
        #expect((report["resolved"] as? [[String: Any]])?.count == 2)
        #expect((report["remaining"] as? [Any])?.isEmpty == true)
        // An error the order does not cause still stops it.
        let broken = try folder.write(
            "broken.json",
            Self.fileOrderRace([("a", 0, 0), ("b", 20, 0), ("c", 300, 0)]).replacingOccurrences(
                of: "\"radius\": 25}}, {\"id\": \"b\"", with: "\"radius\": -1}}, {\"id\": \"b\""))
        let refused = try RaceKitBinary.run(["optimize", broken])
        #expect(refused.status == 1 && refused.stderr.contains("radius-not-positive"), "\(refused.stderr)")
    }

    @Test("optimize says which pairs no order keeps apart, and exits 1")
    func optimizeRemaining() throws {
        let folder = try TemporaryFolder()
        // Three stops 20 m apart in a row: every order puts two overlapping stops together.
        let race = try folder.write("race.json", Self.fileOrderRace([("a", 0, 0), ("b", 20, 0), ("c", 40, 0)]))
        let optimize = try RaceKitBinary.run(["optimize", race])
        #expect(optimize.status == 1)
        #expect(optimize.stdout.contains("still next to each other: \"a\" and \"b\" (the fences overlap)"))
        #expect(optimize.stdout.contains("still next to each other: \"b\" and \"c\" (the fences overlap)"))
        // Only the first course is reordered: an order error on another course remains, and says so.
        let twoCourses = try folder.write(
            "two.json",
            Self.fileOrderRace([("a", 0, 0), ("b", 200, 0), ("c", 400, 0), ("d", 410, 0)]).replacingOccurrences(
                of: "\"courses\": [",
                with: "\"courses\": [{\"id\": \"first\", \"start\": \"a\", \"controls\": [\"b\"], \"finish\": \"d\"}, ")
        )
        let second = try RaceKitBinary.run(["optimize", twoCourses])
        #expect(second.status == 1, "\(second.stdout)\(second.stderr)")
        #expect(second.stderr.contains("/courses/1") || second.stderr.contains("[overlapping-consecutive-stops]"))
    }

    @Test("a waypoint 2 000 km from the others is a warning; the journey still runs")
    func farWaypoint() throws {
        let folder = try TemporaryFolder()
        let gpx = try folder.write("far.gpx", Self.farAway)
        let out = folder.url.appendingPathComponent("race.json").path
        let build = try RaceKitBinary.run(["build", gpx, "-o", out])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(
            build.stderr.contains("waypoint 3: stop \"holiday\" is 2000 km from the middle of the race"),
            "\(build.stderr)")
        #expect(build.stderr.components(separatedBy: "[stop-far-from-others]").count == 2)
        // The whole journey, with a fix every 10 minutes on the 4 000 km there and back.
        try Self.runJourney(out, in: folder, sampling: 600)
        // Without the far waypoint the race is clean: the rule does not fire on a normal race.
        let near = try folder.write(
            "near.gpx",
            Self.farAway.replacingOccurrences(
                of: Self.point("wpt", -2_000_000, 0, "HOLIDAY", extra: "<desc>Beach bar</desc>"), with: ""))
        let clean = try RaceKitBinary.run(["build", near, "-o", folder.url.appendingPathComponent("near.json").path])
        #expect(clean.status == 0 && clean.stderr.isEmpty, "\(clean.stderr)")
        try Self.runJourney(folder.url.appendingPathComponent("near.json").path, in: folder)
    }
}
