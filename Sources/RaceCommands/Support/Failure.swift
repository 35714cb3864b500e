import ArgumentParser
import Foundation
import GeoFormats
import RaceKitCore

/// Runs a command body, turning a user's bad input into one diagnostic line on stderr and
/// exit code 1. Usage errors stay ArgumentParser's (exit 64).
func reportingInputErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as InputError {
        Standard.error("racekit: \(error)")
        throw ExitCode.failure
    }
}

/// Writing to the standard streams. A stream that cannot be written (a full disk behind
/// `> file`, a closed pipe with SIGPIPE ignored) ends the command with exit code 1 and, for
/// standard output, one line on standard error naming the system's reason.
enum Standard {
    /// Writes `line` and `terminator` to standard error.
    static func error(_ line: String, terminator: String = "\n") {
        // Nowhere is left to report a failing standard error: the exit code says it.
        if OutputFile.write(Array((line + terminator).utf8), toDescriptor: STDERR_FILENO) != nil { exit(1) }
    }

    /// Writes `text` to standard output as it is.
    static func output(_ text: String) {
        if let code = OutputFile.write(Array(text.utf8), toDescriptor: STDOUT_FILENO) {
            error("racekit: cannot write to standard output: \(OutputFile.reason(code))")
            exit(1)
        }
    }
}
