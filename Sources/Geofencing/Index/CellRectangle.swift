/// The cells of an index as a dense table over the rectangle of rows and columns they span:
/// per cell, row-major (so in key order), where its run of entries starts. A cell's run ends
/// where the next cell's starts, so a lookup is two neighbouring reads, with no hashing and no
/// probing, and the table takes 4 bytes a cell where ``CellTable`` takes 32 to 64 per cell in use.
///
/// A city's stops fill most of their rectangle, and its table is then smaller than the hash
/// table and stays in a core's cache. Stops around the globe, or on both sides of the
/// antimeridian, leave it nearly empty: ``init(keys:runs:entryCount:)`` declines when the
/// rectangle has more than ``cellsPerCellInUse`` cells for every cell in use, and the index
/// keeps the hash table.
@usableFromInline
struct CellRectangle {
    /// Where the rectangle is, and how its cells are numbered.
    let bounds: Bounds
    /// `rowCount · columnCount + 2` run starts: one per cell, then the end of the last run,
    /// twice, so that ``Bounds/outside`` names an empty run.
    let starts: ContiguousArray<UInt32>

    /// The rows and columns of a rectangle of cells, numbered row-major from 0.
    @usableFromInline
    struct Bounds: Sendable {
        @usableFromInline let firstRow: Int
        @usableFromInline let firstColumn: Int
        @usableFromInline let rowCount: Int
        @usableFromInline let columnCount: Int

        /// The number every cell outside the rectangle maps to: its run is empty.
        @usableFromInline var outside: Int { rowCount &* columnCount }

        /// The number of the cell at `row` and `column`, or ``outside`` when the cell is not in
        /// the rectangle.
        @inlinable @inline(__always)
        func number(row: Int, column: Int) -> Int {
            let i = row &- firstRow, j = column &- firstColumn
            let inside =
                UInt(bitPattern: i) < UInt(bitPattern: rowCount) && UInt(bitPattern: j) < UInt(bitPattern: columnCount)
            return inside ? i &* columnCount &+ j : outside
        }
    }

    /// The most cells of the rectangle per cell in use: at 8, the table is at most as large as
    /// the hash table it replaces.
    static let cellsPerCellInUse = 8

    /// The table of cells `keys` (in increasing order) with their runs `runs`, which tile
    /// `0..<entryCount` in that order; `nil` when fewer than one cell in ``cellsPerCellInUse``
    /// of their rectangle is in use.
    init?(keys: [UInt64], runs: [Range<UInt32>], entryCount: Int) {
        guard let first = keys.first, let last = keys.last else { return nil }
        var columns = (low: first & 0xFFFF_FFFF, high: first & 0xFFFF_FFFF)
        for key in keys {
            columns = (min(columns.low, key & 0xFFFF_FFFF), max(columns.high, key & 0xFFFF_FFFF))
        }
        // Keys are sorted by row first: the rows are those of the first and last keys.
        let rows = (low: first >> 32, high: last >> 32)
        // Rows and columns are below 2³¹: the product cannot overflow.
        let width = columns.high - columns.low + 1
        let cells = (rows.high - rows.low + 1) * width
        guard cells <= UInt64(Self.cellsPerCellInUse * keys.count) else { return nil }
        bounds = Bounds(
            firstRow: Int(rows.low), firstColumn: Int(columns.low), rowCount: Int(rows.high - rows.low + 1),
            columnCount: Int(width))

        var starts = ContiguousArray<UInt32>()
        starts.reserveCapacity(Int(cells) + 2)
        for (key, run) in zip(keys, runs) {
            let number = Int(((key >> 32) - rows.low) * width + ((key & 0xFFFF_FFFF) - columns.low))
            // Empty cells before this one start (and end) where its run starts.
            while starts.count <= number { starts.append(run.lowerBound) }
        }
        while starts.count < Int(cells) + 2 { starts.append(UInt32(entryCount)) }
        self.starts = starts
    }
}
