/// Numbers as decimal text, the same on every platform (no locale, no `printf`): the one number
/// writer behind RaceKit's files, reports and messages, as ``DecimalParser`` is the one reader.
///
/// - ``plain(_:)``: the fewest digits that read back as the same `Double`, never an exponent
///   (GPX, GeoJSON and CSV coordinates).
/// - ``shortest(_:wholeBelow:)``: whole numbers as integers, others in Swift's shortest
///   round-trip form (JSON numbers, numbers quoted in messages).
/// - ``fixed(_:digits:)``: exactly so many decimals (report tables, benchmark result lines).
public enum DecimalText {
    /// The shortest round-tripping digits of `value` (Swift's `description`, a shortest
    /// representation in the manner of Steele & White and Ryu), with any exponent expanded:
    /// `1e-05` → `0.00001`. Whole numbers are written without a fraction: `12.0` → `12`.
    /// - Precondition: `value` is finite.
    public static func plain(_ value: Double) -> String {
        precondition(value.isFinite, "\(value) is not a finite number")
        if value == 0 { return "0" }
        var text = value.description
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            if text.hasSuffix(".0") { text.removeLast(2) }
            return text
        }
        let exponent = Int(text[text.index(after: e)...])!
        var mantissa = String(text[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integerDigits = String(parts[0])
        var digits = integerDigits + (parts.count > 1 ? String(parts[1]) : "")
        var point = integerDigits.count + exponent
        // Trim leading zeros of the digit string (keep point consistent).
        while digits.count > 1 && digits.hasPrefix("0") { digits.removeFirst(); point -= 1 }
        var out: String
        if point <= 0 {
            out = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            out = digits + String(repeating: "0", count: point - digits.count)
        } else {
            out = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        }
        if out.contains(".") {
            while out.hasSuffix("0") { out.removeLast() }
            if out.hasSuffix(".") { out.removeLast() }
        }
        return (negative ? "-" : "") + out
    }

    /// A whole number of magnitude below `limit` as an integer (`12`, not `12.0`; `-0` as `0`);
    /// any other value in Swift's shortest round-trip form: an exponent below 10⁻⁴ and from 2⁵³
    /// (`1e-05`, `1e+16`), `1000000000000000.0` for 10¹⁵ at the default limit, `nan`, `inf`, `-inf`.
    /// - Parameters:
    ///   - value: the number to write.
    ///   - limit: at most 2⁶³; messages use 10¹⁵ (the whole numbers RaceKit accepts, see
    ///     `WholeNumber`), JSON 2⁵³ (the integers a double holds exactly).
    public static func shortest(_ value: Double, wholeBelow limit: Double = 1e15) -> String {
        precondition(limit <= 0x1p63, "whole numbers are written through Int64")
        if value == value.rounded(), abs(value) < limit { return String(Int64(value)) }
        return value.description
    }

    /// `value` with exactly `digits` decimals, rounded half away from zero (`-0.0004` to
    /// 3 digits is `0.000`, without a sign). Beyond 9·10¹⁵ scaled, where the fixed digits would
    /// be invented, the double's own digits are written, still plain; `nan`, `inf`, `-inf` as such.
    public static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        guard abs(value) * scale < 9e15 else { return plain(value) }
        let scaled = (abs(value) * scale).rounded()
        let integer = (scaled / scale).rounded(.down)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + wholeDigits(integer) }
        let fraction = wholeDigits(scaled - integer * scale)
        return sign + wholeDigits(integer) + "." + String(repeating: "0", count: max(0, digits - fraction.count))
            + fraction
    }

    /// A non-negative integral double as plain digits.
    private static func wholeDigits(_ value: Double) -> String {
        value < 9e15 ? String(Int64(value)) : String(value)
    }
}
