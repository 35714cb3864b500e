/// Bad input the user gave us, located and explained like a compiler diagnostic:
/// `positions.csv:812:17: error: latitude 91.2 is out of range (-90…90)`.
///
/// Every error has a stable ``code`` (the family of problem, for callers that branch on it:
/// tests, exit codes, tools), a ``location`` and a ``message`` that says what is wrong. Modules
/// add their own codes as extensions of ``Code``.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public let code: Code
    /// Where the problem is (``SourceLocation/inProgram`` for values built in code).
    public let location: SourceLocation
    /// What is wrong, as one sentence without the location: the cause the user must fix.
    public let message: String

    /// Creates an error at a location, of the general family ``Code/invalidInput``.
    public init(_ location: SourceLocation, _ message: String) {
        self.init(.invalidInput, message, at: location)
    }

    /// Creates an error of family `code` with its message, at `location` (by default none: a
    /// problem in values built in code).
    public init(_ code: Code, _ message: String, at location: SourceLocation = .inProgram) {
        self.code = code
        self.location = location
        self.message = message
    }

    /// The diagnostic line, with the input's bytes made safe to print (``DiagnosticText``);
    /// without a location for values built in code (`error: precedence cycle: …`).
    public var description: String {
        if location.isInProgram { return "error: \(DiagnosticText.sanitized(message))" }
        return "\(DiagnosticText.escaped(location.description)): error: \(DiagnosticText.sanitized(message))"
    }
}

extension InputError {
    /// A stable identifier of a family of problems (`malformed-matrix`), spelled the same in
    /// every release so that callers may branch on it.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The identifier, in kebab case.
        public let rawValue: String

        /// A code with the identifier `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The identifier.
        public var description: String { rawValue }

        /// Input that breaks its format's rules, for readers that need no finer family.
        public static let invalidInput = Code(rawValue: "invalid-input")
    }
}
