import GeoFormats
import RaceKitCore

/// Fixed-point number text, the same on every platform (no locale, no exponent).
enum FixedPoint {
    /// `value` with exactly `digits` decimals, rounded half away from zero.
    static func text(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        // Beyond 2⁵³ the fixed digits would be invented: write the double's own digits, still plain.
        guard abs(value) * scale < 9e15 else { return PlainDecimal.text(value) }
        let scaled = (abs(value) * scale).rounded()
        let integer = (scaled / scale).rounded(.down)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + digitsOf(integer) }
        let fraction = digitsOf(scaled - integer * scale)
        return sign + digitsOf(integer) + "." + String(repeating: "0", count: max(0, digits - fraction.count))
            + fraction
    }

    /// A non-negative integral double as plain digits.
    private static func digitsOf(_ value: Double) -> String {
        value < 9e15 ? String(Int64(value)) : String(value)
    }
}
