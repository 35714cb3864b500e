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
@usableFromInline
struct GridLayout: Sendable {
    @usableFromInline let cellSizeMeters: Meters
    @usableFromInline let rowsPerDegree: Double
    @usableFromInline let rowCount: Int
    /// Per row: columns per degree of longitude, and the column count.
    @usableFromInline let columnsPerDegree: [Double]
    @usableFromInline let columnCount: [Int32]

    init(cellSizeMeters: Meters) {
        precondition(cellSizeMeters.isFinite && cellSizeMeters > 0)
        self.cellSizeMeters = cellSizeMeters
        let rowHeight = cellSizeMeters / Earth.metersPerDegree
        let rows = max(1, Int((180 / rowHeight).rounded(.up)))
        rowCount = rows
        rowsPerDegree = Double(rows) / 180
        var perDegree = [Double](repeating: 0, count: rows)
        var counts = [Int32](repeating: 1, count: rows)
        let k = Earth.radiansPerDegree
        for row in 0..<rows {
            let lower = -90 + Double(row) / rowsPerDegree
            let upper = -90 + Double(row + 1) / rowsPerDegree
            let poleward = min(90, max(abs(lower), abs(upper)))
            let circumference = 360 * cos(poleward * k) * Earth.metersPerDegree
            let columns = max(1, min(Int(Int32.max), Int(circumference / cellSizeMeters)))
            counts[row] = Int32(columns)
            perDegree[row] = Double(columns) / 360
        }
        columnsPerDegree = perDegree
        columnCount = counts
    }

    /// The row of a latitude in [−90, 90].
    @inlinable @inline(__always)
    func row(latitude: Degrees) -> Int {
        min(Int((latitude + 90) * rowsPerDegree), rowCount - 1)
    }

    /// The column of a longitude in [−180, 180] within `row`.
    @inlinable @inline(__always)
    func column(longitude: Degrees, row: Int) -> Int {
        min(Int((longitude + 180) * columnsPerDegree[row]), Int(columnCount[row]) - 1)
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
            if box.spansAllLongitudes {
                total += Int(columnCount[r])
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
        // A row's columns are the union of at most four intervals: one per longitude range
        // (two across the antimeridian) and the two edge columns of the ±180° meridian.
        withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: 4) { intervals in
            for r in firstRow...lastRow {
                let count = Int(columnCount[r])
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
