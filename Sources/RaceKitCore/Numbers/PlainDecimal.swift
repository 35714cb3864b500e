/// Numbers as plain decimal text — never exponent notation, which GPX's `xsd:decimal` forbids
/// and many CSV readers misread — with the fewest digits that read back as the same `Double`.
public enum PlainDecimal {
    /// The shortest round-tripping digits of `value` (Swift's `description`, Steele & White /
    /// Ryu-style shortest representation), with any exponent expanded: `1e-05` → `0.00001`.
    /// Whole numbers are written without a fraction: `12.0` → `12`.
    /// - Precondition: `value` is finite.
    public static func text(_ value: Double) -> String {
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
}
