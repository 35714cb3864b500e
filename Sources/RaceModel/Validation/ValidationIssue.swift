import GeoFormats
import RaceKitCore

/// How serious an issue is. Errors make `racekit validate` exit 1; warnings and infos do not.
public enum Severity: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case error, warning, info

    /// Errors first, then warnings, then infos.
    public static func < (a: Severity, b: Severity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One finding of the race validator, located by a JSON pointer into the race file
/// (RFC 6901, e.g. `/stops/3/fence/radius`).
public struct ValidationIssue: Hashable, Sendable, Codable {
    /// How serious the issue is.
    public var severity: Severity
    /// A stable identifier of the kind of issue (`radius-too-small`), for tools and docs.
    public var code: String
    /// Where in the file: a JSON pointer; `""` for the whole document.
    public var path: String
    /// What is wrong, as one sentence.
    public var message: String
    /// What to do about it.
    public var hint: String?

    /// Creates an issue of a kind (`code`) at a JSON pointer, with an optional hint.
    public init(_ severity: Severity, _ code: String, at path: String, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.code = code
        self.path = path
        self.message = message
        self.hint = hint
    }

    /// Like a compiler: `race.json:/stops/3/fence/radius: warning: … [radius-too-small]`, then
    /// the hint on its own line. The file's text in them is made safe to print (`DiagnosticText`).
    public func formatted(file: String) -> String {
        formatted(location: path.isEmpty ? file : "\(file):\(path)")
    }

    /// The same line at another `location` (`stops.csv:4`, say, for a race built from it).
    public func formatted(location: String) -> String {
        var text =
            "\(DiagnosticText.escaped(location)): \(severity.rawValue): \(DiagnosticText.sanitized(message)) [\(code)]"
        if let hint { text += "\n  hint: \(DiagnosticText.sanitized(hint))" }
        return text
    }
}
