import Foundation
import RaceKitCore

/// A TSPLIB instance given as a full matrix of weights (`EDGE_WEIGHT_TYPE: EXPLICIT`,
/// `EDGE_WEIGHT_FORMAT: FULL_MATRIX`): an asymmetric travelling salesman problem (`TYPE: ATSP`)
/// or a sequential ordering problem (`TYPE: SOP`).
///
/// A SOP is an open path from the first node to the last in which some nodes must come before
/// others: a weight of −1 at (i, j) says that node j precedes node i, and the first line of the
/// weight section repeats the dimension. Diagonal weights (9999 and the like in the files) are not
/// distances and read as 0.
///
/// Source: G. Reinelt, "TSPLIB 95", Universität Heidelberg, 1995; the SOP convention as in
/// TSPLIB's `sop/` files (N. Ascheuer, L. Escudero). Node ids in the file are 1…n; here 0…n−1.
public struct TSPLIBMatrixInstance: Hashable, Sendable {
    /// The problem a file states (`TYPE`).
    public enum Kind: String, Hashable, Sendable {
        /// A closed tour on an asymmetric matrix.
        case asymmetric = "ATSP"
        /// An open path from the first node to the last, with precedences.
        case sequentialOrdering = "SOP"
    }

    /// `NAME` (or the file name without its extension).
    public let name: String
    /// `TYPE`.
    public let kind: Kind
    /// The weights, with −1 entries and the diagonal as 0.
    public let matrix: DistanceMatrix
    /// For a SOP, each −1 entry as a precedence; empty for an ATSP.
    public let precedence: [Precedence]

    /// Labels "1"…"n", the file's node ids.
    public var labels: [String] { (0..<matrix.count).map { String($0 + 1) } }

    /// The problem to solve: a closed tour for an ATSP; for a SOP, an open path from the first
    /// node to the last with the precedences.
    /// - Throws: `InputError` naming `source` when the precedences contradict each other or the
    ///   fixed ends (``parse(_:source:defaultName:)`` already rejects such files, at the entry).
    public func problem(source: String) throws(InputError) -> RouteProblem {
        do {
            switch kind {
            case .asymmetric:
                return try RouteProblem(matrix: matrix, labels: labels, shape: .closedTour())
            case .sequentialOrdering:
                return try RouteProblem(
                    matrix: matrix, labels: labels, shape: .openPath(start: 0, finish: matrix.count - 1),
                    precedence: precedence)
            }
        } catch let error where error.location.isInProgram {
            throw InputError(error.code, error.message, at: SourceLocation(file: source))
        }
    }

