import ArgumentParser
import Foundation
import GeoFormats
import RaceKitCore

extension RaceKitCommand {
    /// Parses the command line and runs the command, as `main()` does, with one difference:
    /// ArgumentParser's messages echo the user's arguments (`The value '…' is invalid`), and
    /// control characters in them are escaped here (`ESC ]0;…` would retitle the terminal).
    public static func mainEscapingMessages() -> Never {
        do {
            var command = try parseAsRoot()
            try command.run()
            terminate(0)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { Standard.output(message + "\n") }
            } else if !message.isEmpty {
                // Line breaks are ArgumentParser's own (usage and help lines); every other control character is escaped.
                Standard.error(
                    message.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { DiagnosticText.escaped(String($0)) }.joined(separator: "\n"))
            }
            terminate(code.rawValue)
        }
    }
}

/// The C library's `exit`, by a name that ParsableCommand's own `exit(withError:)` does not hide.
private func terminate(_ code: Int32) -> Never {
    exit(code)
}
