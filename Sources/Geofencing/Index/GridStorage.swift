import GeoCore

/// The contents of a ``GridIndex``: immutable after building, shared by every copy.
///
/// The arrays the queries read (entries, probes, the oversized list, the cell table and the
/// per-row column counts) are kept as buffers this object allocates once, fills in `init` and
/// frees in `deinit`. Reading them then costs no reference counting at all — with arrays, each
/// query retained and released every array (and the arrays inside ``GridLayout`` and
/// ``CellTable``) it touched, about 15 % of the event detector's time.
///
/// Unsafe buffers are used only in a few small audited places; this is one. The audit:
/// - every buffer is allocated and fully initialized in `init`, never written afterwards, and
///   deinitialized and freed exactly once in `deinit`;
/// - the buffers never leave this object except as values read while the object is alive:
///   a ``GridIndex`` holds the object strongly, and every query reads through it;
/// - all indices are checked against the counts where they come from outside (run bounds
///   come from the cell table built over `entries` itself, fence positions from `entries`,
///   which only holds positions below `fences.count`).
/// Immutable after `init`, so safe to share between threads (`@unchecked Sendable`).
@usableFromInline
final class GridStorage: @unchecked Sendable {
    @usableFromInline let fences: [Fence]
    @usableFromInline let layout: GridLayout
    /// Fence positions in cell order; each cell owns one run of this buffer.
    @usableFromInline let entries: UnsafeMutableBufferPointer<Int32>
    @usableFromInline let probes: UnsafeMutableBufferPointer<FenceProbe>
    /// Parallel to `entries`, each entry's fence constants (see ``CellProbe``), and one
    /// ``CellProbe/rejecting`` pad after the last.
    @usableFromInline let cellProbes: UnsafeMutableBufferPointer<CellProbe>
    /// The polygon fences, in order; a probe's `polygonSlot` points here.
    @usableFromInline let polygons: [PolygonFence]
    /// Fences too large to register cell by cell, tested by every query; sorted.
    @usableFromInline let oversized: UnsafeMutableBufferPointer<Int32>
    /// The rectangle's run starts (see ``CellRectangle/starts``; empty for the hash table) and
    /// where it is (no cells for the hash table).
    @usableFromInline let rectangleStarts: UnsafeMutableBufferPointer<UInt32>
    @usableFromInline let rectangle: CellRectangle.Bounds
    /// Whether cells are found in the dense table over their rectangle (``CellRectangle``),
    /// or else in the hash table (``CellTable``).
    @inlinable var usesRectangle: Bool { rectangle.outside > 0 }
    /// The hash table's slots (see ``CellTable``; empty for the rectangle) and its hash shift.
    @usableFromInline let slots: UnsafeMutableBufferPointer<CellTable.Slot>
    @usableFromInline let slotShift: UInt64
    /// The cells with at least one fence.
    let cellsInUse: Int
    /// Per row of ``layout``'s band (from ``firstTableRow``): columns per degree of longitude
    /// and the column count. No fence is registered outside the band.
    @usableFromInline let rows: UnsafeMutableBufferPointer<RowColumns>
    @usableFromInline let firstTableRow: Int
    @usableFromInline let rowCount: Int
    @usableFromInline let rowsPerDegree: Double

    @usableFromInline
    struct RowColumns: Sendable {
        @usableFromInline let perDegree: Double
        @usableFromInline let count: Int
    }

