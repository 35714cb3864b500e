/// A latitude or longitude that is not a valid WGS 84 value, with where it came from.
///
/// The description reads like a compiler diagnostic:
/// `stops.csv:12: latitude 91.2 is out of range (-90…90)`.
public struct CoordinateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which half of the coordinate is wrong.
    public enum Component: String, Sendable {
        case latitude, longitude
    }

    /// What is wrong with the value.
    public enum Problem: Hashable, Sendable {
        /// NaN or infinite.
        case notFinite
        /// Finite but outside the allowed range.
        case outOfRange(lowerBound: Double, upperBound: Double)
    }

    /// Whether the latitude or the longitude is wrong.
    public let component: Component
    /// The rejected value.
    public let value: Double
    /// Why the value was rejected.
    public let problem: Problem
    /// Where the value came from: a file position (`track.gpx:812:17`), a JSON path, or an API name.
    public let source: String

    /// Creates an error for a rejected value; ``Coordinate/validate(latitude:longitude:source:)`` is the usual source.
    public init(component: Component, value: Double, problem: Problem, source: String) {
        self.component = component
        self.value = value
        self.problem = problem
        self.source = source
    }

    /// The diagnostic line: source, the value and what is wrong with it.
    public var description: String {
        let what: String
        switch problem {
        case .notFinite:
            what = "\(component.rawValue) \(value) is not a finite number"
        case .outOfRange(let lower, let upper):
            what = "\(component.rawValue) \(value) is out of range (\(Self.format(lower))…\(Self.format(upper)))"
        }
        return source.isEmpty ? what : "\(source): \(what)"
    }

    private static func format(_ bound: Double) -> String {
        bound == bound.rounded() ? String(Int(bound)) : String(bound)
    }
}
