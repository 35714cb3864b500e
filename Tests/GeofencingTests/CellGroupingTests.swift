import GeoCore
import Testing

@testable import Geofencing

/// The index's grouping of (cell key, fence) pairs by cell against the standard library's sort
/// by (key, fence), on pairs made the way the index makes them: fences in increasing order, each
/// registered in distinct cells.
struct CellGroupingTests {
    @Test(
        "grouping by cell equals sorting by (key, fence), then cutting at each new key",
        arguments: 1...200 as ClosedRange<UInt64>)
    func groupingEqualsSortedRuns(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Rows and columns below 2³¹, as a grid has them: in rectangles from one cell (one radix
        // pass) to 10¹⁰ cells (three), or anywhere (four) one time in seven.
        let limit: UInt64 = 1 << 31
        let row = UInt64.random(in: 0..<(limit - 100_000), using: &random)
        let column = UInt64.random(in: 0..<(limit - 100_000), using: &random)
        let span = UInt64([1, 3, 40, 300, 100_000][Int(seed % 5)])
        func key(_ random: inout SplitMix64) -> UInt64 {
            seed % 7 == 0
                ? .random(in: 0..<limit, using: &random) << 32 | .random(in: 0..<limit, using: &random)
                : (row + .random(in: 0..<span, using: &random)) << 32 | (column + .random(in: 0..<span, using: &random))
        }
        let pairs = Self.pairs(&random, key: key)
        let sorted = pairs.sorted { $0.key != $1.key ? $0.key < $1.key : $0.fence < $1.fence }
        var keys: [UInt64] = [], runs: [Range<UInt32>] = []
        for (i, pair) in sorted.enumerated() where i == 0 || sorted[i - 1].key != pair.key {
            if let last = runs.last { runs[runs.count - 1] = last.lowerBound..<UInt32(i) }
            keys.append(pair.key)
            runs.append(UInt32(i)..<UInt32(sorted.count))
        }
        let grouped = CellGrouping.group(pairs)
        #expect(grouped.keys == keys, "seed \(seed)")
        #expect(grouped.runs == runs, "seed \(seed)")
        #expect(Array(grouped.entries) == sorted.map(\.fence), "seed \(seed)")
        // The rectangle the cells span, from the extremes of their rows and columns.
        let rows = keys.map { Int($0 >> 32) }, columns = keys.map { Int($0 & 0xFFFF_FFFF) }
        let bounds = grouped.bounds
        if let top = rows.min(), let bottom = rows.max(), let left = columns.min(), let right = columns.max() {
            #expect(bounds.firstRow == top && bounds.rowCount == bottom - top + 1, "seed \(seed)")
            #expect(bounds.firstColumn == left && bounds.columnCount == right - left + 1, "seed \(seed)")
        } else {
            #expect(bounds.outside == 0, "seed \(seed)")
        }
    }

    /// Pairs as the index makes them: fences in increasing order, each in 1–6 distinct cells.
    private static func pairs(
        _ random: inout SplitMix64, key: (inout SplitMix64) -> UInt64
    ) -> [(key: UInt64, fence: Int32)] {
        var pairs: [(key: UInt64, fence: Int32)] = []
        for fence in 0..<Int32.random(in: 0...300, using: &random) {
            let cells = Set((0..<Int.random(in: 1...6, using: &random)).map { _ in key(&random) })
            for cell in cells.sorted().shuffled(using: &random) { pairs.append((cell, fence)) }
        }
        return pairs
    }
}
