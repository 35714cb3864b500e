import Foundation
import RaceCommands
import Testing

/// Each of ``RaceKitExitCode``'s codes, produced by a real run of the binary, and documented
/// where the help says (docs/exit-codes.md and the root command's help).
struct ExitCodesTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private static let race = repository.appendingPathComponent("Routes/zurich-old-town/race.json").path
    private static let tracks = repository.appendingPathComponent("Routes/zurich-old-town/tracks").path

    /// A race whose only stop has radius 0: read fine, with an error `racekit validate` reports.
    private static let raceWithError = """
        {"format": "racekit.race/1", "name": "x", "stops": [
          {"id": "a", "fence": {"type": "circle", "center": [8.5, 47.3], "radius": 0}}],
         "courses": [{"id": "c", "controls": ["a"]}]}
        """

    @Test("success: 0")
    func success() throws {
        let result = try RaceKitBinary.run(["simulate", Self.race, Self.tracks])
        #expect(result.status == RaceKitExitCode.success.rawValue, "\(result.stderr)")
    }

    @Test("problemsFound: 1 from validate, build, format and simulate on a race with errors")
    func problemsFound() throws {
        let folder = try TemporaryFolder()
        let race = try folder.write("race.json", Self.raceWithError)
        // `format` refuses structural errors only: a stop without its fence.
        let unformattable = try folder.write(
            "unformattable.json", #"{"format": "racekit.race/1", "name": "x", "stops": [{"id": "a"}]}"#)
        let stops = try folder.write("stops.csv", "name,lat,lon,radius_m\nA,47.3,8.5,0\n")
        for arguments in [
            ["validate", race], ["format", unformattable], ["simulate", race, Self.tracks], ["build", stops],
        ] {
            let result = try RaceKitBinary.run(arguments)
            #expect(result.status == RaceKitExitCode.problemsFound.rawValue, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("error:") || result.stdout.contains("error:"), "\(arguments)")
        }
    }

    @Test("badInput: 2 from a file that is not JSON, a missing track folder, a malformed stops CSV")
    func badInput() throws {
        let folder = try TemporaryFolder()
        let notJSON = try folder.write("race.json", "{\"format\": ")
        let stops = try folder.write("stops.csv", "id,lat,lon,radius_m\n1,95,8,10\n")
        let positions = try folder.write("positions.csv", "participant,t,lat,lon\n0,0,1,1\n")
        for arguments in [
            ["validate", notJSON], ["simulate", Self.race, folder.url.appendingPathComponent("none").path],
            ["fence-events", "--stops", stops, "--positions", positions],
        ] {
            let result = try RaceKitBinary.run(arguments)
            #expect(result.status == RaceKitExitCode.badInput.rawValue, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("racekit: "), "\(arguments): \(result.stderr)")
        }
    }

    @Test("usage: 64 from an unknown option, a missing argument and an option out of its range")
    func usage() throws {
        for arguments in [
            ["modes", "--colour"], ["simulate"], ["synth", Self.race, "-o", "x", "--participants", "0"],
        ] {
            let result = try RaceKitBinary.run(arguments)
            #expect(result.status == RaceKitExitCode.usage.rawValue, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("outputFailed: 74 from a full standard output and from -o into a missing folder")
    func outputFailed() throws {
        let full = try RaceKitBinary.run(["modes"], standardOutputPath: "/dev/full")
        #expect(full.status == RaceKitExitCode.outputFailed.rawValue)
        #expect(full.stderr == "racekit: cannot write to standard output: No space left on device\n")
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("missing/out.html").path
        let result = try RaceKitBinary.run(["simulate", Self.race, Self.tracks, "--format", "html", "-o", missing])
        #expect(result.status == RaceKitExitCode.outputFailed.rawValue)
        #expect(result.stderr.contains("\(missing): error: cannot write the file"), "\(result.stderr)")
    }

    @Test("every code is in docs/exit-codes.md's table with its name, and in racekit --help")
    func documented() throws {
        let docs = try String(contentsOf: Self.repository.appendingPathComponent("docs/exit-codes.md"), encoding: .utf8)
        let rows = docs.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("| `") }
        let documented = rows.map { row in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return "\(cells[0]) \(cells[1])"
        }
        #expect(documented == RaceKitExitCode.allCases.map { "\($0.rawValue) `\($0)`" })
        let help = try RaceKitBinary.run(["--help"])
        let flattened = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for code in RaceKitExitCode.allCases {
            #expect(flattened.contains(" \(code.rawValue) "), "\(code)")
        }
        #expect(flattened.contains("docs/exit-codes.md"))
    }
}
