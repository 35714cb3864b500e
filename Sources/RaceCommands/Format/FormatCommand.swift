import ArgumentParser
import Foundation
import GeoFormats
import RaceKitCore
import RaceModel

/// `racekit format`: rewrites a race file in RaceKit's canonical layout, so race files kept
/// under version control diff cleanly.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Rewrite a race file in the canonical layout (fields in order, two-space indent).",
        discussion:
            "A file with structural errors is left untouched, its errors printed and the exit code 1: fix what racekit validate reports first."
    )

    @Argument(help: "The race file.")
    var race: String

    @Option(name: .shortAndLong, help: "Where to write (default: rewrite the file in place).")
    var output: String?

    func run() throws {
        try reportingInputErrors {
            let reading = try RaceFile.read(path: race)
            let errors = reading.issues.filter { $0.severity == .error }
            guard let decoded = reading.race, errors.isEmpty else {
                for issue in errors { Standard.error(issue.formatted(file: race)) }
                throw RaceKitExitCode.problemsFound.error
            }
            try writingOutput { () throws(InputError) in
                try OutputFile.write(Array(RaceFile.text(decoded).utf8), to: output ?? race)
            }
        }
    }
}
