import Foundation
import Testing

/// Every report format, byte for byte: each command run on the small race and files in
/// `Fixtures/golden/input/` (three stops 111 m apart, two hand-written tracks, one participant
/// without a track; a two-stop fence workload; a GeoJSON line), its standard output compared
/// with `Fixtures/golden/expected/NAME` (see ``Snapshot`` for `RACEKIT_UPDATE_SNAPSHOTS=1`).
///
/// The commands run inside `input/` with relative paths, so no machine's folder ends up in the
/// expected files. How each expected file was checked is in `Fixtures/golden/README.md`.
struct GoldenOutputTests {
    static let input = Snapshot.fixtures.appendingPathComponent("golden/input")

    /// (expected file, arguments)
    static let cases: [(String, [String])] = [
        ("simulate.txt", ["simulate", "race.json", "tracks"]),
        ("simulate.json", ["simulate", "race.json", "tracks", "--format", "json"]),
        ("simulate.csv", ["simulate", "race.json", "tracks", "--format", "csv"]),
        ("simulate.geojson", ["simulate", "race.json", "tracks", "--format", "geojson"]),
        ("simulate.iof.xml", ["simulate", "race.json", "tracks", "--format", "iof"]),
        ("simulate.html", ["simulate", "race.json", "tracks", "--format", "html"]),
        ("rehearse.txt", ["rehearse", "race.json", "--runs", "3", "--participants", "4"]),
        ("rehearse.json", ["rehearse", "race.json", "--runs", "3", "--participants", "4", "--json"]),
        ("inspect-gpx.txt", ["inspect", "tracks/ana.gpx"]),
        ("inspect-gpx.json", ["inspect", "tracks/ana.gpx", "--json"]),
        ("inspect-geojson.txt", ["inspect", "line.geojson"]),
        ("inspect-geojson.json", ["inspect", "line.geojson", "--json"]),
        ("fence-events.csv", ["fence-events", "--stops", "stops.csv", "--positions", "positions.csv"]),
        ("fence-events.jsonl", ["fence-events", "--stops", "stops.csv", "--positions", "positions.csv", "--json"]),
    ]

    @Test("each report matches its expected file", arguments: cases)
    func report(_ expected: String, _ arguments: [String]) throws {
        let result = try RaceKitBinary.run(arguments, currentDirectory: Self.input)
        #expect(result.status == 0, "\(result.stderr)")
        try Snapshot.expect(result.stdout, matches: "golden/expected/\(expected)")
    }
}
