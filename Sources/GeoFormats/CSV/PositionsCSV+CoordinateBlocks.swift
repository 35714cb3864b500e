import RaceKitCore

extension PositionsCSV {
    /// Folds one block of fixes into a result: `first` is the row of the block's first fix,
    /// counted from its part's first row (``reduceCoordinateBlocks(path:threads:into:_:merge:)``).
    public typealias CoordinateBlockFold<Result> = (
        _ result: inout Result, _ first: Int, _ latitudes: UnsafeBufferPointer<Double>,
        _ longitudes: UnsafeBufferPointer<Double>
    ) -> Void

    /// The most fixes a block of ``reduceCoordinateBlocks(path:threads:into:_:merge:)`` holds:
    /// two columns of 32 KiB, which stay in the second-level cache while the block is folded.
    public static let coordinateBlockRows = 4_096

    /// Folds the coordinates of a positions file into a result block by block, as they are read,
    /// in line-aligned parts on `threads` threads at once: what ``readCoordinates(path:threads:)``
    /// followed by a fold over its columns gives, without ever holding the file's fixes in memory.
    ///
    /// Each part starts from `initial` and `add`s its blocks in file order; the parts' results are
    /// then `merge`d in file order. A result that does not depend on where the blocks and parts
    /// begin (counts, sums, rows rebased by `rowsBefore`) is therefore the same for every thread
    /// count, and the same as one fold over the whole file.
    ///
    /// Every row is checked as ``read(path:)`` checks it. When a part meets a row its fast path
    /// does not accept, the sequential reader reads the whole file and reports the first error
    /// with its line and column; if it finds none, the fold runs again over the table it read.
    /// - Parameters:
    ///   - path: the positions file.
    ///   - threads: how many threads read and fold parts at once (at least 1); the file is cut into
    ///     a few parts per thread (`ParallelJobs`), each thread taking the next.
    ///   - initial: the result of no fixes, where each part starts.
    ///   - add: folds one block into a part's result. `first` is the row of the block's first fix
    ///     counted from the part's first row; the block holds at most ``coordinateBlockRows``
    ///     fixes. It runs on several threads at once, each with its own result: it may only read
    ///     shared state, and its work is thrown away when the sequential reader has to decide.
    ///   - merge: adds a later part's result to the results so far; `rowsBefore` is the file row
    ///     (counted from 0 after the header) of the part's first fix.
    /// - Returns: the merged result and the number of fixes in the file.
    /// - Throws: `InputError`, exactly as ``read(path:)``.
    public static func reduceCoordinateBlocks<Result>(
        path: String, threads: Int, into initial: Result,
        _ add: CoordinateBlockFold<Result>,
        merge: (inout Result, Result, _ rowsBefore: Int) -> Void
    ) throws(InputError) -> (result: Result, rows: Int) {
        try FileBytes.withMapped(path) { bytes throws(InputError) in
            try reduceCoordinateBlocks(bytes, file: path, threads: threads, into: initial, add, merge: merge)
        }
    }

    /// ``reduceCoordinateBlocks(path:threads:into:_:merge:)`` on bytes in memory.
    /// - Precondition: `threads` ≥ 1.
    /// - Throws: `InputError`, exactly as ``parse(_:file:)``.
    public static func reduceCoordinateBlocks<Result>(
        _ bytes: [UInt8], file: String, threads: Int, into initial: Result,
        _ add: CoordinateBlockFold<Result>,
        merge: (inout Result, Result, _ rowsBefore: Int) -> Void
    ) throws(InputError) -> (result: Result, rows: Int) {
        try bytes.withUnsafeBufferPointer { buffer throws(InputError) in
            try reduceCoordinateBlocks(buffer, file: file, threads: threads, into: initial, add, merge: merge)
        }
    }

