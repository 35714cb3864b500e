/// Eight bytes of text in one machine word (SWAR): how many of them, from the first, are ASCII
/// digits, and the number those digits spell, without a loop over the bytes.
enum DigitWord {
    private static let zeros: UInt64 = 0x3030_3030_3030_3030
    private static let sixes: UInt64 = 0x0606_0606_0606_0606
    private static let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0

    /// The leading digits of `word`, whose first text byte is its lowest byte (a little-endian
    /// load): their count (0…8) and value (below 10⁸).
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> (value: UInt64, count: Int) {
        // A digit byte becomes 0…9, which adding 6 keeps below 16; any other byte has a high
        // nibble in one of the two. Borrows and carries only reach bytes above the first non-digit.
        let digits = word &- zeros
        let nonDigits = (digits | (digits &+ sixes)) & highNibbles
        let count = nonDigits.trailingZeroBitCount >> 3
        if count == 0 { return (0, 0) }
        // The digits moved to the top, zeros (leading zero digits) below them.
        return (combined(digits << UInt64(64 - 8 * count)), count)
    }

    /// The number the last `count` (0…8) bytes of `word` spell, which the caller knows to be
    /// digits; the bytes before them are ignored. For digits that end where the word ends: a
    /// little-endian load of the eight bytes before a field's end.
    @inline(__always)
    static func trailingDigits(_ word: UInt64, count: Int) -> UInt64 {
        let kept: UInt64 = count == 0 ? 0 : ~0 &<< UInt64(truncatingIfNeeded: 64 &- 8 &* count)
        return combined((word ^ zeros) & kept)
    }

    /// The value of eight digit values 0…9, one per byte, the most significant in the lowest
    /// byte: pairs, quads and halves combined, each step a multiply that adds the higher lane
    /// ×10ᵏ to the lower.
    @inline(__always)
    private static func combined(_ digits: UInt64) -> UInt64 {
        var value = (digits &* (10 << 8 + 1)) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) >> 16
        value = ((value & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) >> 32
        return value
    }
}
