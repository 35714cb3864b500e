/// The transitive reduction of a precedence relation: the pairs that no chain of other pairs
/// implies.
///
/// A ``BlockSwap`` on an order that keeps every pair breaks some pair exactly when it breaks one
/// of these: the stops of a chain from b to c stand between b and c, so a chain from block B to
/// block C has a link from B to C, and a chain inside a reversed block stays inside it. TSPLIB's
/// SOP files list the whole closure (rbg378a: 64 342 pairs, 3 076 in the reduction), so
/// ``FreeSequence`` checks moves against the reduction.
struct PrecedenceReduction {
    /// The pairs that are not implied by the others, in their given order, each once.
    let pairs: [(before: Int32, after: Int32)]
    /// How many ordered pairs of stops the relation decides, implied ones included (the size of
    /// its transitive closure).
    let orderedPairs: Int
    /// Bit rows of `words` words per stop: `reach` holds the stops some chain from the stop
    /// reaches, `implied` those a chain of two or more pairs reaches (empty without pairs).
    private let reach: [UInt64], implied: [UInt64]
    private let words: Int

    /// The reduction of `pairs` (before, after) over stops `0..<count`.
    /// - Precondition: the pairs form no cycle.
    /// - Complexity: O(count + p · count / 64) time and O(count² / 64) memory for p pairs.
    init(_ pairs: [(before: Int32, after: Int32)], count: Int) {
        words = (count + 63) / 64
        (self.pairs, reach, implied) = Self.reduce(pairs, count: count, words: words)
        orderedPairs = reach.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// Whether an order that keeps every pair can go straight from stop `s` to stop `t`: `t` need
    /// not come before `s`, and no stop need come between them.
    func allowsLeg(from s: Int, to t: Int) -> Bool {
        guard !reach.isEmpty else { return true }
        return reach[t * words + s / 64] & (1 << UInt64(s % 64)) == 0
            && implied[s * words + t / 64] & (1 << UInt64(t % 64)) == 0
    }

    private static func reduce(_ pairs: [(before: Int32, after: Int32)], count: Int, words: Int)
        -> (pairs: [(before: Int32, after: Int32)], reach: [UInt64], implied: [UInt64])
    {
        guard !pairs.isEmpty else { return ([], [], []) }
        let (start, targets) = FreeSequenceLayout.rows(pairs.map { ($0.before, $0.after) }, count: count)
        // reach[s]: the stops some chain from s reaches; implied[s]: those a chain of two or more
        // pairs reaches (through a successor).
        var reach = [UInt64](repeating: 0, count: count * words)
        var implied = [UInt64](repeating: 0, count: count * words)
        for s in topologicalOrder(start: start, targets: targets, count: count).reversed() {
            for e in Int(start[s])..<Int(start[s + 1]) {
                let t = Int(targets[e])
                for w in 0..<words {
                    implied[s * words + w] |= reach[t * words + w]
                    reach[s * words + w] |= reach[t * words + w]
                }
                reach[s * words + t / 64] |= 1 << UInt64(t % 64)
            }
        }
        var kept: [(before: Int32, after: Int32)] = []
        var seen = Set<Int>()
        for pair in pairs {
            let s = Int(pair.before), t = Int(pair.after)
            guard implied[s * words + t / 64] & (1 << UInt64(t % 64)) == 0 else { continue }
            guard seen.insert(s * count + t).inserted else { continue }
            kept.append(pair)
        }
        return (kept, reach, implied)
    }

    /// The stops in an order where every pair's first stop comes before its second (Kahn's algorithm).
    private static func topologicalOrder(start: [Int32], targets: [Int32], count: Int) -> [Int] {
        var waiting = [Int](repeating: 0, count: count)
        for t in targets { waiting[Int(t)] += 1 }
        var order = (0..<count).filter { waiting[$0] == 0 }
        var next = 0
        while next < order.count {
            let s = order[next]
            next += 1
            for e in Int(start[s])..<Int(start[s + 1]) {
                let t = Int(targets[e])
                waiting[t] -= 1
                if waiting[t] == 0 { order.append(t) }
            }
        }
        precondition(order.count == count, "the precedence pairs form a cycle")
        return order
    }
}