    /// The storage of an index whose cells are `cells`: the dense table over their rectangle
    /// when it is not mostly empty and `allowsRectangle`, else a hash table.
    init(
        fences: [Fence], layout: GridLayout, cells: CellGrouping.Runs, allowsRectangle: Bool,
        probes: ContiguousArray<FenceProbe>, polygons: [PolygonFence], oversized: ContiguousArray<Int32>
    ) {
        let entries = cells.entries
        self.fences = fences
        self.layout = layout
        self.polygons = polygons
        self.entries = Self.copy(entries)
        self.probes = Self.copy(probes)
        // A fence's entries share one probe, worked out once (its error bound takes a sine and a cosine).
        let probePerFence = probes.indices.map { CellProbe(probes[$0], fence: Int32($0)) }
        // Aligned to a cache line: two cell probes fill one, so a pair that starts at an even entry is one line.
        let cellProbes = Self.allocate(CellProbe.self, count: entries.count + 1, alignment: 64)
        for (i, fence) in entries.enumerated() { cellProbes.initializeElement(at: i, to: probePerFence[Int(fence)]) }
        cellProbes.initializeElement(at: entries.count, to: .rejecting)
        self.cellProbes = cellProbes
        self.oversized = Self.copy(oversized)
        cellsInUse = cells.keys.count
        if allowsRectangle, let rectangle = CellRectangle(cells: cells) {
            rectangleStarts = Self.copy(rectangle.starts)
            self.rectangle = rectangle.bounds
            slots = Self.copy(ContiguousArray())
            slotShift = 0
        } else {
            rectangleStarts = Self.copy(ContiguousArray())
            self.rectangle = .empty
            slots = Self.allocate(CellTable.Slot.self, count: CellTable.slotCount(forCells: cells.keys.count))
            slotShift = CellTable.build(into: slots, keys: cells.keys, runs: cells.runs)
        }
        rows = Self.copy(
            ContiguousArray(
                zip(layout.columnsPerDegree, layout.columnCount).map {
                    RowColumns(perDegree: $0, count: Int($1))
                }))
        firstTableRow = layout.firstTableRow
        rowCount = layout.rowCount
        rowsPerDegree = layout.rowsPerDegree
    }

    deinit {
        for buffer in [entries, oversized] { buffer.deinitialize().deallocate() }
        probes.deinitialize().deallocate()
        cellProbes.deinitialize().deallocate()
        slots.deinitialize().deallocate()
        rectangleStarts.deinitialize().deallocate()
        rows.deinitialize().deallocate()
    }

    /// A buffer holding `array`'s elements, at an address that is a multiple of `alignment`
    /// (at least the element's own).
    private static func copy<T>(
        _ array: ContiguousArray<T>, alignment: Int = MemoryLayout<T>.alignment
    ) -> UnsafeMutableBufferPointer<T> {
        let buffer = allocate(T.self, count: array.count, alignment: alignment)
        _ = buffer.initialize(from: array)
        return buffer
    }

    /// An uninitialized buffer of `count` elements at an address that is a multiple of
    /// `alignment` (at least the element's own).
    private static func allocate<T>(
        _: T.Type, count: Int, alignment: Int = MemoryLayout<T>.alignment
    ) -> UnsafeMutableBufferPointer<T> {
        let bytes = UnsafeMutableRawPointer.allocate(
            byteCount: max(count, 1) * MemoryLayout<T>.stride, alignment: max(alignment, MemoryLayout<T>.alignment))
        return UnsafeMutableBufferPointer(start: bytes.bindMemory(to: T.self, capacity: count), count: count)
    }

    /// The row of a latitude in [−90, 90]; the same as ``GridLayout/row(latitude:)``, the
    /// conversion unchecked (a valid latitude keeps it in range).
    @inlinable @inline(__always)
    func row(latitude: Degrees) -> Int {
        min(truncatedInteger((latitude + 90) * rowsPerDegree), rowCount &- 1)
    }

    /// The column of a longitude in [−180, 180] within `row`; the same as ``GridLayout/column(longitude:row:)``.
    @inlinable @inline(__always)
    func column(longitude: Degrees, row: Int) -> Int {
        let i = row &- firstTableRow
        guard i >= 0 && i < rows.count else { return layout.column(longitude: longitude, row: row) }
        let r = rows[i]
        return min(Int((longitude + 180) * r.perDegree), r.count - 1)
    }

    /// The entry run of a cell; empty when the cell has no fences.
    @inlinable @inline(__always)
    func run(of key: UInt64) -> (start: Int, end: Int) {
        if usesRectangle {
            return run(rectangleCell: rectangle.number(row: Int(key >> 32), column: Int(key & 0xFFFF_FFFF)))
        }
        return run(of: key, home: CellTable.home(of: key, shift: slotShift))
    }

