import CMemoryHints

/// How the batch query finds a point's cell and then its run: in two steps, so that the first
/// can prefetch what the second reads for a whole block of positions before any is read.
///
/// The index holds its cells in one of two tables (``GridStorage/usesRectangle``); the query is
/// written once over this protocol and specialised for each, so the choice costs no branch per
/// position.
@usableFromInline
protocol CellLookup {
    /// What the first step finds for a point.
    associatedtype Cell
    /// The cell holding a valid point; the table memory ``run(of:)`` reads is prefetched.
    func cell(latitude: Double, longitude: Double) -> Cell
    /// The cell's run of entries; empty when it has no fences.
    func run(of cell: Cell) -> (start: Int, end: Int)
}

/// Cells in the hash table (``CellTable``): the key and the slot where probing starts.
@usableFromInline
struct HashedCellLookup: CellLookup {
    @usableFromInline let storage: GridStorage

    @inlinable
    init(_ storage: GridStorage) { self.storage = storage }

    @inlinable @inline(__always)
    func cell(latitude: Double, longitude: Double) -> (key: UInt64, home: Int) {
        let cell = storage.hashedCell(latitude: latitude, longitude: longitude)
        racekit_prefetch_read(UnsafeRawPointer(storage.slots.baseAddress! + cell.home))
        return cell
    }

    @inlinable @inline(__always)
    func run(of cell: (key: UInt64, home: Int)) -> (start: Int, end: Int) {
        storage.run(of: cell.key, home: cell.home)
    }
}

/// Cells in the dense table over their rectangle (``CellRectangle``): the cell's number there.
@usableFromInline
struct RectangleCellLookup: CellLookup {
    @usableFromInline let storage: GridStorage

    @inlinable
    init(_ storage: GridStorage) { self.storage = storage }

    @inlinable @inline(__always)
    func cell(latitude: Double, longitude: Double) -> Int {
        let number = storage.rectangleCell(latitude: latitude, longitude: longitude)
        racekit_prefetch_read(UnsafeRawPointer(storage.rectangleStarts.baseAddress! + number))
        return number
    }

    @inlinable @inline(__always)
    func run(of number: Int) -> (start: Int, end: Int) {
        storage.run(rectangleCell: number)
    }
}
