import Foundation
import Testing

/// `racekit simulate --format geojson`: one form of time, and circles as documented in
/// docs/simulation-output.md.
struct GeoJSONExportTests {
    static func collection(_ race: String) throws -> [String: Any] {
        let result = try RaceKitBinary.run([
            "simulate", race, SimulateCommandTests.tracks, "--align", "start", "--format", "geojson",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// Every time in the collection: track point times and visit times.
    static func times(_ collection: [String: Any]) -> [Any] {
        let features = collection["features"] as? [[String: Any]] ?? []
        return features.flatMap { feature -> [Any] in
            let properties = feature["properties"] as? [String: Any] ?? [:]
            let track = (properties["coordinateProperties"] as? [String: Any])?["times"] as? [Any] ?? []
            return track + (properties["time"].map { [$0] } ?? [])
        }
    }

    @Test("times are seconds since the start whether or not the race has a start time; startTime says when that was")
    func oneTimeForm() throws {
        let withStart = try Self.collection(SimulateCommandTests.race)
        let folder = try TemporaryFolder()
        let text = try String(contentsOfFile: SimulateCommandTests.race, encoding: .utf8)
        let withoutStart = try Self.collection(
            try folder.write(
                "race.json",
                text.replacingOccurrences(
                    of: #""startTime": "2026-05-02T10:00:00+02:00","#, with: "")))
        for collection in [withStart, withoutStart] {
            let times = Self.times(collection)
            #expect(times.count > 100)
            #expect(times.allSatisfy { $0 is NSNumber && !($0 is String) })
        }
        #expect(
            Self.times(withStart).map { ($0 as? NSNumber)?.doubleValue }
                == Self.times(withoutStart).map { ($0 as? NSNumber)?.doubleValue })
        #expect(withStart["startTime"] as? String == "2026-05-02T08:00:00Z")
        #expect(withoutStart["startTime"] == nil)
    }

    @Test("a circular stop is its centre Point with radiusMeters")
    func circles() throws {
        let features = try Self.collection(SimulateCommandTests.race)["features"] as? [[String: Any]] ?? []
        let stops = features.filter { ($0["properties"] as? [String: Any])?["kind"] as? String == "stop" }
        #expect(!stops.isEmpty)
        for stop in stops {
            #expect((stop["geometry"] as? [String: Any])?["type"] as? String == "Point")
            #expect(
                ((stop["properties"] as? [String: Any])?["radiusMeters"] as? NSNumber).map { $0.doubleValue > 0 }
                    == true)
        }
    }
}
