import RaceKitCore

/// Picks the input's character encoding from its first bytes, as XML 1.0 Appendix F describes:
/// a byte-order mark (UTF-8, UTF-16 LE/BE), a UTF-16 `<?` without one, or the `encoding` of the
/// XML declaration. Returns a source of UTF-8 bytes without the byte-order mark.
///
/// Supported: UTF-8 (and its subset US-ASCII), UTF-16, ISO-8859-1 (also for `windows-1252`,
/// whose 0x80–0x9F punctuation then reads as C1 controls). A declaration that says UTF-16 on
/// bytes that are plainly 8-bit is read as UTF-8, as devices write it.
enum EncodingDetection {
    static func utf8Source(_ source: ByteSource, file: String) throws(InputError) -> ByteSource {
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 512, alignment: 1)
        defer { scratch.deallocate() }
        var filled = 0
        while filled < scratch.count {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: scratch[filled...]))
            if n == 0 { break }
            filled += n
        }
        let head = Array(scratch[0..<filled])
        func starts(_ prefix: [UInt8]) -> Bool {
            head.count >= prefix.count && Array(head.prefix(prefix.count)) == prefix
        }
        if starts([0xEF, 0xBB, 0xBF]) { return PrefixedByteSource(prefix: Array(head.dropFirst(3)), base: source) }
        if starts([0xFF, 0xFE]) {
            return TranscodingByteSource(
                base: PrefixedByteSource(prefix: Array(head.dropFirst(2)), base: source), encoding: .utf16LittleEndian)
        }
        if starts([0xFE, 0xFF]) {
            return TranscodingByteSource(
                base: PrefixedByteSource(prefix: Array(head.dropFirst(2)), base: source), encoding: .utf16BigEndian)
        }
        if starts([0x3C, 0x00, 0x3F, 0x00]) || starts([0x3C, 0x00, 0x67, 0x00]) {
            return TranscodingByteSource(
                base: PrefixedByteSource(prefix: head, base: source), encoding: .utf16LittleEndian)
        }
        if starts([0x00, 0x3C, 0x00, 0x3F]) || starts([0x00, 0x3C, 0x00, 0x67]) {
            return TranscodingByteSource(
                base: PrefixedByteSource(prefix: head, base: source), encoding: .utf16BigEndian)
        }
        let prefixed = PrefixedByteSource(prefix: head, base: source)
        guard let declared = declaredEncoding(head) else { return prefixed }
        switch declared.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii", "utf-16", "utf16":
            return prefixed
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso_8859-1", "windows-1252", "cp1252":
            return TranscodingByteSource(base: prefixed, encoding: .latin1)
        default:
            throw InputError(
                SourceLocation(file: file, line: 1, column: 1),
                "the XML declaration names encoding '\(declared.prefix(40))'; supported: UTF-8, UTF-16, ISO-8859-1")
        }
    }

    /// The `encoding="…"` of an XML declaration at the very start, if any.
    static func declaredEncoding(_ head: [UInt8]) -> String? {
        guard head.starts(with: Array("<?xml".utf8)) else { return nil }
        guard let end = head.firstIndex(of: ASCII.greaterThan) else { return nil }
        let declaration = Array(head[..<end])
        let key = Array("encoding".utf8)
        guard
            let at = (0...max(0, declaration.count - key.count)).first(where: { declaration[$0...].starts(with: key) }),
            declaration.count >= key.count
        else { return nil }
        var rest = Substring(String(decoding: declaration[(at + key.count)...], as: UTF8.self))
        rest = rest.drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        return String(rest.prefix { $0 != quote })
    }
}
