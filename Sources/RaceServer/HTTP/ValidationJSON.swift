import RaceKitCore
import RaceModel

/// Validation issues as `racekit validate --json` prints them: `{severity, code, path, message, hint}`.
enum ValidationJSON {
    static func issues(_ issues: [ValidationIssue]) -> JSONValue {
        .array(
            issues.map { issue in
                .object([
                    JSONMember("severity", .string(issue.severity.rawValue)), JSONMember("code", .string(issue.code)),
                    JSONMember("path", .string(issue.path)), JSONMember("message", .string(issue.message)),
                    JSONMember("hint", issue.hint.map { .string($0) } ?? .null),
                ])
            })
    }
}
