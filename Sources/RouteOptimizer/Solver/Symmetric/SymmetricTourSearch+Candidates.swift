/// The candidate lists of ``SymmetricTourSearch`` after its first local optimum: α-nearness on
/// 1-tree penalties.
extension SymmetricTourSearch {
    /// Subgradient iterations for the 1-tree penalties at most: enough for candidates, not a bound.
    static let ascentIterations = 150
    /// Nearest neighbours per stop in the ascent's sparse graph (``SparseGraph``).
    static let ascentGraphNeighbours = 10
    /// The share of a time budget the penalties may take; on short budgets kicks use time better.
    static let ascentPercent = 5.0

    /// Rebuilds the candidate lists: every candidate by α-nearness on the distances transformed by
    /// 1-tree penalties (``oneTreePenalties(graph:upperBound:iterations:stop:)`` on a sparse graph,
    /// the current tour's length as the upper bound), as some optimal edges are α-near but far
    /// from nearest (lists with a share of nearest stops did worse); each list sorted by true
    /// distance, as the searches stop at the first neighbour whose partial gain is no longer
    /// positive.
    /// - Parameter stop: read after each subgradient iteration; true ends the ascent.
    func refineCandidates(_ stop: () -> Bool) {
        let graph = SparseGraph(count: n, nearest: ascentNearest, k: ascentNearest.count / n, distance: dist)
        let pi = oneTreePenalties(graph: graph, upperBound: length, iterations: Self.ascentIterations, stop: stop)
            .penalties
        let trees = SpanningTreeBuilder(graph)
        let lists = pi.withUnsafeBufferPointer { pi in
            _ = trees.build(penalties: pi.baseAddress!, root: 0, excluded: -1)
            return alphaNeighbours(
                count: n, k: k, alphaCount: k,
                parent: Array(UnsafeBufferPointer(start: trees.parent, count: n)),
                order: Array(UnsafeBufferPointer(start: trees.order, count: n)),
                distance: dist, penalties: pi.baseAddress!)
        }
        for i in 0..<n {
            let sorted = lists[(i * k)..<(i * k + k)].sorted { (d(i, Int($0)), $0) < (d(i, Int($1)), $1) }
            for m in 0..<k { neighbours[i * k + m] = sorted[m] }
        }
        for e in 0..<(n * k) { neighbourDistance[e] = Int32(truncatingIfNeeded: d(e / k, Int(neighbours[e]))) }
    }
}
