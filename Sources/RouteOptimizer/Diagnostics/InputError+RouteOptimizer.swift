import RaceKitCore

/// Bad input to the optimizer, located and explained like a compiler diagnostic:
/// `walk.csv:4:7: error: distance -12 is negative`, `walk.json:/matrix/2/3: error: …`, or, for a
/// problem built in code, `error: precedence cycle: 'B' → 'C' → 'B'`.
///
/// It has the same shape as GeoFormats' `InputError` and is rendered by the same
/// `DiagnosticText`; its locations can also be JSON paths, which `InputError`'s cannot.
public struct RouteOptimizerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The family of a problem, for callers that branch on it (tests, exit codes).
    public enum Code: String, Hashable, Sendable {
        /// A matrix file that is not CSV/JSON of the expected shape.
        case malformedMatrix
        /// A matrix that is not n × n (or does not match the number of stops).
        case wrongSize
        /// A negative distance.
        case negativeDistance
        /// A cell that is not a whole number (or too large for 32 bits).
        case notAnInteger
        /// A stop id or index that does not exist.
        case unknownStop
        /// Precedence pairs that form a cycle (or a stop before itself).
        case precedenceCycle
        /// Pins that contradict each other, the fixed ends or the precedence pairs.
        case conflictingPins
        /// A time window that no order can meet.
        case infeasibleTimeWindow
        /// Constraints that are individually fine but that no order satisfies together.
        case noFeasibleOrder
        /// A TSPLIB file that cannot be read.
        case malformedTSPLIB
        /// A TSPLIB feature this reader does not implement.
        case unsupportedTSPLIB
        /// An option outside its range (e.g. zero variants).
        case invalidOption
    }

    /// What kind of problem it is.
    public let code: Code
    /// `file`, `file:line`, `file:line:column` or `file:/json/path`; `nil` for problems built in code.
    public let location: String?
    /// What is wrong, as one sentence without the location.
    public let message: String

    /// Creates an error of family `code` with its message and, for input from a file, its location.
    public init(_ code: Code, _ message: String, at location: String? = nil) {
        self.code = code
        self.message = message
        self.location = location
    }

    /// The diagnostic line, with the input's bytes made safe to print (`DiagnosticText`).
    public var description: String {
        if let location { return "\(DiagnosticText.escaped(location)): error: \(DiagnosticText.sanitized(message))" }
        return "error: \(DiagnosticText.sanitized(message))"
    }
}
