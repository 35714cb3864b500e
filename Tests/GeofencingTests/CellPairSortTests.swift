import GeoCore
import Testing

@testable import Geofencing

/// The index's radix sort of (cell key, fence) pairs against the standard library's sort by
/// (key, fence), on pairs made the way the index makes them: fences in increasing order, each
/// registered in distinct cells.
struct CellPairSortTests {
    @Test("equals sorting by (key, fence)", arguments: 1...200 as ClosedRange<UInt64>)
    func equalsComparisonSort(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Cells within a few thousand rows and columns (keys sharing their high bytes), keys
        // anywhere, or a handful of cells that many fences share.
        let region = UInt64.random(in: 0...UInt64(UInt32.max - 5_000), using: &random)
        func key() -> UInt64 {
            switch seed % 3 {
            case 0:
                (region + .random(in: 0..<4_096, using: &random)) << 32
                    | (region + .random(in: 0..<4_096, using: &random))
            case 1: .random(in: 0...UInt64.max, using: &random)
            default: region << 32 | .random(in: 0..<3, using: &random)
            }
        }
        var pairs: [(key: UInt64, fence: Int32)] = []
        for fence in 0..<Int32.random(in: 0...300, using: &random) {
            let cells = Set((0..<Int.random(in: 1...6, using: &random)).map { _ in key() })
            for cell in cells.sorted().shuffled(using: &random) { pairs.append((cell, fence)) }
        }
        let expected = pairs.sorted { $0.key != $1.key ? $0.key < $1.key : $0.fence < $1.fence }
        var sorted = pairs
        CellPairSort.sort(&sorted)
        #expect(sorted.map(\.key) == expected.map(\.key), "seed \(seed)")
        #expect(sorted.map(\.fence) == expected.map(\.fence), "seed \(seed)")
    }
}
