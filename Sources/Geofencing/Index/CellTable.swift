/// An open-addressing hash table from a cell key to its run in the index's entry array.
///
/// Linear probing on a power-of-two table at most half full; the key `UInt64.max` marks an
/// empty slot (no real key has it: rows and columns are below 2³¹). Read-only after building.
@usableFromInline
struct CellTable: Sendable {
    @usableFromInline
    struct Slot: Sendable {
        @usableFromInline var key: UInt64
        @usableFromInline var start: UInt32
        @usableFromInline var end: UInt32
    }

    @usableFromInline static let emptyKey = UInt64.max
    @usableFromInline let slots: ContiguousArray<Slot>
    @usableFromInline let shift: UInt64

    /// Builds the table from cells and their entry runs; `runs[i]` belongs to `keys[i]`.
    init(keys: [UInt64], runs: [Range<UInt32>]) {
        var capacity = 16
        while capacity < keys.count * 2 { capacity <<= 1 }
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        var slots = ContiguousArray(repeating: Slot(key: Self.emptyKey, start: 0, end: 0), count: capacity)
        let mask = capacity - 1
        for (key, run) in zip(keys, runs) {
            var i = Self.home(of: key, shift: shift)
            while slots[i].key != Self.emptyKey { i = (i + 1) & mask }
            slots[i] = Slot(key: key, start: run.lowerBound, end: run.upperBound)
        }
        self.slots = slots
    }

    /// Fibonacci hashing (Knuth, TAOCP vol. 3, §6.4): the top bits of key × 2⁶⁴/φ.
    @inlinable @inline(__always)
    static func home(of key: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The entry run of a cell; empty when the cell has no fences.
    @inlinable @inline(__always)
    func run(of key: UInt64) -> (start: Int, end: Int) {
        slots.withUnsafeBufferPointer { table in
            let mask = table.count - 1
            var i = Self.home(of: key, shift: shift)
            while true {
                let slot = table[i]
                if slot.key == key { return (Int(slot.start), Int(slot.end)) }
                if slot.key == Self.emptyKey { return (0, 0) }
                i = (i + 1) & mask
            }
        }
    }

    /// Number of cells stored.
    var count: Int { slots.reduce(0) { $0 + ($1.key == Self.emptyKey ? 0 : 1) } }
}
