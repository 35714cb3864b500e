import ArgumentParser
import Foundation
import GeoFormats
import RaceKitCore

/// Runs a command body, turning a user's bad input into one diagnostic line on stderr and
/// exit code ``RaceKitExitCode/badInput``, and an output that cannot be written (see
/// ``writingOutput(_:)``) into one line and ``RaceKitExitCode/outputFailed``. Usage errors stay
/// Argument Parser's (``RaceKitExitCode/usage``).
func reportingInputErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let failure as OutputFailure {
        Standard.error("racekit: \(failure.error)")
        throw RaceKitExitCode.outputFailed.error
    } catch let error as InputError {
        Standard.error("racekit: \(error)")
        throw RaceKitExitCode.badInput.error
    }
}

/// An output file or folder that could not be written: the writer's diagnostic, kept apart
/// from bad input so that it ends with ``RaceKitExitCode/outputFailed``.
struct OutputFailure: Error {
    /// The diagnostic naming the path and the system's reason.
    let error: InputError
}

/// Runs `body`, which writes outputs (``OutputFile``, ``OutputBatch``, a format's writer), and
/// reports its errors as an ``OutputFailure``.
func writingOutput<T>(_ body: () throws(InputError) -> T) throws(OutputFailure) -> T {
    do throws(InputError) {
        return try body()
    } catch {
        throw OutputFailure(error: error)
    }
}

/// Writing to the standard streams. A stream that cannot be written (a full disk behind
/// `> file`, a closed pipe with SIGPIPE ignored) ends the command with exit code
/// ``RaceKitExitCode/outputFailed`` and, for standard output, one line on standard error naming
/// the system's reason.
enum Standard {
    /// Writes `line` and `terminator` to standard error.
    static func error(_ line: String, terminator: String = "\n") {
        // Nowhere is left to report a failing standard error: the exit code says it.
        if OutputFile.write(Array((line + terminator).utf8), toDescriptor: STDERR_FILENO) != nil {
            exit(RaceKitExitCode.outputFailed.rawValue)
        }
    }

    /// Writes `text` to standard output as it is.
    static func output(_ text: String) {
        if let code = OutputFile.write(Array(text.utf8), toDescriptor: STDOUT_FILENO) {
            error("racekit: cannot write to standard output: \(OutputFile.reason(code))")
            exit(RaceKitExitCode.outputFailed.rawValue)
        }
    }
}
