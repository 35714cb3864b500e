/// An open-addressing hash table from a cell key to its run in the index's entry array.
///
/// Linear probing on a power-of-two table at most a quarter full (about half of a batch's
/// positions land in an empty cell, and a miss probes until an empty slot); the key
/// `UInt64.max` marks an empty slot (no real key has it: rows and columns are below 2³¹), and
/// an empty slot holds the empty run 0..<0, so a lookup ending on one reads its answer there. The
/// index's storage owns the slots (``GridStorage``); this builds them in place and says where a
/// key's probing starts.
@usableFromInline
enum CellTable {
    @usableFromInline
    struct Slot: Sendable {
        @usableFromInline var key: UInt64
        @usableFromInline var start: UInt32
        @usableFromInline var end: UInt32
    }

    @usableFromInline static let emptyKey = UInt64.max

    /// The slots a table of `cells` cells has: the least power of two, at least 16, that is at
    /// least four times as many.
    static func slotCount(forCells cells: Int) -> Int {
        var capacity = 16
        while capacity < cells * 4 { capacity <<= 1 }
        return capacity
    }

    /// Fills `slots` (uninitialized; ``slotCount(forCells:)`` of them for `keys.count` cells)
    /// with the cells `keys` and their runs, `runs[i]` belonging to `keys[i]`, and returns the
    /// table's hash shift.
    static func build(into slots: UnsafeMutableBufferPointer<Slot>, keys: [UInt64], runs: [Range<UInt32>]) -> UInt64 {
        precondition(slots.count == slotCount(forCells: keys.count), "a table of the size its cells need")
        let shift = UInt64(64 - slots.count.trailingZeroBitCount)
        slots.initialize(repeating: Slot(key: emptyKey, start: 0, end: 0))
        let mask = slots.count - 1
        for (key, run) in zip(keys, runs) {
            var i = home(of: key, shift: shift)
            while slots[i].key != emptyKey { i = (i + 1) & mask }
            slots[i] = Slot(key: key, start: run.lowerBound, end: run.upperBound)
        }
        return shift
    }

    /// Fibonacci hashing (Knuth, TAOCP vol. 3, §6.4): the top bits of key × 2⁶⁴/φ.
    @inlinable @inline(__always)
    static func home(of key: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }
}
