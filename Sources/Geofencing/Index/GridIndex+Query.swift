import CMemoryHints
import GeoCore

extension GridIndex {
    /// Calls `body` with the position in ``fences`` of every fence that contains the point,
    /// in increasing order. Allocates nothing.
    ///
    /// - Precondition: the point is a valid coordinate (finite, |lat| ≤ 90, |lon| ≤ 180).
    /// - Complexity: one hash lookup plus O(fences registered in the point's cell).
    @inlinable
    public func forEachFence(
        containingLatitude latitude: Degrees, longitude: Degrees,
        _ body: (Int) throws -> Void
    ) rethrows {
        let storage = storage
        let run = storage.run(latitude: latitude, longitude: longitude)
        let entries = storage.entries, oversized = storage.oversized
        // Merge the cell's run with the oversized list: both sorted, disjoint.
        var i = run.start, j = 0
        while i < run.end || j < oversized.count {
            let fence: Int
            if j == oversized.count || (i < run.end && entries[i] < oversized[j]) {
                fence = Int(entries[i]); i += 1
            } else {
                fence = Int(oversized[j]); j += 1
            }
            if probe(fence, latitude: latitude, longitude: longitude) { try body(fence) }
        }
    }

    /// Whether any fence contains the point.
    @inlinable
    public func containsAny(latitude: Degrees, longitude: Degrees) -> Bool {
        var found = false
        forEachFence(containingLatitude: latitude, longitude: longitude) { _ in found = true }
        return found
    }

    /// The batch query over structure-of-arrays positions: calls `body(position, fence)` for
    /// every (position, fence) pair with the position inside the fence, positions in order
    /// (for one position, the cell's fences in increasing order, then any oversized ones).
    /// `latitudes` and `longitudes` are parallel; only `range` of them is queried.
    /// Allocates nothing per position (one small block of cell keys, candidates and hits per call).
    ///
    /// Positions are taken in blocks, in four passes, so that the cache misses of a block
    /// overlap instead of coming one after the other: the cells of the whole block are worked
    /// out and their table entries prefetched (`CellLookup`); then the tables are read, the
    /// first lines of each cell's probes prefetched and the positions with candidates listed;
    /// then their fences are tested, two at a time, and the hits written to a buffer without a
    /// branch on the outcome (about half the tests hit, so a branch on each was mispredicted
    /// half the time); then `body` is called for each hit.
    ///
    /// - Complexity: O(range.count) lookups plus the candidates of their cells.
    @inlinable
    public func forEachHit(
        latitudes: UnsafeBufferPointer<Double>, longitudes: UnsafeBufferPointer<Double>,
        range: Range<Int>, _ body: (_ position: Int, _ fence: Int) -> Void
    ) {
        precondition(latitudes.count == longitudes.count && range.upperBound <= latitudes.count)
        if storage.usesRectangle {
            forEachHit(RectangleCellLookup(storage), latitudes: latitudes, longitudes: longitudes, range: range, body)
        } else {
            forEachHit(HashedCellLookup(storage), latitudes: latitudes, longitudes: longitudes, range: range, body)
        }
    }

    /// ``forEachHit(latitudes:longitudes:range:_:)`` with the cells found by `lookup`.
    @inlinable
    func forEachHit<Lookup: CellLookup>(
        _ lookup: Lookup, latitudes: UnsafeBufferPointer<Double>, longitudes: UnsafeBufferPointer<Double>,
        range: Range<Int>, _ body: (_ position: Int, _ fence: Int) -> Void
    ) {
        let storage = storage
        let oversized = storage.oversized
        let cellProbes = UnsafeRawPointer(storage.cellProbes.baseAddress!)
        let blockSize = Self.queryBlockSize
        // A position goes to the third pass only when it has candidates: a run, or oversized fences.
        let testsEveryPosition = !oversized.isEmpty
        withUnsafeTemporaryAllocation(of: Lookup.Cell.self, capacity: blockSize) { cells in
            withUnsafeTemporaryAllocation(of: (position: Int, start: Int, end: Int).self, capacity: blockSize) {
                candidates in
                withUnsafeTemporaryAllocation(of: QueryHit.self, capacity: Self.hitBufferSize) { hits in
                    var blockStart = range.lowerBound
                    while blockStart < range.upperBound {
                        let blockEnd = min(blockStart + blockSize, range.upperBound)
                        for p in blockStart..<blockEnd {
                            cells[p &- blockStart] = lookup.cell(latitude: latitudes[p], longitude: longitudes[p])
                        }
                        var count = 0
                        for i in 0..<(blockEnd - blockStart) {
                            let run = lookup.run(of: cells[i])
                            candidates[count] = (blockStart &+ i, run.start, run.end)
                            count &+= run.start < run.end || testsEveryPosition ? 1 : 0
                            // The first pair of a run: one line, or two when it starts mid-line.
                            let first = cellProbes + run.start &* MemoryLayout<CellProbe>.stride
                            racekit_prefetch_read(first)
                            racekit_prefetch_read(first + 2 &* MemoryLayout<CellProbe>.stride - 1)
                        }
                        var found = 0
                        for c in 0..<count {
                            let (p, start, end) = candidates[c]
                            let lat = latitudes[p], lon = longitudes[p]
                            let offset = UInt32(truncatingIfNeeded: p &- blockStart)
                            collectHits(
                                inRun: (start, end), latitude: lat, longitude: lon, offset: offset, into: hits,
                                count: &found, blockStart: blockStart, body)
                            for fence in oversized where probe(Int(fence), latitude: lat, longitude: lon) {
                                if found == hits.count { flush(hits, &found, blockStart, body) }
                                hits[found] = QueryHit(offset: offset, fence: fence)
                                found &+= 1
                            }
                        }
                        flush(hits, &found, blockStart, body)
                        blockStart = blockEnd
                    }
                }
            }
        }
    }

