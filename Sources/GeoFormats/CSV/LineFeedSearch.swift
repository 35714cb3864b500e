#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Finds line feeds eight bytes at a time (one machine word, SWAR), and counts them 64 bytes at
/// a time with SSE2 where there is SSE2 (every x86-64), for the readers that split large files
/// into lines before they look inside them.
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
        #if arch(x86_64)
        return countByVectors(in: bytes, from: start, to: end)
        #else
        return countByWords(in: bytes, from: start, to: end)
        #endif
    }

    #if arch(x86_64)
    /// ``count(in:from:to:)`` with SSE2: four 16-byte compares per 64 bytes, whose lanes (−1 at a
    /// line feed) are summed per byte position and, before a byte can overflow, across the
    /// vector (`psadbw`). About a tenth of the word-wise count's instructions per byte.
    static func countByVectors(in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        let lineFeed = _mm_set1_epi8(Int8(bitPattern: ASCII.lineFeed))
        let zero = _mm_setzero_si128()
        let raw = UnsafeRawPointer(bytes)
        @inline(__always) func matches(_ offset: Int) -> __m128i {
            _mm_cmpeq_epi8(_mm_loadu_si128((raw + offset).assumingMemoryBound(to: __m128i.self)), lineFeed)
        }
        var count = 0
        var i = start
        while i + 64 <= end {
            var lanes = zero
            var rounds = 0
            // A round adds at most 4 to a byte: 63 rounds stay below 256.
            while rounds < 63 && i + 64 <= end {
                let four = _mm_add_epi8(
                    _mm_add_epi8(matches(i), matches(i + 16)), _mm_add_epi8(matches(i + 32), matches(i + 48)))
                lanes = _mm_sub_epi8(lanes, four)
                rounds += 1
                i += 64
            }
            let sums = _mm_sad_epu8(lanes, zero)
            count += Int(_mm_cvtsi128_si64(sums)) + Int(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)))
        }
        return count + countByWords(in: bytes, from: i, to: end)
    }
    #endif

    /// ``count(in:from:to:)`` a machine word at a time.
    static func countByWords(in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
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
