import GeoCore
import Testing

@testable import GeoFormats

/// The word-at-a-time line feed search, and the vector and word-wise counts, against a loop over
/// the bytes.
struct LineFeedSearchTests {
    /// Random bytes where line feeds are common, and bytes that differ from `\n` by one bit or
    /// that borrow in the zero-byte test (0x0B, 0x8A, 0x00, 0xFF) are too.
    private func text(seed: UInt64, count: Int) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        let tricky: [UInt8] = [0x0A, 0x0A, 0x0B, 0x09, 0x8A, 0x00, 0xFF, 0x2C, 0x30]
        return (0..<count).map { _ in
            random.next() % 2 == 0
                ? tricky[Int(random.next() % UInt64(tricky.count))] : UInt8(truncatingIfNeeded: random.next())
        }
    }

    @Test("the count is the loop's over every range of random text, past the flushes", arguments: 0..<8)
    func count(seed: UInt64) {
        let bytes = text(seed: seed, count: 5_000 + Int(seed) * 997)
        var random = SplitMix64(seed: 50 + seed)
        bytes.withUnsafeBufferPointer { buffer in
            for _ in 0..<200 {
                let a = Int(random.next() % UInt64(buffer.count + 1))
                let b = a + Int(random.next() % UInt64(buffer.count - a + 1))
                let expected = buffer[a..<b].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                #expect(LineFeedSearch.count(in: buffer.baseAddress!, from: a, to: b) == expected, "\(a)..<\(b)")
                #expect(LineFeedSearch.countByWords(in: buffer.baseAddress!, from: a, to: b) == expected)
                #if arch(x86_64)
                #expect(LineFeedSearch.countByVectors(in: buffer.baseAddress!, from: a, to: b) == expected)
                #endif
            }
            let all = buffer.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            #expect(LineFeedSearch.count(in: buffer.baseAddress!, from: 0, to: buffer.count) == all)
        }
    }

    @Test("the search finds the loop's first line feed from every start", arguments: 0..<4)
    func next(seed: UInt64) {
        let bytes = text(seed: 100 + seed, count: 3_000)
        bytes.withUnsafeBufferPointer { buffer in
            for start in 0..<buffer.count {
                let expected = buffer[start...].firstIndex(of: 0x0A) ?? buffer.count
                #expect(LineFeedSearch.next(in: buffer.baseAddress!, from: start, to: buffer.count) == expected)
            }
        }
    }
}
