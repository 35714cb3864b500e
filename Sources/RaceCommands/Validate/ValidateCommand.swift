import ArgumentParser
import GameModes
import GeoFormats
import RaceKitCore
import RaceModel

/// `racekit validate`: every issue of a race file, like a compiler's diagnostics.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a race file and report every issue: errors, warnings and notes.",
        discussion: """
            Each issue has a severity, a stable code, the JSON path of the value concerned, a message and a hint; \
            --json prints them as a JSON array of {severity, code, path, message, hint}. \
            Exit codes: 0 when there are no errors (warnings allowed), 1 when there are errors, 2 when the file \
            cannot be read or is not JSON at all (docs/exit-codes.md).
            """
    )

    @Argument(help: "The race file (racekit.race/1 JSON).")
    var race: String

    @OptionGroup var json: JSONOption

    func run() throws {
        let issues: [ValidationIssue]
        do {
            issues = RaceValidator.withStandardModes.validate(try RaceFile.read(path: race))
        } catch {
            if json.isOn {
                let issue = ValidationIssue(.error, "unreadable", at: "", error.description)
                Standard.output(ValidationReport.json([issue]) + "\n")
            } else {
                Standard.error("racekit: \(error)")
            }
            throw RaceKitExitCode.badInput.error
        }
        Standard.output(json.isOn ? ValidationReport.json(issues) + "\n" : ValidationReport.text(issues, file: race))
        if issues.contains(where: { $0.severity == .error }) { throw RaceKitExitCode.problemsFound.error }
    }
}

/// The two renderings of a validation result.
enum ValidationReport {
    static func text(_ issues: [ValidationIssue], file: String) -> String {
        var out = issues.map { $0.formatted(file: file) + "\n" }.joined()
        let counts = Severity.allCases.map { severity in (severity, issues.filter { $0.severity == severity }.count) }
        let summary = counts.map { "\($0.1) \($0.0.rawValue)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", ")
        out += issues.isEmpty ? "\(file): no issues\n" : "\(file): \(summary)\n"
        return out
    }

    static func json(_ issues: [ValidationIssue]) -> String {
        JSONValue.array(
            issues.map { issue in
                .object([
                    JSONMember("severity", .string(issue.severity.rawValue)), JSONMember("code", .string(issue.code)),
                    JSONMember("path", .string(issue.path)), JSONMember("message", .string(issue.message)),
                    JSONMember("hint", issue.hint.map { .string($0) } ?? .null),
                ])
            }
        ).serialized()
    }
}
