import Dispatch
import RaceKitCore

extension PositionsCSV {
    /// Reads a positions file in `threads` parts at once: the table and the errors of
    /// ``read(path:)``, sooner.
    /// - Throws: `InputError`, exactly as ``read(path:)``.
    public static func read(path: String, threads: Int) throws(InputError) -> PositionTable {
        try FileBytes.withMapped(path) { bytes throws(InputError) in try parse(bytes, file: path, threads: threads) }
    }

    /// Parses positions from bytes split at line starts into `threads` parts, each read on its own
    /// thread, then joined: the table ``parse(_:file:)`` makes (`==`), participants numbered in
    /// order of first appearance in the whole file, times checked across the parts' seams.
    ///
    /// On input the parts do not accept, ``parse(_:file:)`` reads the whole file again, so an
    /// error is the one it reports: the first in file order, with its line and column.
    /// - Precondition: `threads` ≥ 1.
    /// - Throws: `InputError`, exactly as ``parse(_:file:)``.
    public static func parse(_ bytes: [UInt8], file: String, threads: Int) throws(InputError) -> PositionTable {
        try bytes.withUnsafeBufferPointer { buffer throws(InputError) in try parse(buffer, file: file, threads: threads)
        }
    }

    /// ``parse(_:file:threads:)`` on the bytes `buffer` points to.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, file: String, threads: Int) throws(InputError)
        -> PositionTable
    {
        if let table = try parseInChunks(buffer, file: file, threads: threads) { return table }
        return try parse(buffer, file: file)
    }

    /// The chunked read alone: the table, a header error, or `nil` when the rows need the
    /// sequential reader to find their error (or to find that there are none).
    /// - Precondition: `threads` ≥ 1.
    static func parseInChunks(_ bytes: [UInt8], file: String, threads: Int) throws(InputError) -> PositionTable? {
        try bytes.withUnsafeBufferPointer { buffer throws(InputError) in
            try parseInChunks(buffer, file: file, threads: threads)
        }
    }

    /// ``parseInChunks(_:file:threads:)`` on the bytes `buffer` points to.
    static func parseInChunks(_ buffer: UnsafeBufferPointer<UInt8>, file: String, threads: Int) throws(InputError)
        -> PositionTable?
    {
        precondition(threads >= 1, "at least one thread reads")
        var text = DelimitedText(file: file, bytes: buffer)
        let hasAccuracy = try text.readHeader(required: header, optional: optionalHeader) == 1
        let start = min(text.offset, buffer.count)
        let ranges = LineAlignedRanges.split(buffer, from: start, into: threads)
        // The first chunk reserves room for every row: the others are appended to it.
        let reserved = ranges.indices.map { $0 == 0 ? buffer.count - start : ranges[$0].count }
        var chunks: [PositionChunk?] = Array(repeating: nil, count: ranges.count)
        if ranges.count == 1 {
            chunks[0] = PositionChunk.read(
                buffer, range: ranges[0], hasAccuracy: hasAccuracy, reservedBytes: reserved[0])
        } else {
            chunks.withUnsafeMutableBufferPointer { slots in
                // Each iteration writes only its own slot; the file is only read.
                nonisolated(unsafe) let (slots, buffer) = (slots, buffer)
                DispatchQueue.concurrentPerform(iterations: ranges.count) { part in
                    slots[part] = PositionChunk.read(
                        buffer, range: ranges[part], hasAccuracy: hasAccuracy, reservedBytes: reserved[part])
                }
            }
        }
        var read: [PositionChunk] = []
        for part in chunks.indices {
            guard let chunk = chunks[part] else { return nil }
            chunks[part] = nil  // `read` keeps the only reference, so joining grows it in place
            read.append(chunk)
        }
        return PositionChunk.join(&read, bytes: buffer, headerLine: text.line)
    }
}
