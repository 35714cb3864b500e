/// Groups the (cell key, fence) pairs of an index being built by cell: the cells in increasing
/// key order, each with its run of fences in the order the pairs came (fence order, as the
/// index's runs need).
///
/// Each cell is numbered within the rectangle of rows and columns the pairs span (row-major, so
/// in key order), and the pairs are sorted by that number with a least-significant-digit radix
/// sort, stable, of as few passes of at most 16 bits as the rectangle needs: two of 12 bits for
/// a country's stops on a 135 m grid, one for a city's. Written by hand because the standard
/// library's comparison sort was most of the time of building an index (docs/architecture.md).
enum CellGrouping {
    /// The cells, their runs in `entries`, the fences of every run, one after another, and the
    /// rectangle of rows and columns the cells span (no cells when there are none).
    struct Runs {
        var keys: [UInt64] = []
        var runs: [Range<UInt32>] = []
        var entries = ContiguousArray<Int32>()
        var bounds = CellRectangle.Bounds.empty
    }

    /// Groups `pairs` by key, keeping the order of pairs with equal keys. The pairs' storage is
    /// sorted in place when the caller hands it over.
    static func group(_ pairs: consuming [(key: UInt64, fence: Int32)]) -> Runs {
        guard let first = pairs.first else { return Runs() }
        var rows = (low: first.key >> 32, high: first.key >> 32)
        var columns = (low: first.key & 0xFFFF_FFFF, high: first.key & 0xFFFF_FFFF)
        pairs.withUnsafeBufferPointer { pairs in
            for pair in pairs {
                let row = pair.key >> 32, column = pair.key & 0xFFFF_FFFF
                rows = (min(rows.low, row), max(rows.high, row))
                columns = (min(columns.low, column), max(columns.high, column))
            }
        }
        let bounds = CellRectangle.Bounds(
            firstRow: Int(rows.low), firstColumn: Int(columns.low), rowCount: Int(rows.high - rows.low + 1),
            columnCount: Int(columns.high - columns.low + 1))
        // Rows and columns are below 2³¹, so the largest number is below 2⁶².
        let largest = UInt64(bounds.outside - 1)
        let bits = UInt64.bitWidth - largest.leadingZeroBitCount
        let passes = max(1, (bits + 15) / 16)
        let digitBits = max(1, (bits + passes - 1) / passes)

        var keys: [UInt64] = [], runs: [Range<UInt32>] = []
        keys.reserveCapacity(pairs.count)
        runs.reserveCapacity(pairs.count)
        // The pairs become (cell number, fence) and are sorted back and forth between their
        // own storage and a spare buffer.
        let spare = UnsafeMutableBufferPointer<(key: UInt64, fence: Int32)>.allocate(capacity: pairs.count)
        defer { spare.deallocate() }
        let entries = pairs.withUnsafeMutableBufferPointer { own in
            for i in own.indices {
                let key = own[i].key
                own[i].key = UInt64(bounds.number(row: Int(key >> 32), column: Int(key & 0xFFFF_FFFF)))
            }
            var (source, target) = (own, spare)
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 1 << digitBits) { offsets in
                for pass in 0..<passes {
                    place(
                        from: UnsafeBufferPointer(source), to: target, shift: UInt64(pass * digitBits), offsets: offsets
                    )
                    swap(&source, &target)
                }
            }
            let sorted = source
            return ContiguousArray<Int32>(unsafeUninitializedCapacity: sorted.count) { entries, initialized in
                var start = 0
                for i in sorted.indices {
                    entries[i] = sorted[i].fence
                    let cell = Int(sorted[i].key)
                    if i &+ 1 == sorted.count || sorted[i &+ 1].key != sorted[i].key {
                        keys.append(
                            GridLayout.key(
                                row: bounds.firstRow + cell / bounds.columnCount,
                                column: bounds.firstColumn + cell % bounds.columnCount))
                        runs.append(UInt32(start)..<UInt32(i &+ 1))
                        start = i &+ 1
                    }
                }
                initialized = sorted.count
            }
        }
        return Runs(keys: keys, runs: runs, entries: entries, bounds: bounds)
    }

    /// One stable counting pass on the digit at `shift` (as many bits as `offsets` has
    /// buckets): counts, then each pair to its place.
    private static func place(
        from source: UnsafeBufferPointer<(key: UInt64, fence: Int32)>,
        to target: UnsafeMutableBufferPointer<(key: UInt64, fence: Int32)>, shift: UInt64,
        offsets: UnsafeMutableBufferPointer<Int>
    ) {
        let mask = UInt64(offsets.count - 1)
        offsets.initialize(repeating: 0)
        for pair in source { offsets[Int(truncatingIfNeeded: (pair.key >> shift) & mask)] &+= 1 }
        var next = 0
        for digit in offsets.indices {
            let count = offsets[digit]
            offsets[digit] = next
            next &+= count
        }
        for pair in source {
            let digit = Int(truncatingIfNeeded: (pair.key >> shift) & mask)
            target[offsets[digit]] = pair
            offsets[digit] &+= 1
        }
    }
}
