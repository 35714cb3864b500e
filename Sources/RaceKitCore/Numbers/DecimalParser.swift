#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses decimal numbers from bytes, correctly rounded like `strtod`, without allocating: the
/// one number grammar of every RaceKit reader (CSV, GPX, GeoJSON, JSON, TSPLIB, matrix files).
///
/// Grammar: an optional sign, digits with an optional `.` and fraction (at least one digit in
/// all), an optional exponent (`e`/`E`, optional sign, digits). Nothing else: no hexadecimal
/// (`0x10`), no `nan`/`inf`, no spaces or NUL bytes inside, no value beyond a double's range.
///
/// Plain decimals with at most 15 significant digits and at most 22 fraction digits take the
/// exact fast path: both the digits and the power of ten are exact doubles, and one IEEE
/// division rounds correctly (W. D. Clinger, "How to Read Floating Point Numbers Accurately",
/// PLDI 1990). Everything else goes to the C library's `strtod`.
public enum DecimalParser {
    /// 10⁰…10²², exact doubles. A fixed-size value, so that the table is laid out at compile time
    /// and a read costs no `swift_once` check (a `[Double]` literal may be initialised lazily).
    private static let powersOfTen: InlineArray<23, Double> = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// The most significant digits (counted from the first non-zero one) a plain decimal may
    /// have for ``exactValue(mantissa:fractionDigits:negative:)``.
    static let exactSignificantDigits = 15
    /// The most fraction digits a plain decimal may have for
    /// ``exactValue(mantissa:fractionDigits:negative:)``.
    static let exactFractionDigits = 22

    /// A plain decimal's value from its digits, for readers in this module that gather the digits
    /// while they check their own grammar: `mantissa` is every digit read as one integer,
    /// `fractionDigits` how many of them follow the `.`. Correctly rounded (one exact division:
    /// Clinger's fast path, the one ``parse(_:)`` takes), and the same double ``parse(_:)`` gives
    /// for the text.
    /// - Precondition: at most ``exactSignificantDigits`` significant digits and at most
    ///   ``exactFractionDigits`` fraction digits; longer numbers go to ``parse(_:)``.
    @inline(__always)
    static func exactValue(mantissa: UInt64, fractionDigits: Int, negative: Bool) -> Double {
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// The value of the bytes, or `nil` if they are not one finite decimal number.
    public static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = text.count
        guard n > 0 else { return nil }
        var i = 0
        var negative = false
        if text[0] == 0x2D || text[0] == 0x2B { negative = text[0] == 0x2D; i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0
        var sawDigit = false
        while i < n, text[i] &- 0x30 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(text[i] &- 0x30)
            if mantissa != 0 { digits += 1 }
            sawDigit = true
            i += 1
        }
        if i < n && text[i] == 0x2E {
            i += 1
            while i < n, text[i] &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(text[i] &- 0x30)
                if mantissa != 0 { digits += 1 }
                fractionDigits += 1
                sawDigit = true
                i += 1
            }
        }
        guard sawDigit else { return nil }
        if i == n && digits <= exactSignificantDigits && fractionDigits <= exactFractionDigits {
            return exactValue(mantissa: mantissa, fractionDigits: fractionDigits, negative: negative)
        }
        return slowParse(text)
    }

    /// `strtod` on a NUL-terminated copy; accepts exponents, rejects anything not fully consumed
    /// or not finite (so "nan", "inf" and hex floats are not numbers here).
    private static func slowParse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard text.count < 512 else { return nil }
        for byte in text
        where !(byte &- 0x30 < 10 || byte == 0x2E || byte == 0x2D || byte == 0x2B || byte | 0x20 == 0x65) {
            return nil
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer -> Double? in
            for (j, byte) in text.enumerated() { buffer[j] = CChar(bitPattern: byte) }
            buffer[text.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(buffer.baseAddress!, &end)
            guard let end, end - buffer.baseAddress! == text.count, value.isFinite else { return nil }
            return value
        }
    }

    /// The value of an optionally signed run of decimal digits, or `nil` (also on overflow).
    public static func parseInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = text.count
        guard n > 0 else { return nil }
        var i = 0
        var negative = false
        if text[0] == 0x2D || text[0] == 0x2B { negative = text[0] == 0x2D; i = 1 }
        guard i < n, n - i <= 18 else { return nil }
        var value = 0
        while i < n {
            let digit = text[i] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            i += 1
        }
        return negative ? -value : value
    }

    /// The value of `text` by the same grammar, or `nil`.
    public static func parse(_ text: some StringProtocol) -> Double? {
        var copy = String(text)
        return copy.withUTF8 { parse($0) }
    }

    /// The value of an optionally signed run of decimal digits in `text`, or `nil`.
    public static func parseInteger(_ text: some StringProtocol) -> Int? {
        var copy = String(text)
        return copy.withUTF8 { parseInteger($0) }
    }
}
