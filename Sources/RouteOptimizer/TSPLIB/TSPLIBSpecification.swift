import Foundation
import RaceKitCore

/// The specification part of a TSPLIB file (`KEY : value` lines, then sections), as both TSPLIB
/// readers take it: entries with their lines, the section a line opens, and the dimension checked
/// against what the solver can hold.
struct TSPLIBSpecification {
    /// Each key (upper-cased) with its value and line.
    private(set) var entries: [String: (value: String, line: Int)] = [:]

    /// The entry for `key` (upper-case), if the file has one.
    subscript(key: String) -> (value: String, line: Int)? { entries[key] }

    /// Takes one trimmed, non-empty line of the specification part: records a `KEY : value` entry
    /// and returns `nil`, or returns the (upper-cased) name of the section the line opens.
    /// - Throws: `malformedTSPLIB` for a line that is neither.
    mutating func read(_ line: String, lineNumber: Int, source: String) throws(InputError) -> String? {
        if let colon = line.firstIndex(of: ":") {
            let key = line[..<colon].trimmingWhitespace.uppercased()
            entries[key] = (line[line.index(after: colon)...].trimmingWhitespace, lineNumber)
            return nil
        }
        let key = String(line.split(whereSeparator: { $0 == " " || $0 == "\t" })[0]).uppercased()
        if key.hasSuffix("_SECTION") { return key }
        throw InputError(
            .malformedTSPLIB, "expected 'KEY : value' or a section, got '\(line.prefix(60))'",
            at: SourceLocation(file: source, line: lineNumber, column: 1))
    }

    /// Where `key`'s entry is, or the file when it has none.
    func location(of key: String, source: String) -> SourceLocation {
        entries[key].map { SourceLocation(file: source, line: $0.line, column: 1) } ?? SourceLocation(file: source)
    }

    /// `DIMENSION`, at least `minimum` and at most ``RouteSolver/maximumStops``.
    /// - Throws: `malformedTSPLIB` when it is missing or too small, `unsupportedTSPLIB` when too large.
    func dimension(minimum: Int, source: String) throws(InputError) -> Int {
        guard let raw = entries["DIMENSION"], let dimension = DecimalParser.parseInteger(raw.value),
            dimension >= minimum
        else {
            throw InputError(.malformedTSPLIB, "no valid DIMENSION", at: location(of: "DIMENSION", source: source))
        }
        let most = RouteSolver.maximumStops
        guard dimension <= most else {
            throw InputError(
                .unsupportedTSPLIB,
                "DIMENSION \(dimension) is more than \(most) nodes (the solver keeps two "
                    + "n × n distance matrices: \(RouteSolver.peakMatrixBytes(stops: most) / 1_000_000) MB at that size)",
                at: SourceLocation(file: source, line: raw.line, column: 1))
        }
        return dimension
    }
}
