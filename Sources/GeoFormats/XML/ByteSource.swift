import RaceKitCore
import SystemPackage

/// Where a streaming reader gets its bytes: a file read in chunks or bytes already in memory,
/// possibly transcoded to UTF-8 on the way (UTF-16 and ISO-8859-1 input).
///
/// `read(into:)` fills at most `buffer.count` bytes and returns how many it wrote; 0 means the end.
protocol ByteSource: AnyObject {
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int
}

/// A file read with `read(2)` in the caller's chunks: memory stays bounded whatever its size.
final class FileByteSource: ByteSource {
    private let file: FileDescriptor
    private let path: String

    init(path: String) throws(InputError) {
        self.path = path
        do { file = try FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec) } catch {
            throw InputError(SourceLocation(file: path), "cannot open the file: \(error)")
        }
        guard (try? file.stat().type) == .regular else {
            try? file.close()
            throw InputError(SourceLocation(file: path), "is not a regular file")
        }
    }

    deinit { try? file.close() }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        // `read(into:)` retries interrupted reads itself.
        do { return try file.read(into: buffer) } catch {
            throw InputError(SourceLocation(file: path), "cannot read the file: \(error)")
        }
    }
}

/// Bytes in memory, handed out in chunks like a file.
final class MemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        let n = min(buffer.count, bytes.count - offset)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: n)
        }
        offset += n
        return n
    }
}

/// A source that puts back bytes it has already taken (what encoding detection peeked at).
final class PrefixedByteSource: ByteSource {
    private var prefix: [UInt8]
    private var prefixOffset = 0
    private let base: ByteSource

    init(prefix: [UInt8], base: ByteSource) {
        self.prefix = prefix
        self.base = base
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        if prefixOffset < prefix.count {
            let n = min(buffer.count, prefix.count - prefixOffset)
            prefix.withUnsafeBytes { source in
                buffer.baseAddress!.copyMemory(from: source.baseAddress! + prefixOffset, byteCount: n)
            }
            prefixOffset += n
            if prefixOffset == prefix.count { prefix = []; prefixOffset = Int.max }
            return n
        }
        return try base.read(into: buffer)
    }
}

/// UTF-16 (either byte order) or ISO-8859-1 transcoded to UTF-8 chunk by chunk. Unpaired
/// surrogates become U+FFFD, as XML 1.0 forbids them anyway.
final class TranscodingByteSource: ByteSource {
    enum Encoding { case utf16LittleEndian, utf16BigEndian, latin1 }

    private let base: ByteSource
    private let encoding: Encoding
    private let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
    private var rawCount = 0
    private var pendingHighSurrogate: UInt32?
    private var output: [UInt8] = []
    private var outputOffset = 0
    private var ended = false

    init(base: ByteSource, encoding: Encoding) {
        self.base = base
        self.encoding = encoding
    }

    deinit { raw.deallocate() }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        while outputOffset >= output.count {
            if ended { return 0 }
            try refill()
        }
        let n = min(buffer.count, output.count - outputOffset)
        output.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + outputOffset, byteCount: n)
        }
        outputOffset += n
        return n
    }

    private func refill() throws(InputError) {
        output.removeAll(keepingCapacity: true)
        outputOffset = 0
        let n = try base.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[rawCount...]))
        if n == 0 { ended = true }
        rawCount += n
        switch encoding {
        case .latin1:
            for i in 0..<rawCount { append(UInt32(raw[i])) }
            rawCount = 0
        case .utf16LittleEndian, .utf16BigEndian:
            let little = encoding == .utf16LittleEndian
            var i = 0
            while i + 1 < rawCount {
                let unit = little ? UInt32(raw[i]) | UInt32(raw[i + 1]) << 8 : UInt32(raw[i]) << 8 | UInt32(raw[i + 1])
                i += 2
                if let high = pendingHighSurrogate {
                    pendingHighSurrogate = nil
                    if unit >= 0xDC00 && unit < 0xE000 {
                        append(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
                        continue
                    }
                    append(0xFFFD)
                }
                if unit >= 0xD800 && unit < 0xDC00 {
                    pendingHighSurrogate = unit
                } else if unit >= 0xDC00 && unit < 0xE000 {
                    append(0xFFFD)
                } else {
                    append(unit)
                }
            }
            // Keep an odd trailing byte for the next chunk.
            if i < rawCount { raw[0] = raw[i]; rawCount = 1 } else { rawCount = 0 }
            if ended && (rawCount > 0 || pendingHighSurrogate != nil) {
                append(0xFFFD); rawCount = 0; pendingHighSurrogate = nil
            }
        }
    }

    private func append(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            output.append(UInt8(scalar))
        case ..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6)); output.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12)); output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18)); output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F)); output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
