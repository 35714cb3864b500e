/// Finds line feeds eight bytes at a time (one machine word, SWAR), for the readers that split large
/// files into lines before they look inside them.
enum LineFeedSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lineFeeds: UInt64 = ones &* UInt64(ASCII.lineFeed)

    /// The index of the first `\n` in `start..<end`, or `end` when there is none.
    @inline(__always)
    static func next(in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var i = start
        let raw = UnsafeRawPointer(bytes)
        while i + 8 <= end {
            // A byte of `word` is zero where the text has a line feed; the classic zero-byte test
            // marks the lowest such byte exactly (a borrow only disturbs the bytes above it).
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian ^ lineFeeds
            let zeros = (word &- ones) & ~word & highBits
            if zeros != 0 { return i + zeros.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end && bytes[i] != ASCII.lineFeed { i += 1 }
        return i
    }
}
