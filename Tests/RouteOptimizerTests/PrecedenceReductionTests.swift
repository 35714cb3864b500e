import GeoCore
import Testing

@testable import RouteOptimizer

struct PrecedenceReductionTests {
    /// Whether a chain of two or more pairs leads from `a` to `b` (breadth first, the pair a → b
    /// itself not taken).
    private func implied(_ a: Int, _ b: Int, _ successors: [[Int]]) -> Bool {
        var seen = Set<Int>(), frontier = successors[a].filter { $0 != b }
        while let s = frontier.popLast() {
            if s == b { return true }
            guard seen.insert(s).inserted else { continue }
            frontier.append(contentsOf: successors[s])
        }
        return false
    }

    @Test("the reduction keeps exactly the pairs no other chain implies, once each, in order", arguments: 0..<60)
    func againstChains(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let count = 2 + Int(random.next() % 70)
        let rank = Array(0..<count).shuffled(using: &random)
        let density = 1 + random.next() % 6
        var pairs: [(before: Int32, after: Int32)] = []
        for a in 0..<count {
            for b in (a + 1)..<max(a + 1, count) where random.next() % (2 * density) == 0 {
                pairs.append((Int32(rank[a]), Int32(rank[b])))
            }
        }
        pairs.shuffle(using: &random)
        if let first = pairs.first, seed % 3 == 0 { pairs.append(first) }  // a pair listed twice
        var successors = [[Int]](repeating: [], count: count)
        for pair in pairs { successors[Int(pair.before)].append(Int(pair.after)) }

        var expected: [(before: Int32, after: Int32)] = []
        var listed = Set<[Int32]>()
        for pair in pairs where !implied(Int(pair.before), Int(pair.after), successors) {
            if listed.insert([pair.before, pair.after]).inserted { expected.append(pair) }
        }
        let reduction = PrecedenceReduction(pairs, count: count)
        #expect(
            reduction.pairs.map { [$0.before, $0.after] } == expected.map { [$0.before, $0.after] }, "seed \(seed)")
        let ordered = (0..<count).reduce(0) { total, a in
            total + (0..<count).filter { b in successors[a].contains(b) || implied(a, b, successors) }.count
        }
        #expect(reduction.orderedPairs == ordered, "seed \(seed)")
        // A leg a → b is ruled out when b must come before a, or a stop must come between them.
        for a in 0..<count {
            for b in 0..<count where a != b {
                let before = successors[b].contains(a) || implied(b, a, successors)
                #expect(
                    reduction.allowsLeg(from: a, to: b) == !(before || implied(a, b, successors)),
                    "seed \(seed): leg \(a) → \(b)")
            }
        }
    }

    @Test("a closure reduces to its chain; a relation without implied pairs stays whole")
    func closureAndChain() {
        var closure: [(before: Int32, after: Int32)] = []
        for a in 0..<10 { for b in (a + 1)..<10 { closure.append((Int32(a), Int32(b))) } }
        let reduced = PrecedenceReduction(closure, count: 10)
        #expect(reduced.pairs.map { [$0.before, $0.after] } == (0..<9).map { [Int32($0), Int32($0 + 1)] })
        #expect(reduced.orderedPairs == 45)
        let star: [(before: Int32, after: Int32)] = (1..<10).map { (0, Int32($0)) }
        #expect(PrecedenceReduction(star, count: 10).pairs.count == 9)
        #expect(PrecedenceReduction([], count: 10).pairs.isEmpty)
        #expect(PrecedenceReduction([], count: 10).allowsLeg(from: 3, to: 2))
        #expect(
            reduced.allowsLeg(from: 3, to: 4) && !reduced.allowsLeg(from: 3, to: 5)
                && !reduced.allowsLeg(from: 4, to: 3))
    }
}
