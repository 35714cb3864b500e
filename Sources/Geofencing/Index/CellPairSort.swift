/// Sorts the (cell key, fence) pairs of an index being built by key, keeping the order of pairs
/// with equal keys: a least-significant-digit radix sort, a byte at a time, that skips the bytes
/// every key shares (the high bytes of rows and columns, on any workload confined to a region).
///
/// Written by hand because the standard library's comparison sort was most of the time of
/// building an index (docs/architecture.md). The pairs come in fence order, so a stable sort by
/// key alone leaves each cell's fences in increasing order, as the index's runs need.
enum CellPairSort {
    /// Sorts `pairs` by `key`, stably.
    static func sort(_ pairs: inout [(key: UInt64, fence: Int32)]) {
        guard pairs.count > 1 else { return }
        let first = pairs[0].key
        let differing = pairs.reduce(UInt64(0)) { $0 | ($1.key ^ first) }
        guard differing != 0 else { return }
        var spare = [(key: UInt64, fence: Int32)](repeating: (0, 0), count: pairs.count)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { offsets in
            for shift in stride(from: UInt64(0), to: 64, by: 8) where (differing >> shift) & 0xFF != 0 {
                pairs.withUnsafeBufferPointer { source in
                    spare.withUnsafeMutableBufferPointer { target in
                        pass(from: source, to: target, shift: shift, offsets: offsets)
                    }
                }
                swap(&pairs, &spare)
            }
        }
    }

    /// One stable counting pass on the byte at `shift`: counts, then each pair to its place.
    private static func pass(
        from source: UnsafeBufferPointer<(key: UInt64, fence: Int32)>,
        to target: UnsafeMutableBufferPointer<(key: UInt64, fence: Int32)>, shift: UInt64,
        offsets: UnsafeMutableBufferPointer<Int>
    ) {
        offsets.initialize(repeating: 0)
        for pair in source { offsets[Int(truncatingIfNeeded: pair.key >> shift) & 0xFF] &+= 1 }
        var next = 0
        for digit in 0..<256 {
            let count = offsets[digit]
            offsets[digit] = next
            next &+= count
        }
        for pair in source {
            let digit = Int(truncatingIfNeeded: pair.key >> shift) & 0xFF
            target[offsets[digit]] = pair
            offsets[digit] &+= 1
        }
    }
}
