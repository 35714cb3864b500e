/// Bad input in a file the user gave us, located and explained like a compiler diagnostic:
/// `positions.csv:812:17: error: latitude 91.2 is out of range (-90…90)`.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public let location: SourceLocation
    /// What is wrong, as one sentence without the location.
    public let message: String

    /// Creates an error at a location.
    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// The diagnostic line, with the input's bytes made safe to print (``DiagnosticText``).
    public var description: String { "\(DiagnosticText.escaped(location.description)): error: \(DiagnosticText.sanitized(message))" }
}