    /// The run of the cell holding a point.
    @inlinable @inline(__always)
    func run(latitude: Degrees, longitude: Degrees) -> (start: Int, end: Int) {
        if usesRectangle { return run(rectangleCell: rectangleCell(latitude: latitude, longitude: longitude)) }
        let cell = hashedCell(latitude: latitude, longitude: longitude)
        return run(of: cell.key, home: cell.home)
    }

    /// The row and column of the cell holding a point: the same as ``row(latitude:)`` and
    /// ``column(longitude:row:)``, the conversions unchecked (a valid coordinate keeps them in
    /// range). Outside the band, where no cell has a fence, a row takes the nearest band row's
    /// columns (no branch in the hot loop): the cell it names, in row `row`, has no fences either.
    @inlinable @inline(__always)
    func cellPosition(latitude: Degrees, longitude: Degrees) -> (row: Int, column: Int) {
        let r = row(latitude: latitude)
        let columns = rows[min(max(r &- firstTableRow, 0), rows.count &- 1)]
        return (r, min(truncatedInteger((longitude + 180) * columns.perDegree), columns.count &- 1))
    }

    /// Calls `body` with the key and run of every cell with fences: in key order from the
    /// rectangle, in slot order from the hash table.
    func forEachCell(_ body: (_ key: UInt64, _ start: Int, _ end: Int) -> Void) {
        if usesRectangle {
            for number in 0..<rectangle.outside {
                let run = run(rectangleCell: number)
                guard run.start < run.end else { continue }
                let row = rectangle.firstRow + number / rectangle.columnCount
                let column = rectangle.firstColumn + number % rectangle.columnCount
                body(GridLayout.key(row: row, column: column), run.start, run.end)
            }
        } else {
            for slot in slots where slot.key != CellTable.emptyKey { body(slot.key, Int(slot.start), Int(slot.end)) }
        }
    }

    // MARK: The hash table

    /// The entry run of a cell whose slot probing starts at `home` (its ``CellTable/home(of:shift:)``).
    ///
    /// The home slot decides most lookups, as the cell's or as empty, and which of the two it
    /// is does not branch: an empty slot holds the empty run (``CellTable``), so either slot's
    /// run is the answer. The batch query's positions land in an empty cell about half the
    /// time, so a branch on it would be mispredicted as often. Only a slot holding another
    /// cell's key (a slot in five at this load) goes on probing.
    @inlinable @inline(__always)
    func run(of key: UInt64, home: Int) -> (start: Int, end: Int) {
        let mask = slots.count - 1
        var slot = slots[home]
        if _slowPath(slot.key != key && slot.key != CellTable.emptyKey) {
            var i = home
            repeat {
                i = (i &+ 1) & mask
                slot = slots[i]
            } while slot.key != key && slot.key != CellTable.emptyKey
        }
        return (Int(slot.start), Int(slot.end))
    }

    /// The key of the cell holding a point, and where its slot probing starts.
    @inlinable @inline(__always)
    func hashedCell(latitude: Degrees, longitude: Degrees) -> (key: UInt64, home: Int) {
        let (row, column) = cellPosition(latitude: latitude, longitude: longitude)
        let key = GridLayout.key(row: row, column: column)
        return (key, CellTable.home(of: key, shift: slotShift))
    }

    // MARK: The rectangle

    /// The rectangle's number of the cell holding a point (see ``CellRectangle/Bounds/number(row:column:)``).
    @inlinable @inline(__always)
    func rectangleCell(latitude: Degrees, longitude: Degrees) -> Int {
        let (row, column) = cellPosition(latitude: latitude, longitude: longitude)
        return rectangle.number(row: row, column: column)
    }

    /// The entry run of the rectangle's cell `number`: its start and the next cell's.
    @inlinable @inline(__always)
    func run(rectangleCell number: Int) -> (start: Int, end: Int) {
        (Int(rectangleStarts[number]), Int(rectangleStarts[number &+ 1]))
    }
}
