import GeoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How the globe is cut into cells about `cellSizeMeters` on a side.
///
/// Rows are bands of latitude one cell high. Each row is cut into as many columns as fit at
/// its poleward edge, so every cell is at least a cell wide and rows near a pole have few
/// columns (one at the pole itself). Row and column are monotone in latitude and longitude,
/// which is what lets a stop's bounding box name every cell a point of the stop can fall in.
/// The same scheme as a numpy grid hash join (the peer of `Benchmarks/peers`), in metres.
///
/// Only the rows of a band of latitude (where an index's fences are) keep their column counts
/// in a table; any other row's are computed when asked for. A table of the whole globe has
/// 800 000 rows at the 25 m cell of a city race: building it took about 10 ms and 13 MB for
/// every index, however few its fences.
@usableFromInline
struct GridLayout: Sendable {
    @usableFromInline let cellSizeMeters: Meters
    @usableFromInline let rowsPerDegree: Double
    /// Rows of the whole globe.
    @usableFromInline let rowCount: Int
    /// The first row of the band the tables cover.
    @usableFromInline let firstTableRow: Int
    /// Per row of the band: columns per degree of longitude, and the column count.
    @usableFromInline let columnsPerDegree: [Double]
    @usableFromInline let columnCount: [Int32]

    /// The layout of cells about `cellSizeMeters` on a side, with tables for the rows from
    /// `latitudes.lowerBound` to `latitudes.upperBound` (the whole globe by default).
    init(cellSizeMeters: Meters, latitudes: ClosedRange<Degrees> = -90...90) {
        precondition(cellSizeMeters.isFinite && cellSizeMeters > 0)
        self.cellSizeMeters = cellSizeMeters
        let rowHeight = cellSizeMeters / Earth.metersPerDegree
        let rows = max(1, Int((180 / rowHeight).rounded(.up)))
        rowCount = rows
        rowsPerDegree = Double(rows) / 180
        let first = min(Int((max(-90, latitudes.lowerBound) + 90) * rowsPerDegree), rows - 1)
        let last = min(Int((min(90, latitudes.upperBound) + 90) * rowsPerDegree), rows - 1)
        firstTableRow = first
        var perDegree: [Double] = [], counts: [Int32] = []
        perDegree.reserveCapacity(max(0, last - first + 1))
        counts.reserveCapacity(max(0, last - first + 1))
        for row in first...max(first, last) {
            let count = Self.columns(ofRow: row, rowsPerDegree: rowsPerDegree, cellSizeMeters: cellSizeMeters)
            counts.append(Int32(count))
            perDegree.append(Double(count) / 360)
        }
        columnsPerDegree = perDegree
        columnCount = counts
    }

    /// The column count of a row: as many cells as fit along its poleward edge, at least one.
    @usableFromInline
    static func columns(ofRow row: Int, rowsPerDegree: Double, cellSizeMeters: Meters) -> Int {
        let lower = -90 + Double(row) / rowsPerDegree
        let upper = -90 + Double(row + 1) / rowsPerDegree
        let poleward = min(90, max(abs(lower), abs(upper)))
        let circumference = 360 * cos(poleward * Earth.radiansPerDegree) * Earth.metersPerDegree
        return max(1, min(Int(Int32.max), Int(circumference / cellSizeMeters)))
    }

    /// Columns per degree of longitude and the column count of `row`: from the table inside
    /// the band, computed outside it.
    @inlinable @inline(__always)
    func columns(ofRow row: Int) -> (perDegree: Double, count: Int) {
        let i = row &- firstTableRow
        if i >= 0 && i < columnCount.count { return (columnsPerDegree[i], Int(columnCount[i])) }
        let count = Self.columns(ofRow: row, rowsPerDegree: rowsPerDegree, cellSizeMeters: cellSizeMeters)
        return (Double(count) / 360, count)
    }

    /// The row of a latitude in [−90, 90].
    @inlinable @inline(__always)
    func row(latitude: Degrees) -> Int {
        min(Int((latitude + 90) * rowsPerDegree), rowCount - 1)
    }