    /// Whether `text` is a TSPLIB file of a type this reader takes (`TYPE: ATSP` or `SOP`).
    public static func states(_ text: String) -> Bool {
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingWhitespace
            if line.uppercased().hasSuffix("_SECTION") { return false }
            guard let colon = line.firstIndex(of: ":"),
                line[..<colon].trimmingWhitespace.uppercased() == "TYPE"
            else { continue }
            let value = line[line.index(after: colon)...].trimmingWhitespace.uppercased()
            return Kind(rawValue: value) != nil
        }
        return false
    }

    /// Reads a `.atsp` or `.sop` file.
    /// - Throws: `InputError` (`malformedTSPLIB`, `unsupportedTSPLIB`) naming `file:line:column`.
    public static func read(path: String) throws(InputError) -> TSPLIBMatrixInstance {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(.malformedTSPLIB, "cannot read the file", at: SourceLocation(file: path))
        }
        let stem = String(path.split(separator: "/").last ?? Substring(path))
        let name = stem.split(separator: ".").dropLast().joined(separator: ".")
        return try parse(String(decoding: data, as: UTF8.self), source: path, defaultName: name.isEmpty ? stem : name)
    }

    /// Parses the text of an ATSP or SOP file; `source` names it in errors.
    /// - Throws: `InputError` at the place in the text: `malformedTSPLIB`, `unsupportedTSPLIB`, or
    ///   `precedenceCycle` for a SOP's −1 entries that no path from its first node to its last
    ///   can keep (a cycle, or a node put before the first or after the last).
    /// - Complexity: O(size of the text).
    public static func parse(_ text: String, source: String, defaultName: String = "instance") throws(InputError)
        -> TSPLIBMatrixInstance
    {
        var spec = TSPLIBSpecification()
        var tokens: [(value: Int, line: Int, column: Int)] = []
        var inWeights = false
        var lineNumber = 0
        lines: for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let line = raw.trimmingWhitespace
            if line.isEmpty { continue }
            if line == "EOF" { break }
            if inWeights {
                var column = 1
                for field in raw.split(separator: " ", omittingEmptySubsequences: false) {
                    defer { column += field.count + 1 }
                    let token = field.trimmingWhitespace
                    if token.isEmpty { continue }
                    guard let value = DecimalParser.parseInteger(token), value >= -1, value <= Int(Int32.max) else {
                        throw InputError(
                            .malformedTSPLIB,
                            "weight '\(token.prefix(40))' is not a whole number from -1 to \(Int32.max)",
                            at: SourceLocation(file: source, line: lineNumber, column: column))
                    }
                    tokens.append((value, lineNumber, column))
                }
                continue
            }
            guard let section = try spec.read(line, lineNumber: lineNumber, source: source) else { continue }
            if section == "EDGE_WEIGHT_SECTION" { inWeights = true; continue }
            throw InputError(
                .unsupportedTSPLIB, "section \(section) is not supported here (only EDGE_WEIGHT_SECTION)",
                at: SourceLocation(file: source, line: lineNumber, column: 1))
        }
        let kind = try Self.kind(spec, source: source)
        let dimension = try spec.dimension(minimum: 2, source: source)
        if kind == .sequentialOrdering {
            // The section's first number repeats the dimension.
            guard let first = tokens.first, first.value == dimension else {
                throw InputError(
                    .malformedTSPLIB, "a SOP's weight section starts with the dimension, \(dimension)",
                    at: SourceLocation(
                        file: source, line: tokens.first?.line ?? lineNumber, column: tokens.first?.column ?? 1))
            }
            tokens.removeFirst()
        }
        guard tokens.count == dimension * dimension else {
            // Too many: where the first extra weight is; too few: where the last one is.
            let place = tokens.count > dimension * dimension ? tokens[dimension * dimension] : tokens.last
            throw InputError(
                .malformedTSPLIB,
                "DIMENSION \(dimension) needs \(dimension * dimension) weights; the section has \(tokens.count)",
                at: place.map { SourceLocation(file: source, line: $0.line, column: $0.column) }
                    ?? SourceLocation(file: source))
        }
        var entries = [Int32](repeating: 0, count: dimension * dimension)
        var precedence: [Precedence] = []
        for i in 0..<dimension {
            for j in 0..<dimension where i != j {
                let token = tokens[i * dimension + j]
                if token.value == -1 {
                    guard kind == .sequentialOrdering else {
                        throw InputError(
                            .malformedTSPLIB, "weight -1 (row \(i + 1), column \(j + 1)): only a SOP marks precedences",
                            at: SourceLocation(file: source, line: token.line, column: token.column))
                    }
                    precedence.append(Precedence(before: j, after: i))
                } else {
                    entries[i * dimension + j] = Int32(token.value)
                }
            }
        }
        try checkPrecedence(precedence, dimension: dimension) { pair in
            let token = tokens[pair.after * dimension + pair.before]
            return SourceLocation(file: source, line: token.line, column: token.column)
        }
        return TSPLIBMatrixInstance(
            name: spec["NAME"]?.value ?? defaultName, kind: kind,
            matrix: DistanceMatrix(count: dimension, entries: entries), precedence: precedence)
    }

    /// Rejects precedences no path from the first node to the last can keep, at the −1 entry that
    /// says so (`entry`): a node before the first, the last before a node, or a cycle.
    private static func checkPrecedence(
        _ precedence: [Precedence], dimension n: Int, entry: (Precedence) -> SourceLocation
    ) throws(InputError) {
        var successors = [[Int]](repeating: [], count: n)
        for pair in precedence {
            if pair.after == 0 || pair.before == n - 1 {
                let before = pair.before == n - 1 ? "node \(n), where a SOP's path ends," : "node \(pair.before + 1)"
                let after = pair.after == 0 ? "node 1, where a SOP's path starts" : "node \(pair.after + 1)"
                throw InputError(
                    .precedenceCycle,
                    "-1 at row \(pair.after + 1), column \(pair.before + 1) puts \(before) before \(after)",
                    at: entry(pair))
            }
            successors[pair.before].append(pair.after)
        }
        guard let cycle = RouteProblem.findCycle(successors) else { return }
        let entries = cycle.indices.map { entry(Precedence(before: cycle[$0], after: cycle[($0 + 1) % cycle.count])) }
        throw InputError(
            .precedenceCycle,
            "precedence cycle: " + (cycle + [cycle[0]]).map { String($0 + 1) }.joined(separator: " → ")
                + " (the -1 entries at " + entries.map { "\($0.line):\($0.column)" }.joined(separator: ", ") + ")",
            at: entries[0])
    }

    private static func kind(_ spec: TSPLIBSpecification, source: String) throws(InputError) -> Kind {
        guard let type = spec["TYPE"], let kind = Kind(rawValue: type.value.uppercased()) else {
            throw InputError(
                .unsupportedTSPLIB, "TYPE \(spec["TYPE"]?.value ?? "(none)") is not ATSP or SOP",
                at: spec.location(of: "TYPE", source: source))
        }
        for (key, expected) in [("EDGE_WEIGHT_TYPE", "EXPLICIT"), ("EDGE_WEIGHT_FORMAT", "FULL_MATRIX")] {
            guard let entry = spec[key], entry.value.uppercased() == expected else {
                throw InputError(
                    .unsupportedTSPLIB, "\(key) \(spec[key]?.value ?? "(none)") is not supported (only \(expected))",
                    at: spec.location(of: key, source: source))
            }
        }
        return kind
    }
}
