/// A place in an input file, for messages a user can act on: `file:line:column`.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public let file: String
    /// 1-based line, or 0 when the problem concerns the whole file.
    public let line: Int
    /// 1-based column (in bytes), or 0 when unknown.
    public let column: Int

    /// Creates a location; line and column 0 mean "the whole file" and "unknown".
    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file`, `file:line` or `file:line:column`, leaving out what is 0.
    public var description: String {
        switch (line, column) {
        case (0, _): return file
        case (_, 0): return "\(file):\(line)"
        default: return "\(file):\(line):\(column)"
        }
    }
}
