import RaceKitCore

/// A `FULL_MATRIX` weight section read straight into the matrix, one number at a time: the numbers
/// themselves are not kept, so reading takes the matrix's 4 bytes a weight (grown as the numbers
/// come, never more than the section's text could hold) and no more. Where an error needs a
/// number's place after the fact, ``locate(_:in:from:)`` finds it by reading the section again.
struct TSPLIBWeightSection {
    let kind: TSPLIBMatrixInstance.Kind
    let dimension: Int
    let source: String
    /// The weights so far, row by row, with −1 entries and the diagonal as 0.
    private(set) var entries: [Int32] = []
    /// The −1 entries so far, as precedences.
    private(set) var precedence: [Precedence] = []
    /// Numbers read, a SOP's leading dimension included.
    private(set) var count = 0
    /// The first number past the n × n weights, and the last number read, as line and column.
    private var firstExtra: (line: Int, column: Int)?
    private var last: (line: Int, column: Int)?

    /// An empty section for `dimension` nodes; `remainingBytes` (the text after the section's
    /// header) bounds how many weights it can hold, two bytes at least each.
    init(kind: TSPLIBMatrixInstance.Kind, dimension: Int, source: String, remainingBytes: Int) {
        self.kind = kind
        self.dimension = dimension
        self.source = source
        entries.reserveCapacity(min(dimension * dimension, remainingBytes / 2 + 1))
    }

    /// Reads one line of the section.
    /// - Throws: `malformedTSPLIB` for a number out of range or not a number, a SOP's first
    ///   number other than the dimension, or a −1 off the diagonal of an ATSP.
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, number lineNumber: Int) throws(InputError) {
        try TSPLIBLine.forEachToken(in: line) { token, column throws(InputError) in
            guard let value = DecimalParser.parseInteger(token), value >= -1, value <= Int(Int32.max) else {
                let text = String(decoding: UnsafeBufferPointer(rebasing: token.prefix(40)), as: UTF8.self)
                throw InputError(
                    .malformedTSPLIB, "weight '\(text)' is not a whole number from -1 to \(Int32.max)",
                    at: SourceLocation(file: source, line: lineNumber, column: column))
            }
            try take(value, line: lineNumber, column: column)
        }
    }

    private mutating func take(_ value: Int, line: Int, column: Int) throws(InputError) {
        defer { count += 1; last = (line, column) }
        var here: SourceLocation { SourceLocation(file: source, line: line, column: column) }
        if kind == .sequentialOrdering && count == 0 {
            guard value == dimension else { throw Self.missingDimension(dimension, at: here) }
            return
        }
        let cell = entries.count
        guard cell < dimension * dimension else {
            if firstExtra == nil { firstExtra = (line, column) }
            return
        }
        let (row, column) = cell.quotientAndRemainder(dividingBy: dimension)
        guard value == -1, row != column else {
            entries.append(row == column ? 0 : Int32(value))
            return
        }
        guard kind == .sequentialOrdering else {
            throw InputError(
                .malformedTSPLIB, "weight -1 (row \(row + 1), column \(column + 1)): only a SOP marks precedences",
                at: here)
        }
        precedence.append(Precedence(before: column, after: row))
        entries.append(0)
    }

    /// The matrix, once the section is whole.
    /// - Throws: `malformedTSPLIB` when the section has more or fewer than n × n weights (at the
    ///   first extra one, or the last one), or a SOP's has no numbers (at `endLine`).
    func matrix(endLine: Int) throws(InputError) -> DistanceMatrix {
        if kind == .sequentialOrdering && count == 0 {
            throw Self.missingDimension(dimension, at: SourceLocation(file: source, line: endLine, column: 1))
        }
        let weights = count - (kind == .sequentialOrdering ? 1 : 0)
        guard weights == dimension * dimension else {
            throw InputError(
                .malformedTSPLIB,
                "DIMENSION \(dimension) needs \(dimension * dimension) weights; the section has \(weights)",
                at: (firstExtra ?? last).map { SourceLocation(file: source, line: $0.line, column: $0.column) }
                    ?? SourceLocation(file: source))
        }
        return DistanceMatrix(count: dimension, entries: entries)
    }

    private static func missingDimension(_ dimension: Int, at place: SourceLocation) -> InputError {
        InputError(.malformedTSPLIB, "a SOP's weight section starts with the dimension, \(dimension)", at: place)
    }

    /// Where the weights of `cells` (row × n + column) are written, reading the section again from
    /// `lines` (positioned after its header line); in the order of `cells`.
    func locate(_ cells: [Int], in bytes: UnsafeBufferPointer<UInt8>, from lines: ByteLines) -> [SourceLocation] {
        let wanted = Set(cells)
        var found: [Int: SourceLocation] = [:]
        var lines = lines
        var index = kind == .sequentialOrdering ? -1 : 0
        while found.count < wanted.count, let (number, range) = lines.next() {
            let line = UnsafeBufferPointer(rebasing: bytes[range])
            if TSPLIBLine.isEnd(line) { break }
            TSPLIBLine.forEachToken(in: line) { _, column in
                if wanted.contains(index) { found[index] = SourceLocation(file: source, line: number, column: column) }
                index += 1
            }
        }
        return cells.map { found[$0] ?? SourceLocation(file: source) }
    }
}
