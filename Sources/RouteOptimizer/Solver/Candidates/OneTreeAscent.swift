/// Node penalties π that raise the minimum 1-tree bound, for α-nearness on the transformed
/// distances d(i, j) + π(i) + π(j) (which leaves every tour's ranking unchanged: each tour pays
/// 2 Σ π).
///
/// Sources: M. Held, R. M. Karp, "The Traveling-Salesman Problem and Minimum Spanning Trees",
/// Operations Research 18, 1970, and Part II, Mathematical Programming 1, 1971 (the 1-tree bound
/// and its subgradient ascent π += t · (degree − 2)); K. Helsgaun, European J. Operational
/// Research 126 (1), 2000, section 4.2 (α on the transformed distances gives far better
/// candidates). The step follows B. T. Polyak's rule, t = λ (U − W) / ‖degree − 2‖² with U a
/// tour length, λ halved whenever the bound W has not risen for a few iterations. Here the
/// 1-tree is a minimum spanning tree of every stop but the graph's ``SparseGraph/leaf`` plus the
/// two cheapest graph edges from that leaf.
/// - Parameters:
///   - graph: the edges the trees may use; with every edge of the complete graph the bound is a
///     lower bound on every tour's length, on a sparse graph an estimate (see ``SparseGraph``).
///   - upperBound: the length of a tour.
///   - iterations: 1-tree computations at most (each O(E log n) for E graph edges).
///   - stop: read after each iteration; true ends the ascent.
/// - Returns: the π of the best bound, and that bound W(π) (the 1-tree's length on the
///   transformed distances minus 2 Σ π).
func oneTreePenalties(
    graph: SparseGraph, upperBound: Int, iterations: Int,
    stop: () -> Bool
) -> (penalties: [Double], bound: Double) {
    let n = graph.count
    var bestPi = [Double](repeating: 0, count: n)
    guard n >= 4 else { return (bestPi, 0) }
    let special = graph.leaf
    let trees = SpanningTreeBuilder(graph)
    var pi = [Double](repeating: 0, count: n)
    var degree = [Int](repeating: 0, count: n)
    var bestW = -Double.infinity
    var lambda = 1.0
    var stall = 0
    for _ in 0..<iterations {
        let root = special == 0 ? 1 : 0
        guard
            var w = pi.withUnsafeBufferPointer({
                trees.build(penalties: $0.baseAddress!, root: root, excluded: special)
            })
        else { break }
        for v in 0..<n { degree[v] = 0 }
        for q in 1..<trees.treeSize {
            let v = Int(trees.order[q])
            degree[v] += 1
            degree[Int(trees.parent[v])] += 1
        }
        // The special stop joins its two cheapest neighbours in the graph.
        var first = -1, second = -1
        var c1 = Double.infinity, c2 = Double.infinity
        for e in Int(graph.offsets[special])..<Int(graph.offsets[special + 1]) {
            let v = Int(graph.targets[e])
            let c = Double(graph.weights[e]) + pi[special] + pi[v]
            if c < c1 { c2 = c1; second = first; c1 = c; first = v } else if c < c2 { c2 = c; second = v }
        }
        guard second >= 0 else { break }
        w += c1 + c2
        degree[special] = 2
        degree[first] += 1
        degree[second] += 1
        w -= 2 * pi.reduce(0, +)
        if w > bestW + 1e-9 {
            bestW = w
            bestPi = pi
            stall = 0
        } else {
            stall += 1
            if stall >= 5 { lambda /= 2; stall = 0 }
        }
        var norm = 0
        for v in 0..<n { norm += (degree[v] - 2) * (degree[v] - 2) }
        if norm == 0 { break }  // the 1-tree is a tour
        let t = lambda * max(Double(upperBound) - w, 0) / Double(norm)
        if t < 1e-6 { break }
        for v in 0..<n { pi[v] += t * Double(degree[v] - 2) }
        if stop() { break }
    }
    return (bestPi, bestW)
}
