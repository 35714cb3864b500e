#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Thirty-two bytes of text classified at once with SSE2 compares: bit k of each mask tells what
/// byte k is. The chunked positions reader finds a whole row's separators and checks its numbers'
/// characters from these masks, instead of looking at its bytes one by one.
///
/// SSE2 is part of every x86-64 processor; elsewhere ``isAvailable`` is `false` and readers keep
/// to their word-wise paths.
struct ByteClasses {
    /// How many bytes one classification covers.
    static let width = 32

    /// Whether this processor's build classifies with vector compares.
    #if arch(x86_64)
    static let isAvailable = true
    #else
    static let isAvailable = false
    #endif

    /// `\n` bytes.
    let lineFeeds: UInt32
    /// `,` bytes.
    let commas: UInt32
    /// Bytes that are not the ASCII digits `0`…`9`.
    let nonDigits: UInt32
    /// Bytes up to and including the space (control characters, tabs, `\r`, `\n`).
    let controls: UInt32

    /// The classes of `bytes[start..<start + 32]`, all of which must be readable; every mask is
    /// empty where ``isAvailable`` is `false`.
    @inline(__always)
    init(_ bytes: UnsafePointer<UInt8>, at start: Int) {
        #if arch(x86_64)
        let raw = UnsafeRawPointer(bytes + start)
        let low = Self.classify(_mm_loadu_si128(raw.assumingMemoryBound(to: __m128i.self)))
        let high = Self.classify(_mm_loadu_si128((raw + 16).assumingMemoryBound(to: __m128i.self)))
        lineFeeds = low.lineFeeds | high.lineFeeds << 16
        commas = low.commas | high.commas << 16
        nonDigits = ~(low.digits | high.digits << 16)
        controls = low.controls | high.controls << 16
        #else
        lineFeeds = 0
        commas = 0
        nonDigits = 0
        controls = 0
        #endif
    }

    #if arch(x86_64)
    /// The masks of one 16-byte vector.
    @inline(__always)
    private static func classify(_ vector: __m128i) -> (
        lineFeeds: UInt32, commas: UInt32, digits: UInt32, controls: UInt32
    ) {
        func mask(_ lanes: __m128i) -> UInt32 { UInt32(truncatingIfNeeded: _mm_movemask_epi8(lanes)) }
        // Unsigned `a ≤ b` is `min(a, b) == a`: SSE2 has no unsigned byte compare.
        let offsets = _mm_sub_epi8(vector, _mm_set1_epi8(Int8(bitPattern: ASCII.zero)))
        let nine = _mm_set1_epi8(9)
        let space = _mm_set1_epi8(Int8(bitPattern: ASCII.space))
        return (
            mask(_mm_cmpeq_epi8(vector, _mm_set1_epi8(Int8(bitPattern: ASCII.lineFeed)))),
            mask(_mm_cmpeq_epi8(vector, _mm_set1_epi8(Int8(bitPattern: ASCII.comma)))),
            mask(_mm_cmpeq_epi8(_mm_min_epu8(offsets, nine), offsets)),
            mask(_mm_cmpeq_epi8(_mm_min_epu8(vector, space), vector))
        )
    }
    #endif
}
