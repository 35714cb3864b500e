import Foundation
import Testing

/// End to end: `racekit inspect` and `racekit convert` as a user runs them.
struct InspectCommandTests {
    static let track = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="47.0" lon="8.0"><name>Start</name></wpt>
          <trk><name>Run</name><trkseg>
            <trkpt lat="47.0" lon="8.0"><time>2024-01-01T10:00:00Z</time></trkpt>
            <trkpt lat="47.001" lon="8.0"><time>2024-01-01T10:01:00Z</time></trkpt>
            <trkpt lat="47.001" lon="8.0"><time>2024-01-01T10:05:00Z</time></trkpt>
            <trkpt lat="47.002" lon="8.0"/>
          </trkseg></trk>
        </gpx>
        """

    @Test("inspect --json gives the counts, geodesic distance, duration, moving time, bbox and warnings")
    func json() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("run.gpx", Self.track)
        let result = try RaceKitBinary.run(["inspect", path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["tracks"] as? Int == 1 && object["segments"] as? Int == 1 && object["trackPoints"] as? Int == 4)
        #expect(
            object["timedTrackPoints"] as? Int == 3 && object["waypoints"] as? Int == 1 && object["routes"] as? Int == 0
        )
        // 2 × 0.001° of latitude at 47° N on the WGS 84 ellipsoid: 111.17 m each (Karney), one zero step.
        let distance = object["distanceMeters"] as! Double
        #expect(abs(distance - 222.342) < 0.001, "\(distance)")
        #expect(object["durationSeconds"] as? Double == 300)
        #expect(object["movingSeconds"] as? Double == 60)  // 111 m in 60 s moves; 0 m in 240 s does not
        #expect(object["bbox"] as? [Double] == [8, 47, 8, 47.002])
        #expect(
            (object["warnings"] as? [String])?.first?.hasSuffix("run.gpx:8:5: warning: track point without a time")
                == true)
    }

    @Test("the hidden result line gives the peers' fields")
    func resultLine() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("run.gpx", Self.track)
        let result = try RaceKitBinary.run(["inspect", path, "--result-line"])
        #expect(result.stdout.hasPrefix("RESULT workload=gpx:run.gpx tool=swift-racekit bytes="))
        #expect(
            result.stdout.contains(" points=4 ") && result.stdout.contains(" sum_lat=188.004000 sum_lon=32.000000 "))
    }

    @Test(
        "bad input: one line naming file:line:column, exit code 2",
        arguments: [
            (
                "trunc.gpx", "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">",
                ":1:42: error: unexpected end of file: <trkpt> and 3 enclosing element(s) are not closed (truncated file?)"
            ),
            (
                "page.gpx", "<!doctype html>\n<html><body>Not found</body></html>",
                ":2:1: error: the root element is <html>, not <gpx>"
            ),
            (
                "lat.gpx", "<gpx>\n<wpt lat=\"95\" lon=\"2\"/></gpx>",
                ":2:6: error: latitude 95.0 is out of range (-90…90)"
            ),
            ("empty.gpx", "", ": error: the file is empty"),
            (
                "ring.geojson", "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[1,1],[0,1]]]}",
                ":1:34: error: /coordinates/0: the ring is not closed"
            ),
        ])
    func badInput(_ name: String, _ text: String, _ message: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(name, text)
        let result = try RaceKitBinary.run(["inspect", path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("racekit: \(path)\(message)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}

struct ConvertCommandTests {
    @Test("GPX → GeoJSON → GPX → CSV → GPX keeps every track, waypoint and time")
    func chain() throws {
        let folder = try TemporaryFolder()
        let gpx = try folder.write("run.gpx", InspectCommandTests.track)
        let geojson = folder.url.appendingPathComponent("run.geojson").path
        let back = folder.url.appendingPathComponent("back.gpx").path
        let csv = folder.url.appendingPathComponent("run.csv").path
        let fromCSV = folder.url.appendingPathComponent("csv.gpx").path
        var result = try RaceKitBinary.run(["convert", gpx, geojson])
        #expect(result.status == 0 && result.stdout == "wrote \(geojson) (geojson): 2 features\n", "\(result.stderr)")
        #expect(result.stderr.contains("run.gpx:8:5: warning: track point without a time"))
        let features = try String(contentsOfFile: geojson, encoding: .utf8)
        #expect(
            features.contains(
                #""coordinateProperties":{"times":["2024-01-01T10:00:00Z","2024-01-01T10:01:00Z","2024-01-01T10:05:00Z",null]}"#
            ))
        result = try RaceKitBinary.run(["convert", geojson, back])
        #expect(result.status == 0 && result.stdout.hasSuffix("1 tracks, 0 routes, 1 waypoints\n"))
        result = try RaceKitBinary.run(["convert", back, csv])
        #expect(result.status == 0)
        #expect(result.stderr.contains("1 track points without a time cannot be positions"))
        #expect(
            try String(contentsOfFile: csv, encoding: .utf8)
                == "participant,t,lat,lon\nRun,1704103200,47,8\nRun,1704103260,47.001,8\nRun,1704103500,47.001,8\n")
        result = try RaceKitBinary.run(["convert", csv, fromCSV])
        let inspect = try RaceKitBinary.run(["inspect", fromCSV, "--json"])
        #expect(inspect.stdout.contains(#""timedTrackPoints":3"#) && inspect.stdout.contains(#""durationSeconds":300"#))
    }

    @Test("--from/--to override the extension; an unknown extension is an error")
    func formats() throws {
        let folder = try TemporaryFolder()
        let input = try folder.write("track.xml", InspectCommandTests.track)
        let output = folder.url.appendingPathComponent("out.txt").path
        let ok = try RaceKitBinary.run(["convert", input, output, "--from", "gpx", "--to", "geojson"])
        #expect(ok.status == 0)
        let bad = try RaceKitBinary.run(["convert", input, output])
        #expect(bad.status == 2 && bad.stderr.contains("cannot tell the format from the extension '.xml'"))
    }
}