    /// Positions in a block of ``forEachHit(latitudes:longitudes:range:_:)``: enough lookups to
    /// overlap their misses, few enough that the lines prefetched first are still cached when
    /// the block reads them.
    @usableFromInline static let queryBlockSize = 256

    /// Hits the batch query holds before calling its `body` for them: a block's usually fit.
    @usableFromInline static let hitBufferSize = 512

    /// Calls `body` for the first `count` of `hits`, in order, and empties the buffer.
    @inlinable @inline(__always)
    func flush(
        _ hits: UnsafeMutableBufferPointer<QueryHit>, _ count: inout Int, _ blockStart: Int,
        _ body: (_ position: Int, _ fence: Int) -> Void
    ) {
        for h in 0..<count { body(blockStart &+ Int(hits[h].offset), Int(hits[h].fence)) }
        count = 0
    }

    /// Appends to `hits` (from `count` on) every fence of a cell's run that contains the point,
    /// in increasing order: two entries at a time (``CellProbe/classify(_:_:latitude:longitude:)``),
    /// each entry written and kept only when inside, with a branch only for the few the pair
    /// test cannot decide (they take the fence's own exact test). Whenever fewer than two slots
    /// are left, the hits so far go to `body` first (``flush(_:_:_:_:)``).
    @inlinable @inline(__always)
    func collectHits(
        inRun run: (start: Int, end: Int), latitude: Double, longitude: Double, offset: UInt32,
        into hits: UnsafeMutableBufferPointer<QueryHit>, count: inout Int, blockStart: Int,
        _ body: (_ position: Int, _ fence: Int) -> Void
    ) {
        let cellProbes = storage.cellProbes
        var i = run.start
        while i < run.end {
            if count &+ 2 > hits.count { flush(hits, &count, blockStart, body) }
            let a = cellProbes[i], b = cellProbes[i + 1]
            let (inside, undecided) = CellProbe.classify(a, b, latitude: latitude, longitude: longitude)
            // The second entry counts only within the run (past its end it is another cell's).
            let secondInRun = i &+ 1 < run.end
            var keepFirst = inside[0], keepSecond = inside[1] && secondInRun
            if _slowPath(any(undecided)) {
                keepFirst = keepFirst || (undecided[0] && probe(Int(a.fence), latitude: latitude, longitude: longitude))
                keepSecond =
                    keepSecond
                    || (secondInRun && undecided[1]
                        && probe(Int(b.fence), latitude: latitude, longitude: longitude))
            }
            hits[count] = QueryHit(offset: offset, fence: a.fence)
            count &+= keepFirst ? 1 : 0
            hits[count] = QueryHit(offset: offset, fence: b.fence)
            count &+= keepSecond ? 1 : 0
            i += 2
        }
    }

