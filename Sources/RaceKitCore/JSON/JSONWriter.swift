extension JSONValue {
    /// The value as JSON text: members in their order, two-space indentation when `pretty`,
    /// numbers in their shortest exact form (integers without a fraction), no locale.
    /// The same value always gives the same bytes.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : -1)
        return out
    }

    private func write(into out: inout String, indent: Int) {
        let pretty = indent >= 0
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? String(repeating: "  ", count: indent) : ""
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let x): out += Self.numberText(x)
        case .exactNumber(let text):
            assert(Self.isJSONNumber(text), "not a JSON number: \(text)")
            out += text
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            // Arrays of numbers (coordinates) stay on one line: they read better that way.
            if elements.allSatisfy(\.isNumber) {
                out += "["
                for (i, element) in elements.enumerated() {
                    if i > 0 { out += pretty ? ", " : "," }
                    element.write(into: &out, indent: -1)
                }
                out += "]"
                return
            }
            out += pretty ? "[\n" : "["
            for (i, element) in elements.enumerated() {
                out += pad
                element.write(into: &out, indent: pretty ? indent + 1 : -1)
                out += i + 1 < elements.count ? (pretty ? ",\n" : ",") : (pretty ? "\n" : "")
            }
            out += close + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += pretty ? "{\n" : "{"
            for (i, member) in members.enumerated() {
                out += pad
                Self.writeString(member.key, into: &out)
                out += pretty ? ": " : ":"
                member.value.write(into: &out, indent: pretty ? indent + 1 : -1)
                out += i + 1 < members.count ? (pretty ? ",\n" : ",") : (pretty ? "\n" : "")
            }
            out += close + "}"
        }
    }

    private var isNumber: Bool {
        switch self {
        case .number, .exactNumber: return true
        default: return false
        }
    }

    /// Integral values within ±2⁵³ print as integers; others in Swift's shortest round-trip form
    /// (``DecimalText/shortest(_:wholeBelow:)`` with JSON's limit: the integers a double holds exactly).
    public static func numberText(_ x: Double) -> String {
        DecimalText.shortest(x, wholeBelow: 9_007_199_254_740_992)
    }

    private static func writeString(_ s: String, into out: inout String) {
        // Most strings need no escape: then they are appended whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += "\""
            out += s
            out += "\""
            return
        }
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
