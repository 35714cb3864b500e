import RaceKitCore

extension PositionsCSV {
    /// Reads a positions file in parts on `threads` threads at once: the table and the errors of
    /// ``read(path:)``, sooner.
    /// - Throws: `InputError`, exactly as ``read(path:)``.
    public static func read(path: String, threads: Int) throws(InputError) -> PositionTable {
        try FileBytes.withMapped(path) { bytes throws(InputError) in try parse(bytes, file: path, threads: threads) }
    }

    /// Parses positions from bytes split at line starts into a few parts per thread, read on
    /// `threads` threads at once (each taking the next part, `ParallelJobs`), then joined: the
    /// table ``parse(_:file:)`` makes (`==`), participants numbered in order of first appearance
    /// in the whole file, times checked across the parts' seams.
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
        guard var read = try readChunks(buffer, file: file, threads: threads, keepsAllFields: true) else { return nil }
        return PositionChunk.join(read.chunks, rows: &read.rows, bytes: buffer, headerLine: read.headerLine)
    }

    /// Reads the coordinates of a positions file's fixes in parts on `threads` threads, and nothing
    /// else: the latitudes and longitudes of the table ``read(path:)`` makes, in less than half
    /// its memory.
    /// - Throws: `InputError`, exactly as ``read(path:)``: every row is checked all the same.
    public static func readCoordinates(path: String, threads: Int) throws(InputError) -> PositionCoordinates {
        try FileBytes.withMapped(path) { bytes throws(InputError) in
            try parseCoordinates(bytes, file: path, threads: threads)
        }
    }

    /// Parses the coordinates of positions from bytes in parts on `threads` threads: those of the
    /// table ``parse(_:file:)`` makes (`==`).
    /// - Precondition: `threads` ≥ 1.
    /// - Throws: `InputError`, exactly as ``parse(_:file:)``.
    public static func parseCoordinates(_ bytes: [UInt8], file: String, threads: Int) throws(InputError)
        -> PositionCoordinates
    {
        try bytes.withUnsafeBufferPointer { buffer throws(InputError) in
            try parseCoordinates(buffer, file: file, threads: threads)
        }
    }

    /// ``parseCoordinates(_:file:threads:)`` on the bytes `buffer` points to.
    static func parseCoordinates(_ buffer: UnsafeBufferPointer<UInt8>, file: String, threads: Int)
        throws(InputError) -> PositionCoordinates
    {
        if let coordinates = try coordinatesInChunks(buffer, file: file, threads: threads) { return coordinates }
        return PositionCoordinates(try parse(buffer, file: file).columns)
    }

    /// The chunked read of coordinates alone: as ``parseInChunks(_:file:threads:)``, the
    /// coordinates, a header error, or `nil` when the sequential reader must decide.
    static func coordinatesInChunks(_ bytes: [UInt8], file: String, threads: Int) throws(InputError)
        -> PositionCoordinates?
    {
        try bytes.withUnsafeBufferPointer { buffer throws(InputError) in
            try coordinatesInChunks(buffer, file: file, threads: threads)
        }
    }

    /// ``coordinatesInChunks(_:file:threads:)`` on the bytes `buffer` points to.
    static func coordinatesInChunks(_ buffer: UnsafeBufferPointer<UInt8>, file: String, threads: Int)
        throws(InputError) -> PositionCoordinates?
    {
        guard var read = try readChunks(buffer, file: file, threads: threads, keepsAllFields: false) else { return nil }
        return PositionChunk.joinCoordinates(read.chunks, rows: &read.rows)
    }

    /// Reads the rows of `buffer` in line-aligned parts on `threads` threads at once (a few parts
    /// per thread, `ParallelJobs`), into columns for all of them: the chunks in file order and the
    /// header's line, a header error, or `nil` when a chunk gives up (then the sequential reader
    /// must decide).
    private static func readChunks(
        _ buffer: UnsafeBufferPointer<UInt8>, file: String, threads: Int, keepsAllFields: Bool
    ) throws(InputError) -> (chunks: [PositionChunk], rows: PositionRows, headerLine: Int)? {
        precondition(threads >= 1, "at least one thread reads")
        var text = DelimitedText(file: file, bytes: buffer)
        let hasAccuracy = try text.readHeader(required: header, optional: optionalHeader) == 1
        let start = min(text.offset, buffer.count)
        let ranges = LineAlignedRanges.split(buffer, from: start, into: ParallelJobs.jobCount(threads: threads))
        guard let base = buffer.baseAddress else { return nil }
        // Each chunk writes its rows where the previous chunk's room ends: a row takes a line, so
        // a chunk's line feeds (and a last line without one) bound its rows. The bound is exact
        // for a chunk without blank lines, so joining them moves no rows.
        var lineBounds = [Int](repeating: 0, count: ranges.count)
        lineBounds.withUnsafeMutableBufferPointer { bounds in
            nonisolated(unsafe) let (bounds, base) = (bounds, base)
            ParallelJobs.perform(count: ranges.count, workers: threads) { part in
                let range = ranges[part]
                guard !range.isEmpty else { return bounds[part] = 0 }
                let unterminated = base[range.upperBound - 1] == ASCII.lineFeed ? 0 : 1
                let lineFeeds = LineFeedSearch.count(in: base, from: range.lowerBound, to: range.upperBound)
                bounds[part] = lineFeeds + unterminated
            }
        }
        let capacities = lineBounds
        let firstRows = capacities.reduce(into: [0]) { $0.append($0.last! + $1) }
        var rows = PositionRows(count: firstRows.last!, keepsAllFields: keepsAllFields)
        var chunks: [PositionChunk?] = Array(repeating: nil, count: ranges.count)
        rows.withWriter { writer in
            chunks.withUnsafeMutableBufferPointer { slots in
                // Each job writes only its own slot and its own rows; the file is only read.
                nonisolated(unsafe) let (slots, buffer) = (slots, buffer)
                ParallelJobs.perform(count: ranges.count, workers: threads) { part in
                    slots[part] = PositionChunk.read(
                        buffer, range: ranges[part], hasAccuracy: hasAccuracy, into: writer, first: firstRows[part],
                        capacity: capacities[part])
                }
            }
        }
        var read: [PositionChunk] = []
        for chunk in chunks {
            guard let chunk else { return nil }
            read.append(chunk)
        }
        return (read, rows, text.line)
    }
}
