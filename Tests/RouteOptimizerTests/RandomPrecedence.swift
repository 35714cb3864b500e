import GeoCore

@testable import RouteOptimizer

/// Random precedence relations over the stops between a path's fixed ends, as in TSPLIB's SOPs.
enum RandomPrecedence {
    /// A random order of the stops 1…n−2 in which each later stop follows an earlier one with
    /// probability 1/`oneIn` (a DAG). `asFiles` lists the relation's whole closure and ties every
    /// stop to the ends (0 before it, n − 1 after it), as SOP files do.
    static func pairs(_ n: Int, oneIn: UInt64, asFiles: Bool, _ random: inout SplitMix64) -> [Precedence] {
        let rank = Array(1..<(n - 1)).shuffled(using: &random)
        var follows = [[Bool]](repeating: [Bool](repeating: false, count: rank.count), count: rank.count)
        for a in 0..<rank.count {
            for b in (a + 1)..<max(a + 1, rank.count) where random.next() % oneIn == 0 { follows[a][b] = true }
        }
        if asFiles {
            // The closure: ranks only go forward, so b's successors are complete when b is reached.
            for b in 0..<rank.count {
                for a in 0..<b where follows[a][b] {
                    for c in b..<rank.count where follows[b][c] { follows[a][c] = true }
                }
            }
        }
        var precedence: [Precedence] = []
        for a in 0..<rank.count {
            for b in 0..<rank.count where follows[a][b] {
                precedence.append(Precedence(before: rank[a], after: rank[b]))
            }
        }
        if asFiles {
            for s in 1..<(n - 1) {
                precedence.append(Precedence(before: 0, after: s))
                precedence.append(Precedence(before: s, after: n - 1))
            }
        }
        return precedence
    }
}
