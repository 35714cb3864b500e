/// The cells of an index as a dense table over the rectangle of rows and columns they span:
/// per cell, row-major (so in key order), where its run of entries starts. A cell's run ends
/// where the next cell's starts, so a lookup is two neighbouring reads, with no hashing and no
/// probing, and the table takes 4 bytes a cell where ``CellTable`` takes 32 to 64 per cell in use.
///
/// A city's stops fill most of their rectangle, and its table is then smaller than the hash
/// table and stays in a core's cache. Stops around the globe, or on both sides of the
/// antimeridian, leave it nearly empty: ``init(cells:)`` declines when the
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

        /// No cells: every cell is outside.
        static let empty = Bounds(firstRow: 0, firstColumn: 0, rowCount: 0, columnCount: 0)
    }

    /// The most cells of the rectangle per cell in use: at 8, the table is at most as large as
    /// the hash table it replaces.
    static let cellsPerCellInUse = 8

    /// The table of the grouped `cells`; `nil` when fewer than one cell in
    /// ``cellsPerCellInUse`` of their rectangle is in use.
    init?(cells: CellGrouping.Runs) {
        let count = cells.bounds.outside
        guard !cells.keys.isEmpty, count <= Self.cellsPerCellInUse * cells.keys.count else { return nil }
        bounds = cells.bounds
        var starts = ContiguousArray<UInt32>()
        starts.reserveCapacity(count + 2)
        for (key, run) in zip(cells.keys, cells.runs) {
            let number = bounds.number(row: Int(key >> 32), column: Int(key & 0xFFFF_FFFF))
            // Empty cells before this one start (and end) where its run starts.
            while starts.count <= number { starts.append(run.lowerBound) }
        }
        // The runs tile the entries in key order: the last one ends where they end.
        while starts.count < count + 2 { starts.append(cells.runs.last!.upperBound) }
        self.starts = starts
    }
}
