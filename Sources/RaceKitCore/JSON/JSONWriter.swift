extension JSONValue {
    /// The value as JSON text: members in their order, two-space indentation when `pretty`,
    /// numbers in their shortest exact form (integers without a fraction), no locale.
    /// The same value always gives the same bytes.
    public func serialized(pretty: Bool = true) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// ``serialized(pretty:)`` as UTF-8 bytes, for writing to a file or a socket without a
    /// `String` in between.
    public func serializedBytes(pretty: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out, indent: pretty ? 0 : -1)
        return out
    }

    // Bytes, not a `String`: appending to a string checks and grows its storage on every
    // piece, which made serializing a fix batch cost more than sending it.
    private func write(into out: inout [UInt8], indent: Int) {
        let pretty = indent >= 0
        // The nesting of what is inside an array or object (-1: on one line).
        let inner = pretty ? indent + 1 : -1
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let x): Self.append(Self.numberText(x), to: &out)
        case .exactNumber(let text):
            assert(Self.isJSONNumber(text), "not a JSON number: \(text)")
            Self.append(text, to: &out)
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let elements):
            guard !elements.isEmpty else { out.append(contentsOf: "[]".utf8); return }
            // Arrays of numbers (coordinates) stay on one line: they read better that way.
            if elements.allSatisfy(\.isNumber) {
                out.append(UInt8(ascii: "["))
                for (i, element) in elements.enumerated() {
                    if i > 0 { Self.separator(UInt8(ascii: ","), pretty: pretty, into: &out) }
                    element.write(into: &out, indent: -1)
                }
                out.append(UInt8(ascii: "]"))
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                Self.newline(into: &out, indent: inner)
                element.write(into: &out, indent: inner)
                if i + 1 < elements.count { out.append(UInt8(ascii: ",")) }
            }
            Self.newline(into: &out, indent: indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                Self.newline(into: &out, indent: inner)
                Self.writeString(member.key, into: &out)
                Self.separator(UInt8(ascii: ":"), pretty: pretty, into: &out)
                member.value.write(into: &out, indent: inner)
                if i + 1 < members.count { out.append(UInt8(ascii: ",")) }
            }
            Self.newline(into: &out, indent: indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A text's UTF-8 bytes, copied whole (appending a `String.UTF8View` goes byte by byte).
    private static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// `mark`, and a space after it when pretty.
    private static func separator(_ mark: UInt8, pretty: Bool, into out: inout [UInt8]) {
        out.append(mark)
        if pretty { out.append(UInt8(ascii: " ")) }
    }

    /// A line feed and `level` steps of two spaces when pretty (`level` ≥ 0), nothing otherwise.
    private static func newline(into out: inout [UInt8], indent level: Int) {
        guard level >= 0 else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
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

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Most strings need no escape: then they are appended whole.
            guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                out.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
                case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
                case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
                case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
                case ..<0x20:
                    let hex = String(byte, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                // Bytes of multi-byte characters are copied as they are: only ASCII is escaped.
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
