/// The lines of a UTF-8 text as byte ranges, numbered from 1, without copying them or keeping a
/// list of them, so a reader's memory does not grow with the number of lines: a line ends at
/// "\n", "\r\n" or "\r" (not at the rarer breaks `Character.isNewline` also knows, such as U+2028).
///
/// ```swift
/// var lines = ByteLines(bytes)
/// while let (number, range) = lines.next() { … bytes[range] … }
/// ```
public struct ByteLines: IteratorProtocol {
    /// The whole text.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next line starts.
    public private(set) var offset = 0
    /// The number of the line `next()` returned last (0 before the first).
    public private(set) var number = 0

    /// The lines of `bytes`, from the first.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The next line's number and range, its line end left out; `nil` after the last.
    public mutating func next() -> (number: Int, range: Range<Int>)? {
        guard offset < bytes.count else { return nil }
        let start = offset
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        offset = end
        if offset < bytes.count {
            let crlf = bytes[offset] == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A
            offset += crlf ? 2 : 1
        }
        number += 1
        return (number, start..<end)
    }
}
