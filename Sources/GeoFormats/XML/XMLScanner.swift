import RaceKitCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A streaming, non-validating XML 1.0 tokenizer over UTF-8 bytes, built for GPX: it hands out
/// start tags (with attributes), end tags and text as byte ranges into its buffer, allocates
/// nothing per token, and keeps memory bounded by ``XMLLimits`` whatever the file's size.
///
/// It checks well-formedness where a reader could otherwise be misled: tags must nest and match,
/// attributes must be quoted and unique, there is exactly one root element, no text outside it,
/// no NUL bytes, and every limit holds. Comments, processing instructions and the DOCTYPE are
/// skipped; entity declarations in a DTD are never read, so they are never expanded, and no
/// external entity is ever fetched (XML 1.0 §4). Names are compared as bytes; namespace prefixes
/// are split off (``localStart``) and resolved by the caller if it needs URIs.
///
/// Token ranges are valid until the next call of ``next()``.
///
/// A noncopyable struct: the hot loop's state is checked for exclusive access at compile time (a
/// class's stored properties would be checked at run time on every access), and the buffer has
/// exactly one owner, so no copy can keep a pointer that a refill has freed.
struct XMLScanner: ~Copyable {
    enum Token { case startTag, endTag, text, end }

    /// One attribute of the current start tag, as ranges into ``bytes``.
    struct Attribute {
        var nameStart = 0, nameEnd = 0, localStart = 0
        var valueStart = 0, valueEnd = 0
        var hasReference = false
        var line = 0, column = 0
    }

    let file: String
    let limits: XMLLimits
    private let source: ByteSource
    private let chunk: Int
    private var capacity: Int
    /// The buffer; `buffer[count]` is always 0, a sentinel that stops every scanning loop.
    private(set) var buffer: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var pos = 0
    private var eof = false
    /// Absolute offset of `buffer[0]` in the (UTF-8) input.
    private var base = 0
    private var line = 1
    private var lineStart = 0

    // The current token.
    private(set) var tokenLine = 1
    private(set) var tokenColumn = 1
    private(set) var nameStart = 0, nameEnd = 0, localStart = 0
    private(set) var textStart = 0, textEnd = 0
    /// The text contains `&` (references to decode) — never set for CDATA.
    private(set) var textHasReference = false
    private(set) var selfClosing = false
    private(set) var attributes: [Attribute] = []
    private(set) var attributeCount = 0

    // Open elements: their qualified names, concatenated.
    private var stackBytes: [UInt8] = []
    /// The stack's length in use (`stackBytes` only grows, so pushes and pops never reallocate).
    private var stackLength = 0
    private var stackEnds: [Int] = []
    private var pendingEnd = false
    private var rootSeen = false
    private var rootClosed = false

    var depth: Int { stackEnds.count }

    /// - Parameter chunkSize: bytes read at a time (tests use tiny chunks to cross every boundary).
    init(source: ByteSource, file: String, limits: XMLLimits, chunkSize: Int = 256 * 1024) {
        self.source = source
        chunk = max(1, chunkSize)
        self.file = file
        self.limits = limits
        capacity = 2 * chunk
        buffer = .allocate(capacity: capacity + 1)
        buffer[0] = 0
        attributes = Array(repeating: Attribute(), count: 16)
        stackBytes.reserveCapacity(256)
        stackEnds.reserveCapacity(32)
    }

    deinit { buffer.deallocate() }

    /// A location in the input (lines and byte columns of the UTF-8 text).
    func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    var tokenLocation: SourceLocation { SourceLocation(file: file, line: tokenLine, column: tokenColumn) }

    private func error(_ message: String, line: Int? = nil, column: Int? = nil) -> InputError {
        InputError(SourceLocation(file: file, line: line ?? tokenLine, column: column ?? tokenColumn), message)
    }

    private func hereError(_ p: Int, _ message: String) -> InputError {
        InputError(SourceLocation(file: file, line: line, column: base + p - lineStart + 1), message)
    }

