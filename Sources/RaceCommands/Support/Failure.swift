import ArgumentParser
import Foundation
import GeoFormats

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

/// Writing to the standard streams.
enum Standard {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
