extension JSONParser {
    /// A JSON string as the reader found it: its UTF-8 bytes in the input when it has no
    /// escape, its decoded text otherwise. Comparing one with a known name makes no `String`,
    /// which is what reading an object's member names in bulk needs. It points into the
    /// reader's bytes: use it while they last.
    public struct RawString {
        /// The bytes between the quotes, when they are the text itself (no escape).
        @usableFromInline let plain: UnsafeBufferPointer<UInt8>
        /// The text, when it is already decoded (escapes, or UTF-8 checked beyond ASCII).
        @usableFromInline let decoded: String?

        /// A string with no escape and only ASCII bytes.
        init(ascii: UnsafeBufferPointer<UInt8>) {
            plain = ascii
            decoded = nil
        }

        /// A string whose text is decoded.
        init(_ text: String) {
            plain = UnsafeBufferPointer(start: nil, count: 0)
            decoded = text
        }

        /// The text.
        public var text: String { decoded ?? String(decoding: plain, as: UTF8.self) }

        // Inlinable, so that a caller's comparisons with literal names are compiled with them.
        /// Whether the text is `name`, as `text == name` tells (Unicode canonical equivalence).
        @inlinable @inline(__always) public func matches(_ name: StaticString) -> Bool {
            guard decoded == nil else { return decoded == name.description }
            return name.withUTF8Buffer { name in
                guard name.count == plain.count else { return false }
                for index in 0..<name.count where name[index] != plain[index] { return false }
                return true
            }
        }
    }
}
