import Dispatch
import GeoCore

/// Totals of a batch query: how many (position, fence) hits, how many positions had one, and
/// the benchmark checksum of `Benchmarks/peers` (the sum over hits of
/// `position × 1 000 003 + fence key`, modulo 2⁶⁴), which pins the exact set of pairs.
public struct HitSummary: Hashable, Sendable {
    /// The number of (position, fence) pairs where the position is inside the fence.
    public var hits: Int = 0
    /// The number of positions inside at least one fence.
    public var positionsWithHit: Int = 0
    /// The peer-benchmark checksum of the hit pairs (see the type's description).
    public var checksum: UInt64 = 0

    /// An empty summary: no hits.
    public init() {}

    /// The multiplier of the position index in the checksum key.
    public static let checksumMultiplier: UInt64 = 1_000_003

    mutating func merge(_ other: HitSummary) {
        hits += other.hits
        positionsWithHit += other.positionsWithHit
        checksum &+= other.checksum
    }
}

extension GridIndex {
    /// Queries every position and totals the hits, splitting the positions into `threads`
    /// contiguous parts queried in parallel (the totals do not depend on the split).
    /// - Parameters:
    ///   - latitudes: the positions' latitudes in degrees.
    ///   - longitudes: the positions' longitudes, parallel to `latitudes`.
    ///   - fenceKeys: per fence, the number added into the checksum (the stop id).
    ///   - threads: how many parts to query in parallel (at least 1).
    public func summarizeHits(latitudes: UnsafeBufferPointer<Double>, longitudes: UnsafeBufferPointer<Double>,
                              fenceKeys: [UInt64], threads: Int = 1) -> HitSummary {
        precondition(fenceKeys.count == fences.count && threads >= 1)
        let count = latitudes.count
        let parts = max(1, min(threads, count / 4096 + 1))
        var partials = [HitSummary](repeating: HitSummary(), count: parts)
        fenceKeys.withUnsafeBufferPointer { keys in
            partials.withUnsafeMutableBufferPointer { results in
                // The buffers are only read, and each iteration writes only its own slot of `results`.
                nonisolated(unsafe) let (results, keys, latitudes, longitudes) = (results, keys, latitudes, longitudes)
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    let range = (count * part / parts)..<(count * (part + 1) / parts)
                    var summary = HitSummary()
                    var lastPosition = -1
                    forEachHit(latitudes: latitudes, longitudes: longitudes, range: range) { position, fence in
                        summary.hits += 1
                        if position != lastPosition {
                            summary.positionsWithHit += 1
                            lastPosition = position
                        }
                        summary.checksum &+= UInt64(position) &* HitSummary.checksumMultiplier &+ keys[fence]
                    }
                    results[part] = summary
                }
            }
        }
        return partials.reduce(into: HitSummary()) { $0.merge($1) }
    }
}
