import GeoCore

/// A spatial index of fences: a uniform grid of cells about ``cellSizeMeters`` on a side over
/// the whole globe, each cell listing the fences whose bounding box touches it.
///
/// A query looks up the one cell of the point and tests its fences exactly, so the index
/// never changes an answer: it equals testing every fence (``Fence/contains(latitude:longitude:)``),
/// bit for bit, at the poles (a pole's rows have one or few columns, and a circle around a
/// pole registers whole rows) and across the antimeridian (a box that crosses it registers
/// both ends of the row).
///
/// A fence whose box would need more than ``maximumCellsPerFence`` cells (a circle of
/// thousands of kilometres, or a coarse fence on a fine grid) is kept on a short list tested
/// by every query instead, so memory stays bounded whatever the fences.
///
/// The index is an immutable value, `Sendable`, and safe to query from many threads at once.
///
/// - Complexity: building is O(fences × cells per fence); a point query is one table lookup
///   (`CellRectangle` or `CellTable`) plus O(fences in the cell).
public struct GridIndex: Sendable {
    /// The fences, in the order given; queries report positions in this array.
    public var fences: [Fence] { storage.fences }
    /// Edge length of a cell in metres (rows are exactly this tall; columns at least this wide).
    public var cellSizeMeters: Meters { storage.layout.cellSizeMeters }

    /// Everything the index holds, in one object: copying the index (into a closure, a
    /// workspace) then costs one reference count, not one per array.
    @usableFromInline let storage: GridStorage

    /// The most cells one fence is registered in; larger fences go on the oversized list.
    public static let maximumCellsPerFence = 4_096

    /// Builds the index.
    /// - Parameters:
    ///   - fences: the fences; at most `Int32.max`.
    ///   - cellSizeMeters: cell edge; `nil` picks ``defaultCellSize(for:)``.
    public init(fences: [Fence], cellSizeMeters: Meters? = nil) {
        self.init(fences: fences, cellSizeMeters: cellSizeMeters, allowsRectangle: true)
    }

    /// Builds the index; with `allowsRectangle` false its cells are always in the hash table,
    /// which lets tests hold both tables to the same answers.
    init(fences: [Fence], cellSizeMeters: Meters?, allowsRectangle: Bool) {
        precondition(fences.count < Int(Int32.max), "too many fences for one index")
        let size = cellSizeMeters ?? Self.defaultCellSize(for: fences)
        // Each box once: it takes a sine, a cosine and an arcsine, and three steps below read it.
        let boxes = fences.map(\.boundingBox)
        // Tables only for the rows the fences reach: the band of their bounding boxes.
        var south = 90.0, north = -90.0
        for box in boxes {
            south = min(south, box.south)
            north = max(north, box.north)
        }
        let layout = GridLayout(cellSizeMeters: size, latitudes: south <= north ? south...north : 0...0)
        var polygons: [PolygonFence] = []
        var probes = ContiguousArray<FenceProbe>()
        probes.reserveCapacity(fences.count)
        for (fence, box) in zip(fences, boxes) {
            var slot: Int32 = -1
            if case .polygon(let polygon) = fence {
                slot = Int32(polygons.count)
                polygons.append(polygon)
            }
            probes.append(FenceProbe(fence, box: box, polygonSlot: slot))
        }

        // Collect (cell, fence) pairs, then group them by cell into runs of `entries`.
        // Counted first (a bound per fence, a row's cells and one more), so the pairs are
        // written once into memory reserved once: growing the array copied them into fresh pages.
        let limit = Self.maximumCellsPerFence
        let counts = boxes.map { layout.cellCount(in: $0, limit: limit) }
        var pairs: [(key: UInt64, fence: Int32)] = []
        pairs.reserveCapacity(counts.reduce(0) { $0 + ($1 > limit ? 0 : $1) })
        var oversized = ContiguousArray<Int32>()
        for (index, box) in boxes.enumerated() {
            if counts[index] > limit {
                oversized.append(Int32(index))
            } else {
                layout.forEachCell(in: box) { pairs.append(($0, Int32(index))) }
            }
        }
        let cells = CellGrouping.group(consume pairs)
        storage = GridStorage(
            fences: fences, layout: layout, cells: cells, allowsRectangle: allowsRectangle, probes: probes,
            polygons: polygons, oversized: oversized)
        #if RACEKIT_INVARIANTS
        checkInvariants()
        #endif
    }

    /// The cell edge used when none is given: twice the median bounding radius, within
    /// 25 m … 20 km. Measured on the generated city workloads (see Benchmarks/):
    /// smaller cells mean fewer candidates per query but more cells per fence.
    public static func defaultCellSize(for fences: [Fence]) -> Meters {
        guard !fences.isEmpty else { return 1000 }
        let radii = fences.map { $0.boundingCircle.radiusMeters }.sorted()
        return min(20_000, max(25, 2 * radii[radii.count / 2]))
    }

    /// Whether fence `fence` contains the point: the circle fast path, or the polygon test.
    @inlinable @inline(__always)
    func probe(_ fence: Int, latitude: Double, longitude: Double) -> Bool {
        let probes = storage.probes
        let slot = probes[fence].polygonSlot
        if slot < 0 { return probes[fence].circleContains(latitude: latitude, longitude: longitude) }
        return storage.polygons[Int(slot)].contains(latitude: latitude, longitude: longitude)
    }

    /// Number of non-empty cells.
    public var cellCount: Int { storage.cellsInUse }
    /// Number of (cell, fence) entries: the index's size.
    public var entryCount: Int { storage.entries.count }
    /// Number of fences on the oversized list (tested by every query).
    public var oversizedCount: Int { storage.oversized.count }
}