    /// Calls `body` with the candidates of ``forEachCandidate(in:_:)`` for the box of a segment
    /// between two points, taking a shortcut when the box lies within the one or two
    /// neighbouring cells of the segment's ends in one row (the usual case for fixes a second
    /// apart): then only those cells' runs are walked, which is exactly the set the general walk
    /// would visit.
    public func forEachCandidate(
        alongSegmentFromLatitude aLat: Degrees, longitude aLon: Degrees,
        toLatitude bLat: Degrees, longitude bLon: Degrees, box: GeoBoundingBox,
        _ body: (Int) -> Void
    ) {
        let storage = storage
        let row = storage.row(latitude: aLat)
        if !box.crossesAntimeridian, !box.spansAllLongitudes, row == storage.row(latitude: bLat),
            storage.row(latitude: box.south) == row, storage.row(latitude: box.north) == row
        {
            let ca = storage.column(longitude: aLon, row: row), cb = storage.column(longitude: bLon, row: row)
            let first = min(ca, cb), last = max(ca, cb)
            // Clear of ±180°, where the walk also visits the row's other end.
            if last - first <= 1, box.west > -180, box.east < 180,
                storage.column(longitude: box.west, row: row) >= first,
                storage.column(longitude: box.east, row: row) <= last
            {
                let entries = storage.entries
                for fence in storage.oversized { body(Int(fence)) }
                for column in first...last {
                    let run = storage.run(of: GridLayout.key(row: row, column: column))
                    for i in run.start..<run.end { body(Int(entries[i])) }
                }
                return
            }
        }
        forEachCandidate(in: box, body)
    }

    /// Appends to `found` each fence the segment may cross (see
    /// ``forEachCandidate(alongSegmentFromLatitude:longitude:toLatitude:longitude:box:_:)``)
    /// whose bounding box reaches into `box`, once: a fence is skipped when `marks[fence]`
    /// already equals `generation`, and marked when seen. The event detector's per-fix query.
    ///
    /// The closure below captures only plain values (the probe buffer, `marks`, `found`): one
    /// that captured the index retained and released it on every fix, about 9 % of a replay.
    /// `self` keeps the storage, and so the probe buffer, alive for the whole call.
    func collectCandidates(
        alongSegmentFromLatitude aLat: Degrees, longitude aLon: Degrees,
        toLatitude bLat: Degrees, longitude bLon: Degrees, box: GeoBoundingBox,
        marks: UnsafeMutableBufferPointer<UInt32>, generation: UInt32,
        into found: inout ContiguousArray<Int32>
    ) {
        let probes = UnsafeBufferPointer(storage.probes)
        forEachCandidate(alongSegmentFromLatitude: aLat, longitude: aLon, toLatitude: bLat, longitude: bLon, box: box) {
            fence in
            guard marks[fence] != generation else { return }
            marks[fence] = generation
            if probes[fence].mayReach(into: box) { found.append(Int32(fence)) }
        }
    }

    /// Calls `body` with every fence registered in a cell that `box` touches: a superset of
    /// the fences that reach into the box, possibly with repeats (a fence spans several cells).
    /// Used to find the fences a segment between two fixes may cross.
    /// A box wider than ``maximumCellsPerFence`` cells yields every fence once instead.
    public func forEachCandidate(in box: GeoBoundingBox, _ body: (Int) -> Void) {
        let storage = storage
        if GridLayout.isClearOfAntimeridian(box) {
            // The usual box: one column interval per row. The same cells, in the
            // same order, as `GridLayout.forEachCell` and the same count as `GridLayout.cellCount`,
            // without their closure and arrays.
            let firstRow = storage.row(latitude: box.south), lastRow = storage.row(latitude: box.north)
            var total = 0
            for r in firstRow...lastRow {
                total += storage.column(longitude: box.east, row: r) - storage.column(longitude: box.west, row: r) + 2
                if total > Self.maximumCellsPerFence { break }
            }
            if total > Self.maximumCellsPerFence {
                for fence in fences.indices { body(fence) }
                return
            }
            let entries = storage.entries
            for fence in storage.oversized { body(Int(fence)) }
            for r in firstRow...lastRow {
                var column = storage.column(longitude: box.west, row: r)
                let last = storage.column(longitude: box.east, row: r)
                while column <= last {
                    let run = storage.run(of: GridLayout.key(row: r, column: column))
                    for i in run.start..<run.end { body(Int(entries[i])) }
                    column += 1
                }
            }
            return
        }
        if storage.layout.cellCount(in: box, limit: Self.maximumCellsPerFence) > Self.maximumCellsPerFence {
            for fence in fences.indices { body(fence) }
            return
        }
        let entries = storage.entries
        for fence in storage.oversized { body(Int(fence)) }
        storage.layout.forEachCell(in: box) { key in
            let run = storage.run(of: key)
            for i in run.start..<run.end { body(Int(entries[i])) }
        }
    }
}