    /// The bytes of a range of the buffer.
    @inline(__always)
    func bytes(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + start, count: end - start)
    }

    func string(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes(start, end), as: UTF8.self)
    }

    var qualifiedName: String { string(nameStart, nameEnd) }
    var localName: String { string(localStart, nameEnd) }
    var prefix: String? { localStart > nameStart ? string(nameStart, localStart - 1) : nil }

    /// Moves the unread bytes from `keep` to the front and reads more; grows the buffer when a
    /// token does not fit, up to the token limit.
    private mutating func refill(keep: Int) throws(InputError) {
        let kept = count - keep
        if keep > 0 {
            if kept > 0 { memmove(buffer, buffer + keep, kept) }
            base += keep
            pos -= keep
            count = kept
        }
        if capacity - count < chunk {
            guard count <= limits.maxTokenBytes + chunk else {
                throw error(
                    "a single tag, comment or text run is longer than \(limits.maxTokenBytes) bytes (the reader's limit)"
                )
            }
            let newCapacity = capacity * 2
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity + 1)
            grown.update(from: buffer, count: count)
            buffer.deallocate()
            buffer = grown
            capacity = newCapacity
        }
        var total = 0
        while count < capacity {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + count, count: capacity - count))
            if n == 0 { eof = true; break }
            count += n
            total += n
            if total >= chunk { break }
        }
        buffer[count] = 0
    }

    /// Result of an attempt to scan a token from the bytes at hand.
    private enum Scan { case done, needMore }

    /// The next token. At the end of the input, checks that the root element was closed.
    mutating func next() throws(InputError) -> Token {
        if pendingEnd {
            pendingEnd = false
            popElement()
            return .endTag
        }
        while true {
            if pos >= count {
                if !eof { try refill(keep: pos); continue }
                if !stackEnds.isEmpty {
                    let open = String(
                        decoding: stackBytes[(stackEnds.count > 1 ? stackEnds[stackEnds.count - 2] : 0)..<stackLength],
                        as: UTF8.self)
                    throw hereError(
                        pos,
                        "unexpected end of file: <\(open)> and \(stackEnds.count - 1) enclosing element(s) are not closed (truncated file?)"
                    )
                }
                if !rootSeen {
                    throw InputError(
                        SourceLocation(file: file, line: base + count == 0 ? 0 : line, column: 0),
                        base + count == 0 ? "the file is empty" : "no root element: the file contains no XML element")
                }
                return .end
            }
            let savedLine = line, savedLineStart = lineStart
            let start = pos
            tokenLine = line
            tokenColumn = base + pos - lineStart + 1
            let result: Scan
            let token: Token?
            if buffer[pos] == ASCII.lessThan {
                (result, token) = try scanMarkup()
            } else {
                (result, token) = try scanText()
            }
            if result == .needMore {
                if eof {
                    throw error(
                        "unexpected end of file inside \(buffer[start] == ASCII.lessThan ? "a tag or comment" : "text") (truncated file?)"
                    )
                }
                line = savedLine
                lineStart = savedLineStart
                pos = start
                guard count - start <= limits.maxTokenBytes else {
                    throw error(
                        "a single tag, comment or text run is longer than \(limits.maxTokenBytes) bytes (the reader's limit)"
                    )
                }
                try refill(keep: start)
                continue
            }
            if let token { return token }
        }
    }

    // MARK: - Text

    private mutating func scanText() throws(InputError) -> (Scan, Token?) {
        var p = pos
        var reference = false
        var nonSpace = false
        while true {
            let b = buffer[p]
            if b == ASCII.lessThan { break }
            if b == ASCII.lineFeed {
                line += 1; lineStart = base + p + 1
            } else if b == 0 {
                if p >= count {
                    if !eof { return (.needMore, nil) }
                    break
                }
                throw hereError(p, "NUL byte in the text: this is binary data, not XML")
            } else if b == ASCII.ampersand {
                reference = true; nonSpace = true
            } else if !nonSpace && !XMLCharacters.isSpace(b) {
                nonSpace = true
            }
            if nonSpace && stackEnds.isEmpty {
                throw error(
                    rootClosed
                        ? "text after the root element" : "text before the root element: this is not an XML document")
            }
            p += 1
        }
        textStart = pos
        textEnd = p
        textHasReference = reference
        pos = p
        if stackEnds.isEmpty {
            guard !nonSpace else {
                let what =
                    rootClosed
                    ? "text after the root element" : "text before the root element: this is not an XML document"
                throw error(what)
            }
            return (.done, nil)
        }
        return (.done, .text)
    }

    // MARK: - Markup

    @inline(__always)
    private mutating func skipSpace(_ p: inout Int) {
        while true {
            let b = buffer[p]
            if b == ASCII.space || b == ASCII.tab || b == ASCII.carriageReturn {
                p += 1
            } else if b == ASCII.lineFeed {
                line += 1; lineStart = base + p + 1; p += 1
            } else {
                return
            }
        }
    }

    private mutating func scanMarkup() throws(InputError) -> (Scan, Token?) {
        var p = pos + 1
        let b = buffer[p]
        if XMLCharacters.isNameStartByte(b) { return try scanStartTag(p) }
        if b == ASCII.slash { return try scanEndTag(p + 1) }
        if b == 0 && p >= count { return (.needMore, nil) }
        if b == ASCII.questionMark {  // <? … ?>
            guard let end = find(p + 1, ASCII.questionMark, ASCII.greaterThan) else { return (.needMore, nil) }
            p = end + 2
            pos = p
            return (.done, nil)
        }
        if b == ASCII.exclamationMark {
            if p + 8 >= count && !eof { return (.needMore, nil) }
            if buffer[p + 1] == ASCII.hyphenMinus && buffer[p + 2] == ASCII.hyphenMinus {  // <!-- … -->
                guard let end = find(p + 3, ASCII.hyphenMinus, ASCII.hyphenMinus, ASCII.greaterThan) else {
                    return (.needMore, nil)
                }
                pos = end + 3
                return (.done, nil)
            }
            if matches(p + 1, "[CDATA[") {
                guard let end = find(p + 8, ASCII.rightBracket, ASCII.rightBracket, ASCII.greaterThan) else {
                    return (.needMore, nil)
                }
                guard !stackEnds.isEmpty else { throw error("CDATA section outside the root element") }
                textStart = p + 8
                textEnd = end
                textHasReference = false
                pos = end + 3
                return (.done, .text)
            }
            if matches(p + 1, "DOCTYPE") || matches(p + 1, "doctype") {  // HTML writes it in lower case
                guard !rootSeen else { throw error("a DOCTYPE declaration after the root element has started") }
                return scanDoctype(p + 8)
            }
            throw error(
                "unexpected markup '<!\(string(p + 1, min(count, p + 9)))': expected a comment, CDATA section or DOCTYPE"
            )
        }
        throw hereError(p, "'<' must start a tag: found '\(printable(b))'")
    }

    private func printable(_ b: UInt8) -> String {
        b > ASCII.space && b < ASCII.delete
            ? String(UnicodeScalar(b)) : "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    private func matches(_ p: Int, _ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard p + n <= count else { return false }
        return memcmp(buffer + p, text.utf8Start, n) == 0
    }

    /// Position of the first occurrence of the byte pattern at or after `p`, counting lines on the
    /// way; `nil` if the buffer ends first.
    private mutating func find(_ p: Int, _ a: UInt8, _ b: UInt8, _ c: UInt8? = nil) -> Int? {
        var i = p
        let savedLine = line, savedLineStart = lineStart
        while i < count {
            let x = buffer[i]
            if x == ASCII.lineFeed { line += 1; lineStart = base + i + 1 }
            if x == a && i + 1 < count && buffer[i + 1] == b {
                if let c {
                    if i + 2 < count && buffer[i + 2] == c { return i }
                } else {
                    return i
                }
            }
            i += 1
        }
        line = savedLine
        lineStart = savedLineStart
        return nil
    }

    /// Skips `<!DOCTYPE …>` including an internal subset in brackets. Declarations are not read:
    /// entities they declare are never expanded.
    private mutating func scanDoctype(_ start: Int) -> (Scan, Token?) {
        var p = start
        var quote: UInt8 = 0
        var bracket = 0
        while p < count {
            let b = buffer[p]
            if b == ASCII.lineFeed { line += 1; lineStart = base + p + 1 }
            if quote != 0 {
                if b == quote { quote = 0 }
            } else if b == ASCII.quotationMark || b == ASCII.apostrophe {
                quote = b
            } else if b == ASCII.leftBracket {
                bracket += 1
            } else if b == ASCII.rightBracket {
                bracket -= 1
            } else if b == ASCII.lessThan && p + 3 < count && buffer[p + 1] == ASCII.exclamationMark
                && buffer[p + 2] == ASCII.hyphenMinus && buffer[p + 3] == ASCII.hyphenMinus
            {  // a comment
                guard let end = find(p + 4, ASCII.hyphenMinus, ASCII.hyphenMinus, ASCII.greaterThan) else {
                    return (.needMore, nil)
                }
                p = end + 3
                continue
            } else if b == ASCII.greaterThan && bracket <= 0 {
                pos = p + 1
                return (.done, nil)
            }
            p += 1
        }
        return (.needMore, nil)
    }

    /// Scans a start tag from its name's first byte: the name, each attribute (``scanAttribute(at:index:)``),
    /// `>` or `/>`, then opens the element (``openElement(_:_:colon:attributeCount:selfClosing:end:)``).
    private mutating func scanStartTag(_ nameBegin: Int) throws(InputError) -> (Scan, Token?) {
        var p = nameBegin
        let colon = scanName(&p)
        let nameEndAt = p
        var n = 0
        var selfClose = false
        while true {
            let hadSpace = XMLCharacters.isSpace(buffer[p])
            skipSpace(&p)
            let b = buffer[p]
            if b == ASCII.greaterThan { p += 1; break }
            if b == ASCII.slash {
                if buffer[p + 1] == ASCII.greaterThan { selfClose = true; p += 2; break }
                if p + 1 >= count { return (.needMore, nil) }
                throw hereError(p, "expected '/>' or '>' to end the tag")
            }
            if b == ASCII.nul {
                if p >= count { return (.needMore, nil) }
                throw hereError(p, "NUL byte in a tag: this is binary data, not XML")
            }
            guard XMLCharacters.isNameStartByte(b) else {
                throw hereError(p, "unexpected '\(printable(b))' in the tag <\(string(nameBegin, nameEndAt))>")
            }
            guard hadSpace else { throw hereError(p, "attributes must be separated by white space") }
            guard let next = try scanAttribute(at: p, index: n) else { return (.needMore, nil) }
            p = next
            n += 1
        }
        try openElement(nameBegin, nameEndAt, colon: colon, attributeCount: n, selfClosing: selfClose, end: p)
        return (.done, .startTag)
    }

    /// Moves `p` past the name that starts there; returns the offset of its last `:` (the end of
    /// a namespace prefix), or -1.
    @inline(__always)
    private func scanName(_ p: inout Int) -> Int {
        var colon = -1
        while true {
            let b = buffer[p]
            guard XMLCharacters.isNameByte(b) else { return colon }
            if b == ASCII.colon { colon = p }
            p += 1
        }
    }

    /// Scans `name = "value"` from the name's first byte at `start` and records it as attribute
    /// `index` of the current tag; returns the offset after the closing quote, or `nil` when the
    /// bytes at hand end first.
    @inline(__always)
    private mutating func scanAttribute(at start: Int, index: Int) throws(InputError) -> Int? {
        var p = start
        let attributeLine = line, attributeColumn = base + p - lineStart + 1
        let colon = scanName(&p)
        let nameEnd = p
        skipSpace(&p)
        guard buffer[p] == ASCII.equals else {
            if p >= count { return nil }
            throw hereError(p, "attribute '\(string(start, nameEnd))' has no '=' and value")
        }
        p += 1
        skipSpace(&p)
        let quote = buffer[p]
        guard quote == ASCII.quotationMark || quote == ASCII.apostrophe else {
            if p >= count { return nil }
            throw hereError(p, "the value of attribute '\(string(start, nameEnd))' must be in quotes")
        }
        p += 1
        let valueStart = p
        var reference = false
        while true {
            let c = buffer[p]
            if c == quote { break }
            if c == ASCII.lineFeed {
                line += 1; lineStart = base + p + 1
            } else if c == ASCII.ampersand {
                reference = true
            } else if c == ASCII.lessThan {
                throw hereError(p, "'<' is not allowed in an attribute value")
            } else if c == ASCII.nul {
                if p >= count { return nil }
                throw hereError(p, "NUL byte in an attribute value: this is binary data, not XML")
            }
            p += 1
            if p - valueStart > limits.maxAttributeBytes {
                throw error(
                    "the value of attribute '\(string(start, nameEnd))' is longer than \(limits.maxAttributeBytes) bytes (the reader's limit)",
                    line: attributeLine, column: attributeColumn)
            }
        }
        try checkNewAttribute(
            nameStart: start, nameEnd: nameEnd, index: index, line: attributeLine, column: attributeColumn)
        if index == attributes.count { attributes.append(Attribute()) }
        attributes[index] = Attribute(
            nameStart: start, nameEnd: nameEnd, localStart: colon >= 0 ? colon + 1 : start,
            valueStart: valueStart, valueEnd: p, hasReference: reference,
            line: attributeLine, column: attributeColumn)
        return p + 1
    }

    /// Checks that a tag's attribute `index` has a name unlike the ones before it (XML 1.0 §3.1,
    /// "Unique Att Spec") and stays within the limit on attributes.
    @inline(__always)
    private func checkNewAttribute(nameStart: Int, nameEnd: Int, index: Int, line: Int, column: Int) throws(InputError)
    {
        let nameLength = nameEnd - nameStart
        for k in 0..<index {
            let other = attributes[k]
            if other.nameEnd - other.nameStart == nameLength
                && memcmp(buffer + other.nameStart, buffer + nameStart, nameLength) == 0
            {
                throw error("duplicate attribute '\(string(nameStart, nameEnd))'", line: line, column: column)
            }
        }
        guard index < limits.maxAttributes else {
            throw error("more than \(limits.maxAttributes) attributes on one element (the reader's limit)")
        }
    }

    /// Makes the scanned start tag the current token and pushes its name on the stack of open
    /// elements, after the checks on the root element and the nesting limit; `end` is the offset
    /// after the tag.
    @inline(__always)
    private mutating func openElement(
        _ nameBegin: Int, _ nameEndAt: Int, colon: Int, attributeCount n: Int,
        selfClosing selfClose: Bool, end p: Int
    ) throws(InputError) {
        if stackEnds.isEmpty {
            if rootClosed {
                throw error("a second root element <\(string(nameBegin, nameEndAt))>: an XML document has exactly one")
            }
            rootSeen = true
        }
        guard stackEnds.count < limits.maxDepth else {
            throw error("elements are nested more than \(limits.maxDepth) deep (the reader's limit)")
        }
        nameStart = nameBegin
        nameEnd = nameEndAt
        localStart = colon >= 0 ? colon + 1 : nameBegin
        attributeCount = n
        selfClosing = selfClose
        pos = p
        let length = nameEndAt - nameBegin
        if stackLength + length > stackBytes.count {
            stackBytes.append(contentsOf: repeatElement(0, count: stackLength + length - stackBytes.count + 64))
        }
        let at = stackLength
        stackBytes.withUnsafeMutableBufferPointer { stack in
            (stack.baseAddress! + at).update(from: buffer + nameBegin, count: length)
        }
        stackLength += length
        stackEnds.append(stackLength)
        if selfClose { pendingEnd = true }
    }

    private mutating func scanEndTag(_ nameBegin: Int) throws(InputError) -> (Scan, Token?) {
        var p = nameBegin
        let colon = scanName(&p)
        let nameEndAt = p
        skipSpace(&p)
        guard buffer[p] == ASCII.greaterThan else {
            if p >= count { return (.needMore, nil) }
            throw hereError(p, "expected '>' to end the closing tag </\(string(nameBegin, nameEndAt))>")
        }
        let length = nameEndAt - nameBegin
        guard let top = stackEnds.last else {
            throw error("closing tag </\(string(nameBegin, nameEndAt))> without an open element")
        }
        let topStart = stackEnds.count > 1 ? stackEnds[stackEnds.count - 2] : 0
        let matched =
            top - topStart == length
            && stackBytes.withUnsafeBufferPointer {
                memcmp($0.baseAddress! + topStart, buffer + nameBegin, length) == 0
            }
        guard matched else {
            let open = String(decoding: stackBytes[topStart..<top], as: UTF8.self)
            throw error("closing tag </\(string(nameBegin, nameEndAt))> does not match the open element <\(open)>")
        }
        nameStart = nameBegin
        nameEnd = nameEndAt
        localStart = colon >= 0 ? colon + 1 : nameBegin
        pos = p + 1
        popElement()
        return (.done, .endTag)
    }

    private mutating func popElement() {
        stackEnds.removeLast()
        stackLength = stackEnds.last ?? 0
        if stackEnds.isEmpty { rootClosed = true }
    }

    // MARK: - Values

    /// Appends the decoded text of the current text token to `output`.
    func appendText(to output: inout [UInt8]) throws(InputError) {
        if !textHasReference {
            output.append(contentsOf: bytes(textStart, textEnd))
        } else if let problem = XMLCharacters.decode(bytes(textStart, textEnd), into: &output) {
            throw error(problem.message)
        }
    }

    /// The decoded value of attribute `k` of the current start tag.
    func attributeValue(_ k: Int) throws(InputError) -> String {
        let a = attributes[k]
        if !a.hasReference { return string(a.valueStart, a.valueEnd) }
        var out: [UInt8] = []
        if let problem = XMLCharacters.decode(bytes(a.valueStart, a.valueEnd), into: &out) {
            throw error(problem.message, line: a.line, column: a.column)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the local name of the current tag equals `name`.
    @inline(__always)
    func localNameIs(_ name: StaticString) -> Bool {
        let n = name.utf8CodeUnitCount
        return nameEnd - localStart == n && memcmp(buffer + localStart, name.utf8Start, n) == 0
    }

    @inline(__always)
    func attributeLocalNameIs(_ k: Int, _ name: StaticString) -> Bool {
        let a = attributes[k]
        let n = name.utf8CodeUnitCount
        return a.nameEnd - a.localStart == n && memcmp(buffer + a.localStart, name.utf8Start, n) == 0
    }

    func attributeLocation(_ k: Int) -> SourceLocation {
        SourceLocation(file: file, line: attributes[k].line, column: attributes[k].column)
    }
}
