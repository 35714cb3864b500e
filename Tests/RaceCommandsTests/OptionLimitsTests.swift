import Foundation
import Testing

/// Numeric options out of their stated ranges are usage errors (exit 64) naming the option as
/// typed, one line per bad option; `--help` states each range; numeric inputs in files that
/// once trapped (points 2^63, a territory board of 10^9) are clear errors.
struct OptionLimitsTests {
    static let race = OutputSafetyTests.race
    static let tracks = OutputSafetyTests.tracks

    @Test(
        "each value that once allocated without bound, trapped or looped forever is refused, naming the option",
        arguments: [
            (
                ["fence-check", "--generate", "city", "--cell-size=0.001"],
                "--cell-size must be within 5…100000 metres (got 0.001)."
            ),
            (["fence-check", "--generate", "city", "--threads", "-1"], "--threads must be within 1…256 (got -1)."),
            (
                ["synth", race, "-o", "/nonexistent/never", "--sampling", "1e300"],
                "--sampling must be within 0.1…3600 seconds (got 1e+300)."
            ),
            (
                ["synth", race, "-o", "/nonexistent/never", "--sampling", "1e-9"],
                "--sampling must be within 0.1…3600 seconds (got 1e-09)."
            ),
            (["optimize", race, "--variants", "1000000000"], "--variants must be within 1…100 (got 1000000000)."),
            (["optimize", race, "--threads", "0"], "--threads must be within 1…64 (got 0)."),
            (["rehearse", race, "--variants", "1000000"], "--variants must be within 1…100 (got 1000000)."),
            (
                ["fence-events", "--stops", "s.csv", "--positions", "p.csv", "--exit-margin", "nan"],
                "--exit-margin must be within 0…10000 metres (got nan)."
            ),
            (
                ["fence-events", "--stops", "s.csv", "--positions", "p.csv", "--exit-margin", "-5"],
                "--exit-margin must be within 0…10000 metres (got -5)."
            ),
            (["build", "stops.csv", "--radius", "inf"], "--radius must be within 0.1…100000 metres (got inf)."),
            (["simulate", race, tracks, "--max-speed", "0"], "--max-speed must be within 0.1…1000 m/s (got 0)."),
        ])
    func refused(arguments: [String], message: String) throws {
        let result = try RaceKitBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
    }

    @Test("one line per bad option, each under its own name")
    func oneLinePerOption() throws {
        let result = try RaceKitBinary.run([
            "synth", Self.race, "-o", "/nonexistent/never", "--speed", "0", "--sampling", "1e-9",
            "--dropout", "2",
        ])
        #expect(result.status == 64)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("Error: ") }
        #expect(
            errors == [
                "Error: --speed must be within 0.1…50 m/s (got 0).",
                "Error: --sampling must be within 0.1…3600 seconds (got 1e-09).",
                "Error: --dropout must be within 0…1 (got 2).",
            ])
        #expect(!result.stderr.contains("exitMarginMeters") && !result.stderr.contains("speeds and sampling"))
    }

    @Test(
        "--help states the range of every numeric option",
        arguments: [
            ("synth", ["1…10000", "0.1…50 m/s", "0…0.9", "0…1000 metres", "0.1…3600 seconds"]),
            ("rehearse", ["1…10000", "1…100", "0…1000 percent", "0.01…3600 seconds"]),
            ("optimize", ["0…86400 seconds", "0…100000000", "1…100", "0…1000 percent"]),
            ("fence-check", ["1…256", "5…100000 metres"]),
            ("fence-events", ["0…10000 metres", "1…1000", "0…86400 seconds", "0.1…100000 m/s"]),
            ("simulate", ["0.1…1000 m/s"]),
            ("build", ["0.1…100000 metres", "0.1…43200 minutes"]),
        ])
    func help(command: String, ranges: [String]) throws {
        let result = try RaceKitBinary.run([command, "--help"])
        // ArgumentParser wraps help at the terminal width: compare with the line breaks removed.
        let text = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
        for range in ranges { #expect(text.contains(range), "\(command) --help lacks \(range)") }
    }

    @Test("points of 2^63 in a stop list are an error at their place, not a trap")
    func hugePoints() throws {
        let folder = try TemporaryFolder()
        let csv = try folder.write("stops.csv", "name,lat,lon,points\nA,47.3,8.5,9223372036854775808\nB,47.31,8.5,1\n")
        let fromCSV = try RaceKitBinary.run(["build", csv])
        #expect(fromCSV.status == 2)
        #expect(
            fromCSV.stderr
                == "racekit: \(csv):2:4: error: points 9.223372036854776e+18 is out of range (a whole number in -999999999999999…999999999999999)\n"
        )
        let geojson = try folder.write(
            "stops.geojson",
            """
            {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [8.5, 47.3]},
             "properties": {"name": "A", "radius": 20, "points": 9223372036854775808}}]}
            """)
        let fromGeoJSON = try RaceKitBinary.run(["build", geojson])
        #expect(fromGeoJSON.status == 2)
        #expect(
            fromGeoJSON.stderr.contains("/features/0/properties/points: points 9.223372036854776e+18 is out of range"))
    }

    @Test("a territory board of 10^9 × 10^9 zones is refused by simulate, not allocated")
    func hugeTerritory() throws {
        let folder = try TemporaryFolder()
        let sample = SimulateCommandTests.routes.appendingPathComponent("territory-tempelhofer-feld/race.json").path
        var text = try String(contentsOfFile: sample, encoding: .utf8)
        let size = try #require(text.range(of: #""size": [0-9]+"#, options: .regularExpression))
        text.replaceSubrange(size, with: "\"size\": 1e9")
        let race = try folder.write("race.json", text)
        let result = try RaceKitBinary.run(["simulate", race, Self.tracks, "--align", "start"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("/mode/config/size: error: size 1000000000 must be between 2 and 9"),
            "\(result.stderr)")
    }
}
