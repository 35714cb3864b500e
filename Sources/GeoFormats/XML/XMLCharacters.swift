/// Character-level pieces of XML 1.0 (W3C Recommendation, fifth edition): names, white space,
/// and the decoding of character and entity references (§4.1, §4.6), and the package's one
/// escaper for everything RaceKit writes as XML or HTML.
public enum XMLCharacters {
    /// XML white space (§2.3 `S`): space, tab, carriage return, line feed.
    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool {
        b == ASCII.space || b == ASCII.lineFeed || b == ASCII.tab || b == ASCII.carriageReturn
    }

    /// A byte that may continue a name (ASCII NameChar, or any byte of a multi-byte UTF-8 character).
    @inline(__always)
    static func isNameByte(_ b: UInt8) -> Bool {
        switch b {
        case ASCII.lowercaseA...ASCII.lowercaseZ, ASCII.uppercaseA...ASCII.uppercaseZ, ASCII.zero...ASCII.nine,
            ASCII.hyphenMinus, ASCII.period, ASCII.colon, ASCII.underscore, ASCII.firstNonASCII...UInt8.max:
            return true
        default: return false
        }
    }

    /// A byte that may start a name.
    @inline(__always)
    static func isNameStartByte(_ b: UInt8) -> Bool {
        switch b {
        case ASCII.lowercaseA...ASCII.lowercaseZ, ASCII.uppercaseA...ASCII.uppercaseZ, ASCII.colon, ASCII.underscore,
            ASCII.firstNonASCII...UInt8.max:
            return true
        default: return false
        }
    }

    /// Appends `text` to `output` with `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#N;`/`&#xH;`
    /// replaced by their characters. Any other entity is an error: RaceKit never expands
    /// entities declared in a DTD, so no document can make it read a file, fetch a URL or grow
    /// exponentially ("billion laughs").
    /// - Returns: `nil` on success, else the offset of the bad reference within `text` and why.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> (
        offset: Int, message: String
    )? {
        var i = 0
        let n = text.count
        while i < n {
            let b = text[i]
            if b != ASCII.ampersand { output.append(b); i += 1; continue }
            var end = i + 1
            while end < n && end - i < 40 && text[end] != ASCII.semicolon { end += 1 }
            guard end < n && text[end] == ASCII.semicolon else {
                return (i, "'&' must start a character or entity reference ending in ';' (write '&amp;' for '&')")
            }
            let name = UnsafeBufferPointer(rebasing: text[(i + 1)..<end])
            if let first = name.first, first == ASCII.numberSign {
                var value: UInt32 = 0
                var digits = 0
                let hex = name.count > 1 && (name[1] == ASCII.lowercaseX)
                for d in name.dropFirst(hex ? 2 : 1) {
                    let v: UInt32
                    switch d {
                    case ASCII.zero...ASCII.nine: v = UInt32(d - ASCII.zero)
                    case ASCII.lowercaseA...ASCII.lowercaseF where hex: v = UInt32(d - ASCII.lowercaseA + 10)
                    case ASCII.uppercaseA...ASCII.uppercaseF where hex: v = UInt32(d - ASCII.uppercaseA + 10)
                    default: return (i, "malformed character reference '\(String(decoding: name, as: UTF8.self))'")
                    }
                    value = value &* (hex ? 16 : 10) &+ v
                    digits += 1
                    if digits > 8 { break }
                }
                guard digits > 0, digits <= 8, isXMLChar(value), let scalar = Unicode.Scalar(value) else {
                    return (
                        i,
                        "character reference '&\(String(decoding: name, as: UTF8.self));' is not a valid XML character"
                    )
                }
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
            } else {
                switch String(decoding: name, as: UTF8.self) {
                case "lt": output.append(ASCII.lessThan)
                case "gt": output.append(ASCII.greaterThan)
                case "amp": output.append(ASCII.ampersand)
                case "quot": output.append(ASCII.quotationMark)
                case "apos": output.append(ASCII.apostrophe)
                case let other:
                    return (
                        i,
                        "entity '&\(other.prefix(30));' is not one of XML's five predefined entities (RaceKit never expands DTD entities)"
                    )
                }
            }
            i = end + 1
        }
        return nil
    }

    /// XML 1.0 §2.2 `Char`.
    static func isXMLChar(_ v: UInt32) -> Bool {
        v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD)
            || (v >= 0x10000 && v <= 0x10FFFF)
    }

    /// `text` escaped for element content or a double-quoted attribute value: `&` `<` `>` (and in
    /// an attribute `"`, line feed and tab) as references, carriage return as `&#13;`, and the
    /// other control characters, which XML 1.0 cannot carry, dropped.
    public static func escape(_ text: String, attribute: Bool = false) -> String {
        var needs = false
        for b in text.utf8
        where b == ASCII.ampersand || b == ASCII.lessThan || b == ASCII.greaterThan || b == ASCII.quotationMark
            || b < ASCII.space
        {
            needs = true; break
        }
        guard needs else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" { continue }  // not XML characters
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
