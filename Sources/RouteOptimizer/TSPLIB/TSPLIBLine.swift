/// A line of a TSPLIB file as bytes: the blank-separated tokens of its sections, and the `EOF`
/// line that ends them. The weight and tour readers share it, so both accept the same blanks.
enum TSPLIBLine {
    /// Whether the line ends a section: `EOF`, with blanks around it or not.
    static func isEnd(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var first = 0
        var last = line.count
        while first < last, isBlank(line[first]) { first += 1 }
        while last > first, isBlank(line[last - 1]) { last -= 1 }
        return line[first..<last].elementsEqual("EOF".utf8)
    }

    /// Calls `body` with each run of bytes between blanks (spaces, tabs, vertical tabs, form feeds)
    /// in `line`, and the run's 1-based column.
    static func forEachToken<E: Error>(
        in line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) throws(E) -> Void
    ) throws(E) {
        var i = 0
        while i < line.count {
            while i < line.count, isBlank(line[i]) { i += 1 }
            let start = i
            while i < line.count, !isBlank(line[i]) { i += 1 }
            if i > start { try body(UnsafeBufferPointer(rebasing: line[start..<i]), start + 1) }
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0C).contains(byte) }
}
