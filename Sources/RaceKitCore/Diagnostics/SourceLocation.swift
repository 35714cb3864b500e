/// A place in an input file, for messages a user can act on: `file:line:column`, or
/// `file:/json/pointer` for a value inside a JSON document.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it; empty for values built in code (``inProgram``).
    public let file: String
    /// 1-based line, or 0 when the problem concerns the whole file.
    public let line: Int
    /// 1-based column (in bytes), or 0 when unknown.
    public let column: Int
    /// The value's JSON pointer (RFC 6901, `/matrix/2/0`; `""` for the whole document), when
    /// the place is a value rather than a line.
    public let jsonPointer: String?

    /// Creates a location; line and column 0 mean "the whole file" and "unknown".
    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
        self.jsonPointer = nil
    }

    /// The value at `jsonPointer` (see ``JSONPointer``) in the JSON document `file`.
    public init(file: String, jsonPointer: String) {
        self.file = file
        self.line = 0
        self.column = 0
        self.jsonPointer = jsonPointer
    }

    /// No file at all: the problem is in values a program built (a route problem made in code,
    /// an option's value), so messages show no location.
    public static let inProgram = SourceLocation(file: "")

    /// Whether this is ``inProgram``: there is no file to name.
    public var isInProgram: Bool { file.isEmpty && jsonPointer == nil }

    /// `file`, `file:line`, `file:line:column` or `file:/pointer` (`file:/` for the whole
    /// document), leaving out what is 0.
    public var description: String {
        if let jsonPointer { return "\(file):\(jsonPointer.isEmpty ? "/" : jsonPointer)" }
        switch (line, column) {
        case (0, _): return file
        case (_, 0): return "\(file):\(line)"
        default: return "\(file):\(line):\(column)"
        }
    }
}
