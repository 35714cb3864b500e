import Geofencing

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
        return stopIDs.withUnsafeBufferPointer { ids in
            index.reduceHits(latitudes: latitudes, longitudes: longitudes, threads: threads, into: HitTally()) {
                tally, position, fence in
                tally.hits += 1
                if position != tally.lastPosition {
                    tally.positionsWithHit += 1
                    tally.lastPosition = position
                }
                tally.checksum &+= UInt64(position) &* checksumMultiplier &+ ids[fence]
            } merge: { total, part in
                total.hits += part.hits
                total.positionsWithHit += part.positionsWithHit
                total.checksum &+= part.checksum
            }
        }
    }
}
