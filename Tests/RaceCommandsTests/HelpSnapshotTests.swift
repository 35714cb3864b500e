import Foundation
import Testing

/// `racekit --help` and `racekit COMMAND --help`, byte for byte against the committed files in
/// `Fixtures/help/` (`racekit.txt` for the root, `COMMAND.txt` for each subcommand).
///
/// A change to an option, its default or its help shows up here as a diff to read: rewrite the
/// files with `RACEKIT_UPDATE_SNAPSHOTS=1 swift test --disable-xctest --filter HelpSnapshotTests`
/// and check `git diff Tests/RaceCommandsTests/Fixtures/help` (see ``Snapshot``).
struct HelpSnapshotTests {
    /// Every subcommand; `allSubcommandsHaveSnapshots` fails when the root help lists another.
    static let subcommands = [
        "simulate", "synth", "rehearse", "fence-check", "fence-events", "validate", "build", "format",
        "inspect", "convert", "optimize", "modes", "serve", "stream",
    ]

    /// The help is wrapped to the terminal's width: a fixed one keeps it the same everywhere.
    private static let terminal = ["COLUMNS": "80", "LINES": "50"]

    @Test("racekit --help matches Fixtures/help/racekit.txt")
    func root() throws {
        let result = try RaceKitBinary.run(["--help"], environment: Self.terminal)
        #expect(result.status == 0 && result.stderr.isEmpty)
        try Snapshot.expect(result.stdout, matches: "help/racekit.txt")
    }

    @Test("racekit COMMAND --help matches Fixtures/help/COMMAND.txt", arguments: subcommands)
    func subcommand(_ name: String) throws {
        let result = try RaceKitBinary.run([name, "--help"], environment: Self.terminal)
        #expect(result.status == 0 && result.stderr.isEmpty)
        try Snapshot.expect(result.stdout, matches: "help/\(name).txt")
    }

    @Test("the root help lists exactly the subcommands that have a snapshot")
    func allSubcommandsHaveSnapshots() throws {
        let help = try RaceKitBinary.run(["--help"], environment: Self.terminal).stdout
        let section = try #require(
            help.components(separatedBy: "SUBCOMMANDS:\n").last?.components(separatedBy: "\n\n").first)
        let listed = section.split(separator: "\n").compactMap { line -> String? in
            // Subcommand lines are indented by two spaces; their wrapped abstracts by more.
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "help" }
        #expect(listed == Self.subcommands)
    }
}
