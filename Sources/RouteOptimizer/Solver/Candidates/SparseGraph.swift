/// A sparse undirected graph on the stops, in compressed rows, for the minimum spanning trees of
/// the 1-tree ascent (``oneTreePenalties(graph:upperBound:iterations:stop:)``): each stop's
/// nearest neighbours plus the edges of a minimum spanning tree of the complete graph, so it is
/// connected and its own minimum spanning tree (with no penalties) is the complete graph's.
///
/// Penalties can make an edge outside the graph part of the complete graph's minimum 1-tree, so
/// on a sparse graph the ascent's bound is an estimate from above of the true 1-tree bound;
/// ranking candidates needs only penalties that are about right, and a tree on ~10 edges per stop
/// costs O(n·k·log n) instead of O(n²) (the ascent itself: K. Helsgaun, "An Effective
/// Implementation of the Lin–Kernighan Traveling Salesman Heuristic", European J. Operational
/// Research 126 (1), 2000, section 4.2, whose program makes the same trade when it is given a
/// sparse candidate graph). The final tours were as good as with the complete graph, within the
/// spread between seeds (docs/optimizer-tuning.md).
struct SparseGraph {
    let count: Int
    /// Row `v` is `targets[offsets[v] ..< offsets[v + 1]]`, with the same-index `weights`.
    let offsets: [Int32]
    let targets: [Int32]
    let weights: [Int32]
    /// A stop that is a leaf of the complete graph's minimum spanning tree: every other stop stays
    /// connected without it, so it can be the 1-tree's special stop.
    let leaf: Int

    /// - Parameters:
    ///   - nearest: `k` nearest stops per stop, row-major (as ``nearestNeighbours(count:k:distance:)``);
    ///     every edge is taken in both directions.
    ///   - distance: a symmetric matrix, row-major n × n.
    /// - Complexity: O(n²) for the spanning tree, O(n·k) memory.
    init(count n: Int, nearest: [Int32], k: Int, distance: UnsafePointer<Int32>) {
        precondition(n >= 2 && nearest.count == n * k)
        count = n
        // Prim's minimum spanning tree of the complete graph (O(n²)), for connectivity and a leaf.
        var parent = [Int](repeating: 0, count: n)
        var key = [Int32](repeating: .max, count: n)
        var inTree = [Bool](repeating: false, count: n)
        var children = [Int](repeating: 0, count: n)
        var u = 0
        inTree[0] = true
        for _ in 1..<n {
            let row = distance + u * n
            var next = -1
            for v in 0..<n where !inTree[v] {
                if row[v] < key[v] { key[v] = row[v]; parent[v] = u }
                if next < 0 || key[v] < key[next] { next = v }
            }
            inTree[next] = true
            children[parent[next]] += 1
            u = next
        }
        // Any stop but the root (0) without children; there is one as soon as n ≥ 2.
        leaf = (1..<n).last { children[$0] == 0 } ?? 0
        // Rows: the nearest lists, both directions, plus the tree edges; duplicates dropped.
        var rows = [[Int32]](repeating: [], count: n)
        func add(_ a: Int, _ b: Int) {
            if !rows[a].contains(Int32(b)) { rows[a].append(Int32(b)) }
            if !rows[b].contains(Int32(a)) { rows[b].append(Int32(a)) }
        }
        for i in 0..<n { for m in 0..<k { add(i, Int(nearest[i * k + m])) } }
        for v in 1..<n { add(v, parent[v]) }
        var offsets = [Int32](repeating: 0, count: n + 1)
        var targets: [Int32] = [], weights: [Int32] = []
        for i in 0..<n {
            rows[i].sort()
            targets.append(contentsOf: rows[i])
            weights.append(contentsOf: rows[i].map { distance[i * n + Int($0)] })
            offsets[i + 1] = Int32(targets.count)
        }
        self.offsets = offsets
        self.targets = targets
        self.weights = weights
    }
}
