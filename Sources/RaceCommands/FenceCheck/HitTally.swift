import GeoFormats
import Geofencing
import RaceKitCore

/// What `racekit fence-check` counts over every (position, stop) hit: the hits, the positions with
/// at least one, and the checksum the peer benchmarks (`Benchmarks/peers`) compute the same way —
/// the sum over hits of `position row × 1 000 003 + stop id`, modulo 2⁶⁴ — which pins the exact
/// set of pairs, so racekit and the peers can be compared on the same files.
struct HitTally {
    /// The number of (position, stop) pairs with the position inside the stop's fence.
    var hits = 0
    /// The number of positions inside at least one fence.
    var positionsWithHit = 0
    /// The peer benchmarks' checksum of the hit pairs.
    var checksum: UInt64 = 0
    /// The position of the last hit added: hits come in position order, so a new position is a
    /// new position with a hit.
    private var lastPosition = -1

    /// The multiplier of the position row in the checksum.
    static let checksumMultiplier: UInt64 = 1_000_003

    /// Tallies the hits of every position, in `threads` parts queried in parallel (the tally does
    /// not depend on the split).
    /// - Parameter stopIDs: per fence of `index`, the stop id added into the checksum.
    static func tally(
        _ index: GridIndex, latitudes: UnsafeBufferPointer<Double>, longitudes: UnsafeBufferPointer<Double>,
        stopIDs: [UInt64], threads: Int
    ) -> HitTally {
        precondition(stopIDs.count == index.fences.count)
        precondition(latitudes.count == longitudes.count)
        return stopIDs.withUnsafeBufferPointer { ids in
            // Each part queries its own range here, so `add` is compiled into the query's loop.
            GridIndex.reduceParts(of: latitudes.count, threads: threads) { range in
                var tally = HitTally()
                index.forEachHit(latitudes: latitudes, longitudes: longitudes, range: range) { position, fence in
                    tally.add(position: position, stopID: ids[fence])
                }
                return tally
            } merge: { total, part in
                total.add(part, rowsBefore: 0)
            }
        }
    }

    /// Tallies the hits of every position of a positions file as it is read, block by block in
    /// `threads` parts at once (``PositionsCSV/reduceCoordinateBlocks(path:threads:into:_:merge:)``):
    /// the tally of ``tally(_:latitudes:longitudes:stopIDs:threads:)`` over the file's coordinates,
    /// and the number of positions.
    /// - Throws: `InputError` for the positions file, as ``PositionsCSV/read(path:)``.
    static func tally(_ index: GridIndex, positionsFile path: String, stopIDs: [UInt64], threads: Int)
        throws(InputError) -> (tally: HitTally, positions: Int)
    {
        precondition(stopIDs.count == index.fences.count)
        let read = try stopIDs.withUnsafeBufferPointer { ids throws(InputError) in
            try PositionsCSV.reduceCoordinateBlocks(path: path, threads: threads, into: HitTally()) {
                tally, first, latitudes, longitudes in
                index.forEachHit(latitudes: latitudes, longitudes: longitudes, range: 0..<latitudes.count) {
                    position, fence in tally.add(position: first + position, stopID: ids[fence])
                }
            } merge: { total, part, rowsBefore in
                total.add(part, rowsBefore: rowsBefore)
            }
        }
        return (read.result, read.rows)
    }

    /// Adds the hit of `position` (counted from the first of its part) inside the fence of `stopID`.
    @inline(__always)
    private mutating func add(position: Int, stopID: UInt64) {
        hits += 1
        if position != lastPosition {
            positionsWithHit += 1
            lastPosition = position
        }
        checksum &+= UInt64(position) &* Self.checksumMultiplier &+ stopID
    }

    /// Adds the tally of a later part whose first position is `rowsBefore`: its checksum counted
    /// its positions from its own first one, so each of its hits gains `rowsBefore` rows.
    private mutating func add(_ part: HitTally, rowsBefore: Int) {
        hits += part.hits
        positionsWithHit += part.positionsWithHit
        checksum &+= part.checksum &+ UInt64(rowsBefore) &* Self.checksumMultiplier &* UInt64(part.hits)
    }
}
