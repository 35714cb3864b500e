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

    /// How many `\n` there are in `start..<end`.
    static func count(in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        let lowBits: UInt64 = ~highBits
        var count = 0
        var i = start
        let raw = UnsafeRawPointer(bytes)
        while i + 8 <= end {
            // Per-byte counts of line feeds, summed across the word every 255 words (before a
            // byte can overflow); no population count, which baseline x86-64 lacks.
            var lanes: UInt64 = 0
            var words = 0
            while words < 255 && i + 8 <= end {
                // Exact per byte, unlike the search's test: adding 0x7F to the low seven bits
                // cannot carry into the next byte, and sets the high bit of every non-zero byte.
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ lineFeeds
                let nonZero = ((word & lowBits) &+ lowBits) | word
                lanes &+= (~nonZero & highBits) >> 7
                words += 1
                i += 8
            }
            let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
            count += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        while i < end {
            if bytes[i] == ASCII.lineFeed { count += 1 }
            i += 1
        }
        return count
    }
}
