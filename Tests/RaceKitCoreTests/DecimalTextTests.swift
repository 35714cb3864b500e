import Foundation
import GeoCore
import RaceKitCore
import Testing

/// The one number writer against simple references of the helpers it replaced (`FixedPoint`,
/// `PlainDecimal`, `JSONValue.numberText` and the whole-number message helpers), over seeded
/// random values of every magnitude.
struct DecimalTextTests {
    /// Random doubles from 10⁻²⁰ to 10²⁰, either sign, with whole numbers, halves and exact
    /// fixed-point ties mixed in (the cases rounding gets wrong first).
    private static func values(seed: UInt64, count: Int) -> [Double] {
        var r = SplitMix64(seed: seed)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, 2.5, 0.125, 0.0005, -0.0004, 1e15, 1e16, 0x1p53, 1e21]
        for _ in 0..<count {
            let magnitude = pow(10, Double(Int(r.next() % 41)) - 20)
            let x = (r.nextUnit() - 0.5) * 2 * magnitude
            switch r.next() % 4 {
            case 0: values.append(x.rounded())
            case 1: values.append((x * 1000).rounded() / 1000 + (r.nextUnit() < 0.5 ? 0.0005 : 0))
            default: values.append(x)
            }
        }
        return values
    }

    @Test("fixed: exactly n decimals, rounded half away from zero, as integer arithmetic on the scaled value gives")
    func fixed() {
        // Reference: round |x|·10ⁿ to a whole number, then split it into integer and fraction digits.
        func reference(_ x: Double, _ digits: Int) -> String? {
            let scale = pow(10, Double(digits))
            guard abs(x) * scale < 9e15 else { return nil }
            let scaled = Int64((abs(x) * scale).rounded())
            let power = Int64(scale)
            let fraction = String(scaled % power)
            let sign = x < 0 && scaled != 0 ? "-" : ""
            guard digits > 0 else { return sign + String(scaled) }
            return sign + String(scaled / power) + "." + String(repeating: "0", count: digits - fraction.count)
                + fraction
        }
        for x in Self.values(seed: 21, count: 20_000) {
            for digits in 0...6 {
                let text = DecimalText.fixed(x, digits: digits)
                if let expected = reference(x, digits) {
                    #expect(text == expected, "\(x) to \(digits) digits")
                } else {
                    #expect(text == DecimalText.plain(x), "\(x) beyond 9e15 scaled")
                }
            }
        }
        #expect(DecimalText.fixed(2.5, digits: 0) == "3" && DecimalText.fixed(-2.5, digits: 0) == "-3")
        #expect(DecimalText.fixed(-0.0004, digits: 3) == "0.000" && DecimalText.fixed(12, digits: 2) == "12.00")
        #expect(DecimalText.fixed(.nan, digits: 2) == "nan" && DecimalText.fixed(-.infinity, digits: 2) == "-inf")
    }

    @Test("shortest: whole numbers below the limit as integers, anything else as Swift writes the double")
    func shortest() {
        // Reference: the helpers it replaced, written out.
        func reference(_ x: Double, limit: Double) -> String {
            if x == x.rounded() && abs(x) < limit { return String(Int64(x)) }
            return x.description
        }
        for x in Self.values(seed: 22, count: 20_000) {
            #expect(DecimalText.shortest(x) == reference(x, limit: 1e15), "\(x)")
            #expect(JSONValue.numberText(x) == reference(x, limit: 9_007_199_254_740_992), "\(x)")
            #expect(DecimalText.shortest(x, wholeBelow: 0x1p63) == reference(x, limit: 0x1p63), "\(x)")
        }
        #expect(DecimalText.shortest(1e15) == "1000000000000000.0" && JSONValue.numberText(1e15) == "1000000000000000")
        #expect(DecimalText.shortest(1e16) == "1e+16" && JSONValue.numberText(1e16) == "1e+16")
        #expect(DecimalText.shortest(-0.0) == "0" && DecimalText.shortest(0.1) == "0.1")
        #expect(DecimalText.shortest(.infinity) == "inf" && DecimalText.shortest(.nan) == "nan")
    }

    @Test("plain: no exponent, the same double back, and the shortest form's significant digits")
    func plain() {
        // Reference: the significant digits of Swift's shortest form, without sign, point,
        // exponent or the zeros that only place the point.
        func significantDigits(_ text: String) -> String {
            let mantissa = text.split(separator: "e")[0].replacingOccurrences(of: "-", with: "")
            let digits = mantissa.replacingOccurrences(of: ".", with: "")
            return String(digits.drop { $0 == "0" }.reversed().drop { $0 == "0" }.reversed())
        }
        for x in Self.values(seed: 23, count: 20_000) {
            let text = DecimalText.plain(x)
            #expect(!text.contains("e") && Double(text) == x, "\(x) → \(text)")
            #expect(significantDigits(text) == significantDigits(x.description), "\(x) → \(text)")
            if abs(x) >= 1e-4, abs(x) < 0x1p53 {
                // Where Swift itself writes no exponent, plain is its text without a trailing ".0".
                let swift = x.description
                #expect(text == (swift.hasSuffix(".0") ? String(swift.dropLast(2)) : swift), "\(x)")
            }
        }
        #expect(DecimalText.plain(1e-5) == "0.00001" && DecimalText.plain(-1.5e20) == "-150000000000000000000")
    }
}