    /// ``reduceCoordinateBlocks(path:threads:into:_:merge:)`` on the bytes `buffer` points to.
    static func reduceCoordinateBlocks<Result>(
        _ buffer: UnsafeBufferPointer<UInt8>, file: String, threads: Int, into initial: Result,
        _ add: CoordinateBlockFold<Result>,
        merge: (inout Result, Result, Int) -> Void
    ) throws(InputError) -> (result: Result, rows: Int) {
        precondition(threads >= 1, "at least one thread reads")
        var text = DelimitedText(file: file, bytes: buffer)
        let hasAccuracy = try text.readHeader(required: header, optional: optionalHeader) == 1
        let ranges = LineAlignedRanges.split(
            buffer, from: min(text.offset, buffer.count), into: ParallelJobs.jobCount(threads: threads))
        var parts: [(chunk: PositionChunk, result: Result)?] = Array(repeating: nil, count: ranges.count)
        parts.withUnsafeMutableBufferPointer { slots in
            withoutActuallyEscaping(add) { add in
                // Each job writes only its own slot; the file and `initial` are only read, and `add`
                // promises to read shared state only.
                nonisolated(unsafe) let (slots, buffer, add, initial) = (slots, buffer, add, initial)
                ParallelJobs.perform(count: ranges.count, workers: threads) { part in
                    slots[part] = foldBlocks(
                        buffer, range: ranges[part], hasAccuracy: hasAccuracy, into: initial, add)
                }
            }
        }
        var chunks: [PositionChunk] = []
        var results: [Result] = []
        for part in parts {
            guard let part else { return try foldSequentially(buffer, file: file, into: initial, add) }
            chunks.append(part.chunk)
            results.append(part.result)
        }
        guard PositionChunk.joinedRowCount(chunks) != nil else {
            return try foldSequentially(buffer, file: file, into: initial, add)
        }
        var total = results[0]
        var rowsBefore = chunks[0].count
        for (chunk, result) in zip(chunks, results).dropFirst() {
            merge(&total, result, rowsBefore)
            rowsBefore += chunk.count
        }
        return (total, rowsBefore)
    }

    /// Reads the part of the file in `range` block by block, folding each block into a result
    /// that starts from `initial`; `nil` as soon as a row is not one the chunked reader accepts.
    private static func foldBlocks<Result>(
        _ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, hasAccuracy: Bool, into initial: Result,
        _ add: CoordinateBlockFold<Result>
    ) -> (chunk: PositionChunk, result: Result)? {
        let capacity = coordinateBlockRows
        let latitudes = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
        let longitudes = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
        // Only the coordinates are written: the other columns need room for one row.
        let unusedTimes = UnsafeMutablePointer<Double>.allocate(capacity: 2)
        let unusedIntegers = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        defer {
            latitudes.deallocate()
            longitudes.deallocate()
            unusedTimes.deallocate()
            unusedIntegers.deallocate()
        }
        let block = PositionRows.Writer(
            keepsAllFields: false, participant: unusedIntegers, time: unusedTimes, latitude: latitudes,
            longitude: longitudes, accuracy: unusedTimes + 1, line: unusedIntegers + 1)
        var chunk = PositionChunk(range: range, first: 0)
        var result = initial
        while !chunk.isRead {
            let first = chunk.count
            guard let count = chunk.readRows(buffer, hasAccuracy: hasAccuracy, into: block, limit: capacity) else {
                return nil
            }
            if count > 0 {
                add(
                    &result, first, UnsafeBufferPointer(start: latitudes, count: count),
                    UnsafeBufferPointer(start: longitudes, count: count))
            }
        }
        return (chunk, result)
    }

    /// The sequential reader's verdict on the whole file: its error, or the fold of the table it
    /// read, in blocks as the chunked path folds them, as one part.
    private static func foldSequentially<Result>(
        _ buffer: UnsafeBufferPointer<UInt8>, file: String, into initial: Result,
        _ add: CoordinateBlockFold<Result>
    ) throws(InputError) -> (result: Result, rows: Int) {
        let columns = try parse(buffer, file: file).columns
        var result = initial
        columns.latitude.withUnsafeBufferPointer { latitudes in
            columns.longitude.withUnsafeBufferPointer { longitudes in
                for first in stride(from: 0, to: latitudes.count, by: coordinateBlockRows) {
                    let rows = first..<min(first + coordinateBlockRows, latitudes.count)
                    add(
                        &result, first, UnsafeBufferPointer(rebasing: latitudes[rows]),
                        UnsafeBufferPointer(rebasing: longitudes[rows]))
                }
            }
        }
        return (result, columns.count)
    }
}
