/// Reads a plain decimal (an optional sign, digits, an optional `.` and fraction) in place, where a
/// field starts, and says where it stopped: the number step of the chunked positions reader, which
/// parses while it splits instead of finding a field's end first.
///
/// Exact like ``RaceKitCore/DecimalParser``, which stays the reference: at most 15 significant
/// digits take the same Clinger division (so the same double), 16 to 19 digits with at most 19
/// fraction digits an exact integer division rounded to nearest-even. Anything else (an exponent,
/// more digits) is left to the caller, who hands the whole field to `DecimalParser`.
enum DecimalFastPath {
    /// 10⁰…10²², exact doubles (the values of `DecimalParser`'s table), so the Clinger division is
    /// the same operation on the same operands. A fixed-size value, as there, so that the table is
    /// laid out at compile time and a read costs no `swift_once` check (a `[Double]` literal here
    /// was initialised lazily).
    private static let doublePowersOfTen: InlineArray<23, Double> = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]
    /// 10⁰…10¹⁹, the powers of ten a `UInt64` holds.
    private static let integerPowersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
        10_000_000_000_000_000_000,
    ]

    /// `DecimalParser` gives numbers past its fast path to `strtod` only when they are shorter than
    /// this; longer ones (runs of leading zeros) are not numbers to it, so they are not here either.
    private static let longestForStrtod = 512

    /// The number that starts at `start`, and the index of the first byte after it; `nil` when the
    /// bytes there are no plain decimal or one this path does not decide (more than 19 significant
    /// digits, too long a fraction).
    /// - Parameters:
    ///   - bytes: the text; only `start..<limit` is read.
    ///   - start: where the number's first byte (sign or digit) is.
    ///   - limit: where the number must end at the latest (the end of its line).
    @inline(__always)
    static func scan(_ bytes: UnsafePointer<UInt8>, from start: Int, to limit: Int) -> (value: Double, end: Int)? {
        var i = start
        var negative = false
        if i < limit && (bytes[i] == ASCII.hyphenMinus || bytes[i] == ASCII.plus) {
            negative = bytes[i] == ASCII.hyphenMinus
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0  // significant digits, from the first non-zero one (as DecimalParser counts)
        let integerStart = i
        while i < limit, bytes[i] &- ASCII.zero < 10 {
            // Counted by digit, not by the mantissa: a wrapped mantissa can be 0 (2^63 · 10).
            let digit = bytes[i] &- ASCII.zero
            if digits > 0 || digit != 0 { digits += 1 }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            i += 1
        }
        var sawDigit = i > integerStart
        var fractionDigits = 0
        if i < limit && bytes[i] == ASCII.period {
            i += 1
            let fractionStart = i
            while i < limit, bytes[i] &- ASCII.zero < 10 {
                let digit = bytes[i] &- ASCII.zero
                if digits > 0 || digit != 0 { digits += 1 }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                i += 1
            }
            fractionDigits = i - fractionStart
            sawDigit = sawDigit || fractionDigits > 0
        }
        guard sawDigit, digits <= 19 else { return nil }
        let magnitude: Double
        if digits <= 15 && fractionDigits <= 22 {
            magnitude = Double(mantissa) / doublePowersOfTen[fractionDigits]
        } else if fractionDigits <= 19 && i - start < DecimalFastPath.longestForStrtod {
            magnitude = checkedQuotient(mantissa, fractionDigits: fractionDigits)
        } else {
            return nil
        }
        return (negative ? -magnitude : magnitude, i)
    }

    /// ``scan(_:from:to:)`` eight digits at a time (``DigitWord``): the same value and end, for
    /// numbers of at most 19 digits (leading zeros included) with an optional `-`, which is what
    /// coordinates and times are. Anything else, or a number within eight bytes of `limit`, is
    /// left to ``scan(_:from:to:)``.
    /// - Parameters:
    ///   - bytes: the text; only `start..<limit` is read.
    ///   - start: where the number's first byte (sign or digit) is.
    ///   - limit: where the number must end at the latest; whole words are read up to it.
    @inline(__always)
    static func scanWords(_ bytes: UnsafePointer<UInt8>, from start: Int, to limit: Int) -> (value: Double, end: Int)? {
        var i = start
        let negative = i < limit && bytes[i] == ASCII.hyphenMinus
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0  // all of them, leading zeros too: at most 19 keeps the mantissa exact
        var fractionDigits = 0
        var inFraction = false
        while true {
            guard i + 8 <= limit else { return scan(bytes, from: start, to: limit) }
            let word = UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian
            let run = DigitWord.leadingDigits(word)
            guard digits + run.count <= 19 else { return scan(bytes, from: start, to: limit) }
            mantissa = mantissa &* integerPowersOfTen[run.count] &+ run.value
            digits += run.count
            if inFraction { fractionDigits += run.count }
            i += run.count
            if run.count == 8 { continue }
            // The byte after the run is in the word just read, so before `limit`.
            guard !inFraction, bytes[i] == ASCII.period else { break }
            inFraction = true
            i += 1
        }
        guard digits > 0 else { return scan(bytes, from: start, to: limit) }
        let magnitude = value(mantissa: mantissa, fractionDigits: fractionDigits)
        return (negative ? -magnitude : magnitude, i)
    }

    /// The plain decimal in `bytes[start..<end]`, a field whose every byte the caller has checked
    /// (``ByteClasses``): an optional `-` at `start`, then digits with at most one `.` among
    /// them, at `period` (`end` when there is none), and at least one digit. The same value as
    /// ``scan(_:from:to:)``; `nil` when either run of digits is longer than 16 or both together
    /// longer than 19, which is left to the caller. The 8 bytes before `start` must be readable:
    /// each run of digits is read as the one or two words that end where it ends.
    @inline(__always)
    static func checkedField(
        _ bytes: UnsafePointer<UInt8>, from start: Int, period: Int, to end: Int, negative: Bool
    ) -> Double? {
        // Offsets within one line: wrapping arithmetic cannot overflow.
        let integerDigits = period &- start &- (negative ? 1 : 0)
        let fractionDigits = period == end ? 0 : end &- period &- 1
        guard integerDigits <= 16, fractionDigits <= 16, integerDigits &+ fractionDigits <= 19 else { return nil }
        let mantissa =
            digits(bytes, endingAt: period, count: integerDigits) &* integerPowersOfTen[fractionDigits]
            &+ digits(bytes, endingAt: end, count: fractionDigits)
        let magnitude = value(mantissa: mantissa, fractionDigits: fractionDigits)
        return negative ? -magnitude : magnitude
    }

    /// The number the `count` (0…16) digits before `end` spell, read as one or two words.
    @inline(__always)
    private static func digits(_ bytes: UnsafePointer<UInt8>, endingAt end: Int, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        let last = raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self).littleEndian
        if count <= 8 { return DigitWord.trailingDigits(last, count: count) }
        let before = raw.loadUnaligned(fromByteOffset: end &- 16, as: UInt64.self).littleEndian
        return DigitWord.trailingDigits(before, count: count &- 8) &* 100_000_000
            &+ DigitWord.trailingDigits(last, count: 8)
    }

    /// `mantissa / 10^fractionDigits` correctly rounded, for a mantissa below 10¹⁹ and at most 19
    /// fraction digits: at most 15 significant digits is ``scan(_:from:to:)``'s Clinger case,
    /// more its checked division.
    @inline(__always)
    private static func value(mantissa: UInt64, fractionDigits: Int) -> Double {
        mantissa < integerPowersOfTen[15]
            ? Double(mantissa) / doublePowersOfTen[fractionDigits]
            : checkedQuotient(mantissa, fractionDigits: fractionDigits)
    }

    /// `dividend / 10^fractionDigits` correctly rounded, for a non-zero dividend below 10¹⁹ and
    /// at most 19 fraction digits: one floating-point division when its exact residual shows that
    /// the result is the nearest double (most of the time), else ``quotient(_:_:)``.
    @inline(__always)
    static func checkedQuotient(_ dividend: UInt64, fractionDigits: Int) -> Double {
        let power = doublePowersOfTen[fractionDigits]
        let rounded = Double(dividend)
        let estimate = rounded / power
        // rounded − estimate·power is exact (the remainder of a correctly rounded division), and so
        // is dividend − rounded: their sum, (dividend / power − estimate)·power, is rounded once.
        let lost = Int64(bitPattern: dividend &- UInt64(rounded))
        let residual = rounded.addingProduct(-estimate, power) + Double(lost)
        // Nearest when the error is below half the smaller gap to a neighbour (the gap below a
        // power of two is half the one above); the margin covers the residual's one rounding.
        let gap = estimate.significandBitPattern == 0 ? estimate.ulp / 2 : estimate.ulp
        if abs(residual) < 0.45 * gap * power { return estimate }
        return quotient(dividend, integerPowersOfTen[fractionDigits])
    }

    /// `dividend / divisor` correctly rounded (to nearest, ties to even), for a non-zero dividend
    /// below 10¹⁹ and a divisor 10⁰…10¹⁹: the result is then a normal double.
    ///
    /// The dividend is shifted left until the 128-by-64-bit quotient has 63 or 64 bits; its top 53
    /// bits are the significand, the bits below and the remainder decide the rounding exactly.
    static func quotient(_ dividend: UInt64, _ divisor: UInt64) -> Double {
        let dividendBits = 64 - dividend.leadingZeroBitCount
        let divisorBits = 64 - divisor.leadingZeroBitCount
        // dividend·2^shift < divisor·2^64 keeps the quotient in 64 bits, and > divisor·2^62
        // gives it at least 63.
        let shift = 63 + divisorBits - dividendBits
        let high = shift == 0 ? 0 : shift < 64 ? dividend >> (64 - shift) : dividend << (shift - 64)
        let low = shift < 64 ? dividend << shift : 0
        let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: low))
        let dropped = (64 - quotient.leadingZeroBitCount) - 53  // 10 or 11 bits below the significand
        var significand = quotient >> dropped
        let rest = quotient & ((1 << dropped) - 1)
        let half: UInt64 = 1 << (dropped - 1)
        if rest > half || (rest == half && (remainder != 0 || significand & 1 == 1)) { significand += 1 }
        var exponent = 52 + dropped - shift  // value = significand · 2^(dropped − shift)
        if significand == 1 << 53 {
            significand >>= 1
            exponent += 1
        }
        return Double(bitPattern: UInt64(exponent + 1023) << 52 | (significand & ((1 << 52) - 1)))
    }
}
