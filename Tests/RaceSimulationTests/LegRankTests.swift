import GeoCore
import Testing

@testable import RaceSimulation

/// A leg's rank counts the splits below it by binary search; the obvious count is the reference.
struct LegRankTests {
    @Test("the binary search counts the splits below a value as filtering does, over 2 000 seeded cases")
    func countBelowMatchesFiltering() {
        var random = SplitMix64(seed: 17)
        for _ in 0..<2_000 {
            // Few distinct values, so ties and values outside the range are common.
            let splits = (0..<Int(random.next() % 40)).map { _ in Double(random.next() % 12) * 2.5 }.sorted()
            let value = Double(random.next() % 14) * 2.5 - 2.5
            #expect(LegAnalysis.countBelow(value, inSorted: splits) == splits.filter { $0 < value }.count)
        }
    }
}
