#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The participants one chunk of a positions file names, numbered in order of first appearance in
/// the chunk, looked up without making a `String` per row.
///
/// A participant written as a small integer (`0`…2²⁰−1, as ``PositionsCSV`` reads it: `7`, `07`
/// and `+7` are one participant) is found in an array; any other text by its bytes in a hash
/// table. The chunks' tables are joined afterwards by text (``PositionsCSV``'s `String` rules), so
/// two byte strings that read as the same `String` still become one participant there.
struct ChunkParticipants {
    /// What a local participant is: the integer, or the bytes of its name in the file.
    enum Key {
        case number(Int)
        case name(start: Int, end: Int)
    }

    /// Local participant index → key, in order of first appearance.
    private(set) var keys: [Key] = []
    private var numbered: [Int32] = []  // integer → local index, −1 where not seen
    private var slots: [Int32]  // open addressing over name hashes: local index, −1 when empty
    private var names = 0

    init() { slots = Array(repeating: -1, count: 64) }

    /// The local index of the participant written as `integer`, which is in 0..<2²⁰.
    @inline(__always)
    mutating func index(ofNumber integer: Int) -> Int32 {
        if integer < numbered.count, numbered[integer] >= 0 { return numbered[integer] }
        if integer >= numbered.count {
            numbered.append(contentsOf: repeatElement(-1, count: integer + 1 - numbered.count))
        }
        let index = Int32(keys.count)
        numbered[integer] = index
        keys.append(.number(integer))
        return index
    }

    /// Where a name's hash starts (FNV-1a: names are short).
    static let hashSeed: UInt64 = 0xCBF2_9CE4_8422_2325

    /// `hash` with `byte` mixed in; a name's hash is its bytes mixed into ``hashSeed`` in order.
    @inline(__always)
    static func hash(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }

    /// The local index of the participant named by the non-empty bytes `start..<end`.
    @inline(__always)
    mutating func index(ofName bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int32 {
        var hash = Self.hashSeed
        for i in start..<end { hash = Self.hash(hash, bytes[i]) }
        return index(ofName: bytes, from: start, to: end, hash: hash)
    }

    /// The local index of the participant named by the non-empty bytes `start..<end`, whose
    /// hash (``hash(_:_:)`` over them) the caller computed while it read them.
    @inline(__always)
    mutating func index(ofName bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, hash: UInt64) -> Int32 {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & mask
        while slots[slot] >= 0 {
            let index = slots[slot]
            if case .name(let s, let e) = keys[Int(index)], e - s == end - start,
                Self.sameBytes(bytes + s, bytes + start, count: end - start)
            {
                return index
            }
            slot = (slot + 1) & mask
        }
        let index = Int32(keys.count)
        keys.append(.name(start: start, end: end))
        slots[slot] = index
        names += 1
        if names * 2 > slots.count { rehash(bytes) }
        return index
    }

    /// Whether `count` bytes at `a` and at `b` are equal: a loop for short names, which a call to
    /// `memcmp` costs more than.
    @inline(__always)
    private static func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        if count > 16 { return memcmp(a, b, count) == 0 }
        for k in 0..<count where a[k] != b[k] { return false }
        return true
    }

    /// Doubles the name table once it is half full, keeping probe runs short.
    private mutating func rehash(_ bytes: UnsafePointer<UInt8>) {
        let old = keys
        slots = Array(repeating: -1, count: slots.count * 2)
        keys = []
        numbered = []
        names = 0
        for key in old {
            switch key {
            case .number(let integer): _ = index(ofNumber: integer)
            case .name(let start, let end): _ = index(ofName: bytes, from: start, to: end)
            }
        }
    }
}
