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
    ///   fixed ends (`parse(_:source:defaultName:)` already rejects such files, at the entry).
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
        var text = text
        return text.withUTF8 { states($0) }
    }

    /// Whether the UTF-8 `bytes` are a TSPLIB file of a type this reader takes; reads no further
    /// than the `TYPE` line or the first section.
    public static func states(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lines = ByteLines(bytes)
        while let (_, range) = lines.next() {
            let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self).trimmingWhitespace
            if line.uppercased().hasSuffix("_SECTION") { return false }
            guard let colon = line.firstIndex(of: ":"),
                line[..<colon].trimmingWhitespace.uppercased() == "TYPE"
            else { continue }
            let value = line[line.index(after: colon)...].trimmingWhitespace.uppercased()
            return Kind(rawValue: value) != nil
        }
        return false
    }

    /// Reads a `.atsp` or `.sop` file (mapped, not copied).
    /// - Throws: `InputError` (`malformedTSPLIB`, `unsupportedTSPLIB`) naming `file:line:column`.
    public static func read(path: String) throws(InputError) -> TSPLIBMatrixInstance {
        let stem = String(path.split(separator: "/").last ?? Substring(path))
        let name = stem.split(separator: ".").dropLast().joined(separator: ".")
        return try FileBytes.withMapped(path) { bytes throws(InputError) in
            try parse(bytes, source: path, defaultName: name.isEmpty ? stem : name)
        }
    }

    /// Parses the text of an ATSP or SOP file; `source` names it in errors.
    /// - Throws: as ``parse(_:source:defaultName:)-(UnsafeBufferPointer<UInt8>,_,_)``.
    public static func parse(_ text: String, source: String, defaultName: String = "instance") throws(InputError)
        -> TSPLIBMatrixInstance
    {
        try text.withUTF8Bytes { bytes throws(InputError) in
            try parse(bytes, source: source, defaultName: defaultName)
        }
    }

    /// Parses the UTF-8 text of an ATSP or SOP file; `source` names it in errors. Takes the
    /// matrix's memory and the precedences', not a copy of the numbers.
    /// - Throws: `InputError` at the place in the text: `malformedTSPLIB`, `unsupportedTSPLIB`, or
    ///   `precedenceCycle` for a SOP's −1 entries that no path from its first node to its last
    ///   can keep (a cycle, or a node put before the first or after the last).
    /// - Complexity: O(size of the text).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String, defaultName: String = "instance")
        throws(InputError) -> TSPLIBMatrixInstance
    {
        var spec = TSPLIBSpecification()
        var lines = ByteLines(bytes)
        var opened = false
        while let (number, range) = lines.next() {
            let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self).trimmingWhitespace
            if line.isEmpty { continue }
            if line == "EOF" { break }
            guard let section = try spec.read(line, lineNumber: number, source: source) else { continue }
            guard section == "EDGE_WEIGHT_SECTION" else {
                throw InputError(
                    .unsupportedTSPLIB, "section \(section) is not supported here (only EDGE_WEIGHT_SECTION)",
                    at: SourceLocation(file: source, line: number, column: 1))
            }
            opened = true
            break
        }
        let kind = try Self.kind(spec, source: source)
        let dimension = try spec.dimension(minimum: 2, source: source)
        var weights = TSPLIBWeightSection(
            kind: kind, dimension: dimension, source: source, remainingBytes: bytes.count - lines.offset)
        let sectionStart = lines
        while opened, let (number, range) = lines.next() {
            let line = UnsafeBufferPointer(rebasing: bytes[range])
            if TSPLIBLine.isEnd(line) { break }
            try weights.read(line, number: number)
        }
        let matrix = try weights.matrix(endLine: lines.number)
        try checkPrecedence(weights.precedence, dimension: dimension) { pairs in
            weights.locate(pairs.map { $0.after * dimension + $0.before }, in: bytes, from: sectionStart)
        }
        return TSPLIBMatrixInstance(
            name: spec["NAME"]?.value ?? defaultName, kind: kind, matrix: matrix, precedence: weights.precedence)
    }

    /// Rejects precedences no path from the first node to the last can keep, at the −1 entries that
    /// say so (`entries` finds them, all at once): a node before the first, the last before a
    /// node, or a cycle (its first ``cycleShown`` steps named).
    private static func checkPrecedence(
        _ precedence: [Precedence], dimension n: Int, entries: ([Precedence]) -> [SourceLocation]
    ) throws(InputError) {
        var successors = [[Int]](repeating: [], count: n)
        for pair in precedence {
            if pair.after == 0 || pair.before == n - 1 {
                let before = pair.before == n - 1 ? "node \(n), where a SOP's path ends," : "node \(pair.before + 1)"
                let after = pair.after == 0 ? "node 1, where a SOP's path starts" : "node \(pair.after + 1)"
                throw InputError(
                    .precedenceCycle,
                    "-1 at row \(pair.after + 1), column \(pair.before + 1) puts \(before) before \(after)",
                    at: entries([pair])[0])
            }
            successors[pair.before].append(pair.after)
        }
        guard let cycle = RouteProblem.findCycle(successors) else { return }
        let shown = min(cycle.count, cycleShown)
        let places = entries(
            (0..<shown).map { Precedence(before: cycle[$0], after: cycle[($0 + 1) % cycle.count]) })
        let path = (cycle[..<shown] + [cycle[shown % cycle.count]]).map { String($0 + 1) }.joined(separator: " → ")
        let more = shown < cycle.count ? " → … (\(cycle.count) nodes)" : ""
        let at = places.map { "\($0.line):\($0.column)" }.joined(separator: ", ") + (more.isEmpty ? "" : ", …")
        throw InputError(
            .precedenceCycle, "precedence cycle: \(path)\(more) (the -1 entries at \(at))",
            at: places[0])
    }

    /// How many steps of a precedence cycle an error names.
    static let cycleShown = 8

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
