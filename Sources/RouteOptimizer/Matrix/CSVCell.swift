import RaceKitCore

/// One cell of a CSV matrix line: its bytes without the spaces and tabs around them, and where it
/// is. The bytes point into the text being read and live only as long as it.
struct CSVCell {
    /// The cell's bytes, trimmed.
    let bytes: UnsafeBufferPointer<UInt8>
    /// 1-based line, and 1-based column (in bytes, after a byte order mark on line 1).
    let line: Int
    let column: Int

    /// The cell as text, for labels and messages.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Where the cell is in `source`.
    func location(_ source: String) -> SourceLocation { SourceLocation(file: source, line: line, column: column) }

    /// Whether the cell starts like a number (a digit, or signs or points then a digit): such a
    /// cell is a distance, and one that then does not parse (`0x10`, `1\0`) is an error, not a label.
    var looksNumeric: Bool {
        var i = 0
        while i < bytes.count,
            bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: ".")
        {
            i += 1
        }
        return i < bytes.count && bytes[i] &- 0x30 < 10
    }

    /// Whether the line at `range` of `text` (numbered `line`) has cells: not only spaces and
    /// tabs (and, on line 1, a byte order mark).
    static func hasCells(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int) -> Bool {
        text[contentStart(text, range, line: line)..<range.upperBound].contains { !isBlank($0) }
    }

    /// Replaces `cells` with the cells of the line at `range` of `text` (numbered `line`), split at
    /// commas; none for a line without cells (see ``hasCells(_:_:line:)``). Reusing one array for
    /// every line keeps a reader from allocating per line.
    static func split(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int, into cells: inout [CSVCell]) {
        cells.removeAll(keepingCapacity: true)
        let start = contentStart(text, range, line: line)
        guard text[start..<range.upperBound].contains(where: { !isBlank($0) }) else { return }
        var pieceStart = start
        while true {
            var end = pieceStart
            while end < range.upperBound, text[end] != UInt8(ascii: ",") { end += 1 }
            var first = pieceStart
            var last = end
            while first < last, isBlank(text[first]) { first += 1 }
            while last > first, isBlank(text[last - 1]) { last -= 1 }
            cells.append(
                CSVCell(bytes: UnsafeBufferPointer(rebasing: text[first..<last]), line: line, column: first - start + 1)
            )
            guard end < range.upperBound else { return }
            pieceStart = end + 1
        }
    }

    /// Where the line's content starts: after a byte order mark on line 1.
    private static func contentStart(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int) -> Int {
        let start = range.lowerBound
        let bom =
            line == 1 && range.count >= 3 && text[start] == 0xEF && text[start + 1] == 0xBB && text[start + 2] == 0xBF
        return bom ? start + 3 : start
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