    /// The column of a longitude in [−180, 180] within `row`.
    @inlinable @inline(__always)
    func column(longitude: Degrees, row: Int) -> Int {
        column(longitude: longitude, columns(ofRow: row))
    }

    /// The column of a longitude in [−180, 180] in a row of `columns` (``columns(ofRow:)``).
    @inlinable @inline(__always)
    func column(longitude: Degrees, _ columns: (perDegree: Double, count: Int)) -> Int {
        min(Int((longitude + 180) * columns.perDegree), columns.count - 1)
    }

    /// Whether `box` neither wraps nor touches ±180°: then each row's cells are one interval of
    /// columns, the common case ``cellCount(in:limit:)``, ``forEachCell(in:_:)`` and the index's
    /// candidate walk take first.
    @inline(__always)
    static func isClearOfAntimeridian(_ box: GeoBoundingBox) -> Bool {
        !box.crossesAntimeridian && !box.spansAllLongitudes && box.west > -180 && box.east < 180
    }

    @inlinable @inline(__always)
    static func key(row: Int, column: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: row) << 32 | UInt64(truncatingIfNeeded: column)
    }

    /// How many cells ``forEachCell(in:_:)`` would visit for `box`, counting no further than
    /// `limit` (so a box around the whole globe costs one pass over its rows, not its cells).
    func cellCount(in box: GeoBoundingBox, limit: Int) -> Int {
        var total = 0
        for r in row(latitude: box.south)...row(latitude: box.north) {
            if Self.isClearOfAntimeridian(box) {
                let columns = columns(ofRow: r)
                total += column(longitude: box.east, columns) - column(longitude: box.west, columns) + 2
            } else if box.spansAllLongitudes {
                total += columns(ofRow: r).count
            } else if box.crossesAntimeridian {
                total +=
                    column(longitude: 180, row: r) - column(longitude: box.west, row: r)
                    + column(longitude: box.east, row: r) + 4
            } else {
                total += column(longitude: box.east, row: r) - column(longitude: box.west, row: r) + 2
            }
            if total > limit { return total }
        }
        return total
    }

    /// Every cell key a point inside `box` can fall in, each once, row by row. The ±180°
    /// meridian belongs to the first and the last column alike, so a range that touches it
    /// registers both. Allocates nothing.
    func forEachCell(in box: GeoBoundingBox, _ body: (UInt64) -> Void) {
        let firstRow = row(latitude: box.south), lastRow = row(latitude: box.north)
        if Self.isClearOfAntimeridian(box) {
            for r in firstRow...lastRow {
                let columns = columns(ofRow: r)
                for c in column(longitude: box.west, columns)...column(longitude: box.east, columns) {
                    body(Self.key(row: r, column: c))
                }
            }
            return
        }
        // A row's columns are the union of at most four intervals: one per longitude range
        // (two across the antimeridian) and the two edge columns of the ±180° meridian.
        withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: 4) { intervals in
            for r in firstRow...lastRow {
                let count = columns(ofRow: r).count
                if box.spansAllLongitudes {
                    for c in 0..<count { body(Self.key(row: r, column: c)) }
                    continue
                }
                var n = 0
                func add(_ lower: Degrees, _ upper: Degrees) {
                    intervals[n] = (column(longitude: lower, row: r), column(longitude: upper, row: r)); n += 1
                    if lower <= -180 { intervals[n] = (count - 1, count - 1); n += 1 }
                    if upper >= 180 { intervals[n] = (0, 0); n += 1 }
                }
                if box.crossesAntimeridian {
                    add(box.west, 180)
                    add(-180, box.east)
                } else {
                    add(box.west, box.east)
                }
                // Insertion sort by start, then emit the merged union.
                for i in 1..<max(n, 1) {
                    var j = i
                    while j > 0 && intervals[j - 1].0 > intervals[j].0 { intervals.swapAt(j - 1, j); j -= 1 }
                }
                var next = Int.min
                for i in 0..<n {
                    let (first, last) = intervals[i]
                    var c = max(first, next)
                    while c <= last { body(Self.key(row: r, column: c)); c += 1 }
                    next = max(next, last + 1)
                }
            }
        }
    }
}
