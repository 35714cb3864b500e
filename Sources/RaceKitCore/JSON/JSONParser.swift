#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict JSON reader (RFC 8259) for documents a user wrote: every error names the line and
/// column, nesting is limited (so hostile input cannot exhaust the stack), numbers that do not
/// fit a double are errors rather than infinities, and strings must be valid UTF-8.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 256

    /// Parses a whole document (one value, optional surrounding whitespace, an optional UTF-8
    /// byte-order mark).
    /// - Throws: ``InputError`` at `file:line:column`.
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(InputError) in try parse(buffer, file: file) }
    }

    /// ``parse(_:file:)`` of bytes in memory someone else owns (a network buffer).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(InputError) -> JSONValue {
        var reader = Reader(bytes: bytes, file: file)
        reader.skipWhitespace()
        guard reader.offset < bytes.count else { throw reader.error("the document is empty") }
        let value = try reader.value(depth: 0)
        try reader.expectEnd()
        return value
    }

    /// The tokenizer under the `parse(_:file:)` functions, for readers that walk a document's structure
    /// themselves (GeoJSON reads positions straight into numbers): white space, strings, numbers,
    /// literals, the depth limit and `line:column` errors, with the parser's rules, so every JSON
    /// reader in RaceKit accepts and rejects the same text.
    public struct Reader {
        /// The whole document.
        public let bytes: UnsafeBufferPointer<UInt8>
        /// The name of the document in messages.
        public let file: String
        /// The next byte to read.
        public var offset = 0

        /// A reader at the start of `bytes`, past a UTF-8 byte-order mark.
        public init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
            self.bytes = bytes
            self.file = file
            if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { offset = 3 }
        }

        /// The line and column of a byte offset.
        public func location(of position: Int) -> SourceLocation {
            let end = min(position, bytes.count)
            var line = 1, lineStart = 0
            for i in 0..<end where bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            return SourceLocation(file: file, line: line, column: end - lineStart + 1)
        }

        /// An error at the current offset (or `at`), with its line and column.
        public func error(_ message: String, at position: Int? = nil) -> InputError {
            InputError(location(of: position ?? offset), message)
        }

        /// Refuses nesting deeper than ``JSONParser/maximumDepth`` (`depth` counts the arrays and
        /// objects open, the one starting here included).
        public func checkDepth(_ depth: Int) throws(InputError) {
            guard depth <= JSONParser.maximumDepth else {
                throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
            }
        }

        /// Moves past white space (RFC 8259: space, tab, line feed, carriage return).
        @inlinable
        public mutating func skipWhitespace() {
            while offset < bytes.count,
                bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09
            {
                offset += 1
            }
        }

        /// Refuses anything but white space after the document's value.
        public mutating func expectEnd() throws(InputError) {
            skipWhitespace()
            guard offset == bytes.count else { throw error("unexpected text after the JSON value") }
        }

        /// The byte at the offset, for messages: `'x'`, `byte 0x7`, or `the end of the file`.
        public func describeHere() -> String {
            guard offset < bytes.count else { return "the end of the file" }
            let byte = bytes[offset]
            return byte >= 0x20 && byte < 0x7F
                ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        }

        /// Reads any value; `depth` counts the arrays and objects around it.
        public mutating func value(depth: Int) throws(InputError) -> JSONValue {
            guard offset < bytes.count else { throw error("unexpected end of file: a value is missing") }
            switch bytes[offset] {
            case 0x7B: return try object(depth: depth + 1)
            case 0x5B: return try array(depth: depth + 1)
            case 0x22: return .string(try string())
            case 0x74: try literal("true"); return .bool(true)
            case 0x66: try literal("false"); return .bool(false)
            case 0x6E: try literal("null"); return .null
            case 0x2D, 0x30...0x39: return .number(try number())
            default: throw error("expected a value, found \(describeHere())")
            }
        }

        /// Reads any value as ``value(depth:)`` does, with its checks and errors, but keeps
        /// nothing of it: for the parts of a document a reader does not need.
        public mutating func skipValue(depth: Int) throws(InputError) {
            guard offset < bytes.count else { throw error("unexpected end of file: a value is missing") }
            switch bytes[offset] {
            case 0x7B:
                try forEachMember(depth: depth + 1) { (reader, _) throws(InputError) in
                    try reader.skipValue(depth: depth + 1)
                }
            case 0x5B:
                try forEachElement(depth: depth + 1) { (reader) throws(InputError) in
                    try reader.skipValue(depth: depth + 1)
                }
            case 0x22: _ = try rawString()
            case 0x2D, 0x30...0x39: _ = try number()
            default: _ = try value(depth: depth)
            }
        }

        /// Reads `word` (`true`, `false`, `null`).
        public mutating func literal(_ word: String) throws(InputError) {
            let letters = Array(word.utf8)
            let start = offset
            guard offset + letters.count <= bytes.count,
                letters.indices.allSatisfy({ bytes[offset + $0] == letters[$0] })
            else {
                throw error("expected a value, found \(describeHere())", at: start)
            }
            offset += letters.count
        }

        private mutating func object(depth: Int) throws(InputError) -> JSONValue {
            var members: [JSONMember] = []
            try forEachMember(depth: depth) { (reader, key) throws(InputError) in
                members.append(JSONMember(key.text, try reader.value(depth: depth)))
            }
            return .object(members)
        }

        private mutating func array(depth: Int) throws(InputError) -> JSONValue {
            var elements: [JSONValue] = []
            try forEachElement(depth: depth) { (reader) throws(InputError) in
                elements.append(try reader.value(depth: depth))
            }
            return .array(elements)
        }

        /// Reads an object from its `{` to its `}`, calling `member` with each member's name and
        /// the reader at the member's value, which `member` must read (its nesting is `depth`).
        /// - Parameters:
        ///   - depth: The arrays and objects open, this one included.
        ///   - member: Reads one member's value; gets the reader and the member's name.
        public mutating func forEachMember(
            depth: Int, _ member: (inout Reader, RawString) throws(InputError) -> Void
        ) throws(InputError) {
            try checkDepth(depth)
            offset += 1
            skipWhitespace()
            if offset < bytes.count && bytes[offset] == 0x7D { offset += 1; return }
            while true {
                skipWhitespace()
                guard offset < bytes.count else { throw error("unexpected end of file inside an object") }
                guard bytes[offset] == 0x22 else {
                    throw error("expected a quoted member name, found \(describeHere())")
                }
                let key = try rawString()
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == 0x3A else {
                    throw error("expected ':' after member name \"\(key.text)\", found \(describeHere())")
                }
                offset += 1
                skipWhitespace()
                try member(&self, key)
                skipWhitespace()
                guard offset < bytes.count else {
                    throw error("unexpected end of file inside an object: a '}' is missing")
                }
                if bytes[offset] == 0x2C { offset += 1; continue }
                if bytes[offset] == 0x7D { offset += 1; return }
                throw error("expected ',' or '}' in an object, found \(describeHere())")
            }
        }

        /// Reads an array from its `[` to its `]`, calling `element` with the reader at each
        /// element, which `element` must read (its nesting is `depth`).
        /// - Parameters:
        ///   - depth: The arrays and objects open, this one included.
        ///   - element: Reads one element; gets the reader.
        public mutating func forEachElement(
            depth: Int, _ element: (inout Reader) throws(InputError) -> Void
        ) throws(InputError) {
            try checkDepth(depth)
            offset += 1
            skipWhitespace()
            if offset < bytes.count && bytes[offset] == 0x5D { offset += 1; return }
            while true {
                skipWhitespace()
                try element(&self)
                skipWhitespace()
                guard offset < bytes.count else {
                    throw error("unexpected end of file inside an array: a ']' is missing")
                }
                if bytes[offset] == 0x2C { offset += 1; continue }
                if bytes[offset] == 0x5D { offset += 1; return }
                throw error("expected ',' or ']' in an array, found \(describeHere())")
            }
        }

        /// Reads a number (RFC 8259's grammar) that fits a double.
        ///
        /// The digits are gathered while the grammar is checked: a number without an exponent
        /// and short enough for `DecimalParser.exactValue(mantissa:fractionDigits:negative:)`
        /// (nearly every coordinate, time and accuracy) is not read a second time.
        public mutating func number() throws(InputError) -> Double {
            let start = offset
            let negative = bytes[offset] == 0x2D
            if negative { offset += 1 }
            var mantissa: UInt64 = 0
            var significant = 0  // digits from the first non-zero one, as DecimalParser counts
            /// Reads a run of digits into the mantissa: how many there were.
            func digits(_ reader: inout Reader) -> Int {
                let first = reader.offset
                var i = first  // a local index: `offset` written once, not per digit
                while i < reader.bytes.count {
                    let digit = reader.bytes[i] &- 0x30
                    guard digit < 10 else { break }
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    if mantissa != 0 { significant &+= 1 }
                    i &+= 1
                }
                reader.offset = i
                return i &- first
            }
            let integerDigits = digits(&self)
            guard integerDigits > 0 else { throw error("a number needs digits", at: start) }
            if integerDigits > 1 && bytes[offset - integerDigits] == 0x30 {
                throw error("a number may not start with 0", at: start)
            }
            var fractionDigits = 0
            if offset < bytes.count && bytes[offset] == 0x2E {
                offset += 1
                fractionDigits = digits(&self)
                guard fractionDigits > 0 else { throw error("a number needs digits after '.'", at: start) }
            }
            var hasExponent = false
            if offset < bytes.count && (bytes[offset] | 0x20) == 0x65 {
                hasExponent = true
                offset += 1
                if offset < bytes.count && (bytes[offset] == 0x2B || bytes[offset] == 0x2D) { offset += 1 }
                guard digits(&self) > 0 else { throw error("a number needs digits in its exponent", at: start) }
            }
            if !hasExponent && significant <= DecimalParser.exactSignificantDigits
                && fractionDigits <= DecimalParser.exactFractionDigits
            {
                return DecimalParser.exactValue(mantissa: mantissa, fractionDigits: fractionDigits, negative: negative)
            }
            let text = UnsafeBufferPointer(rebasing: bytes[start..<offset])
            guard let value = DecimalParser.parse(text) else {
                throw error("number \(String(decoding: text, as: UTF8.self)) is too large for a double", at: start)
            }
            return value
        }

        /// Reads a string from its opening quote: escapes decoded, surrogates paired, UTF-8 checked.
        public mutating func string() throws(InputError) -> String { try rawString().text }

        /// Reads a string from its opening quote, as ``string()`` does, but leaves a plain ASCII
        /// string's bytes in place.
        public mutating func rawString() throws(InputError) -> RawString {
            let start = offset
            offset += 1
            // Most strings have no escape, and most are ASCII (nothing to validate): read them in place.
            var end = offset
            var union: UInt8 = 0
            while end < bytes.count, bytes[end] != 0x22, bytes[end] != 0x5C, bytes[end] >= 0x20 {
                union |= bytes[end]; end += 1
            }
            if end < bytes.count && bytes[end] == 0x22 {
                let content = UnsafeBufferPointer(rebasing: bytes[offset..<end])
                offset = end + 1
                if union < 0x80 { return RawString(ascii: content) }
                guard let text = String(validating: content, as: UTF8.self) else {
                    throw error("the string is not valid UTF-8", at: start)
                }
                return RawString(text)
            }
            var utf8: [UInt8] = []
            while true {
                guard offset < bytes.count else { throw error("unexpected end of file inside a string", at: start) }
                let byte = bytes[offset]
                switch byte {
                case 0x22:
                    offset += 1
                    guard let text = String(validating: utf8, as: UTF8.self) else {
                        throw error("the string is not valid UTF-8", at: start)
                    }
                    return RawString(text)
                case 0x5C:
                    offset += 1
                    guard offset < bytes.count else { throw error("unexpected end of file inside a string", at: start) }
                    let escape = bytes[offset]
                    offset += 1
                    switch escape {
                    case 0x22, 0x5C, 0x2F: utf8.append(escape)
                    case 0x62: utf8.append(0x08)
                    case 0x66: utf8.append(0x0C)
                    case 0x6E: utf8.append(0x0A)
                    case 0x72: utf8.append(0x0D)
                    case 0x74: utf8.append(0x09)
                    case 0x75:
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard offset + 1 < bytes.count, bytes[offset] == 0x5C, bytes[offset + 1] == 0x75 else {
                                throw error("a \\u escape has a lone high surrogate")
                            }
                            offset += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else {
                                throw error("a \\u escape has a lone high surrogate")
                            }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else {
                            throw error("a \\u escape names no character")
                        }
                        utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
                    default:
                        throw error(
                            "unknown escape '\\\(Character(UnicodeScalar(escape)))' in a string", at: offset - 2)
                    }
                case 0x00..<0x20:
                    throw error("a control character (byte 0x\(String(byte, radix: 16))) must be escaped in a string")
                default:
                    utf8.append(byte)
                    offset += 1
                }
            }
        }

        private mutating func hex4() throws(InputError) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[offset] | 0x20
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: throw error("a \\u escape needs four hex digits")
                }
                value = value << 4 | UInt32(digit)
                offset += 1
            }
            return value
        }
    }
}
