/// The K nearest stops of every stop, nearest first (ties by index), as candidate lists for the
/// local search.
///
/// Source: J. L. Bentley, "Fast Algorithms for Geometric Traveling Salesman Problems", ORSA
/// J. Computing 4 (4), 1992 (neighbour lists and don't-look bits make 2-opt and Or-opt nearly
/// linear per pass).
/// - Complexity: O(n² · K) time with insertion into a K-long list, O(n · K) memory.
func nearestNeighbours(count n: Int, k: Int, distance: (Int, Int) -> Int) -> [Int32] {
    let k = min(k, max(n - 1, 0))
    var lists = [Int32](repeating: 0, count: n * k)
    guard k > 0 else { return lists }
    var keys = [Int](repeating: 0, count: k)
    var ids = [Int32](repeating: 0, count: k)
    for i in 0..<n {
        var filled = 0
        for j in 0..<n where j != i {
            let key = distance(i, j)
            if filled == k && key >= keys[k - 1] { continue }
            var slot = filled < k ? filled : k - 1
            if filled < k { filled += 1 }
            while slot > 0 && keys[slot - 1] > key {
                keys[slot] = keys[slot - 1]
                ids[slot] = ids[slot - 1]
                slot -= 1
            }
            keys[slot] = key
            ids[slot] = Int32(j)
        }
        for m in 0..<k { lists[i * k + m] = ids[m] }
    }
    return lists
}

/// Candidate lists of `k` stops per stop: the `alphaCount` stops of smallest α-nearness on a
/// spanning tree, then the cheapest others up to `k` in all, in that order.
///
/// Source: K. Helsgaun, "An Effective Implementation of the Lin–Kernighan Traveling Salesman
/// Heuristic", European J. Operational Research 126 (1), 2000, section 4.1: α(i, j) is the
/// increase of the minimum 1-tree when it is forced to contain edge (i, j), i.e. c(i, j) minus the
/// longest edge on the tree path from i to j (β); computed for all pairs in O(n²) by walking the
/// tree in topological order. Here on a minimum spanning tree, ties by cost then index.
/// - Parameters:
///   - parent: each stop's parent in the tree (the root's is itself).
///   - order: the stops, parents before children.
///   - distance: the row-major n × n matrix; the costs are d(i, j) + π(i) + π(j), as the tree's.
///   - penalties: π.
/// - Complexity: O(n² + n · k²) time, O(n · k) memory.
func alphaNeighbours(count n: Int, k: Int, alphaCount: Int, parent: [Int32], order: [Int32],
                     distance: UnsafePointer<Int32>, penalties pi: UnsafePointer<Double>) -> [Int32] {
    let k = min(k, max(n - 1, 0))
    let a = min(alphaCount, k)
    var lists = [Int32](repeating: 0, count: n * k)
    guard k > 0 else { return lists }
    @inline(__always) func cost(_ i: Int, _ j: Int) -> Double { Double(distance[i &* n &+ j]) + pi[i] + pi[j] }
    let root = Int(order[0])
    var parentCost = [Double](repeating: -.infinity, count: n)
    for v in 0..<n where v != root { parentCost[v] = cost(v, Int(parent[v])) }
    // Scratch rows read for every pair: plain buffers, no bounds checks in the O(n²) loop.
    let beta = UnsafeMutablePointer<Double>.allocate(capacity: n)
    let mark = UnsafeMutablePointer<Int>.allocate(capacity: n)
    let up = UnsafeMutablePointer<Int32>.allocate(capacity: n)
    let upCost = UnsafeMutablePointer<Double>.allocate(capacity: n)
    let walk = UnsafeMutablePointer<Int32>.allocate(capacity: n)
    defer { beta.deallocate(); mark.deallocate(); up.deallocate(); upCost.deallocate(); walk.deallocate() }
    mark.initialize(repeating: -1, count: n)
    for q in 0..<n { walk[q] = order[q]; up[q] = parent[q]; upCost[q] = parentCost[q] }
    // The a smallest (α, cost, stop) and the k cheapest (cost, stop), kept sorted by insertion.
    var alphaKeys = [(Double, Double, Int32)](repeating: (0, 0, 0), count: max(a, 1))
    var nearKeys = [(Double, Int32)](repeating: (0, 0), count: k)
    for i in 0..<n {
        // β(i, j): the longest edge on the tree path from i to j; first along i's path to the root.
        beta[i] = -.infinity
        mark[i] = i
        var x = i
        while x != root {
            let p = Int(parent[x])
            beta[p] = max(beta[x], parentCost[x])
            mark[p] = i
            x = p
        }
        var alphaFilled = 0, nearFilled = 0
        var alphaWorst = Double.infinity, nearWorst = Double.infinity
        for q in 0..<n {
            let j = Int(walk[q])
            if j == i { continue }
            if mark[j] != i { beta[j] = max(beta[Int(up[j])], upCost[j]) }
            let c = cost(i, j)
            let alpha = c - beta[j]
            if alpha <= alphaWorst && a > 0 {
                let key = (alpha, c, Int32(j))
                if alphaFilled < a || key < alphaKeys[a - 1] {
                    var slot = alphaFilled < a ? alphaFilled : a - 1
                    if alphaFilled < a { alphaFilled += 1 }
                    while slot > 0 && key < alphaKeys[slot - 1] { alphaKeys[slot] = alphaKeys[slot - 1]; slot -= 1 }
                    alphaKeys[slot] = key
                    if alphaFilled == a { alphaWorst = alphaKeys[a - 1].0 }
                }
            }
            if c <= nearWorst {
                let key = (c, Int32(j))
                if nearFilled < k || key < nearKeys[k - 1] {
                    var slot = nearFilled < k ? nearFilled : k - 1
                    if nearFilled < k { nearFilled += 1 }
                    while slot > 0 && key < nearKeys[slot - 1] { nearKeys[slot] = nearKeys[slot - 1]; slot -= 1 }
                    nearKeys[slot] = key
                    if nearFilled == k { nearWorst = nearKeys[k - 1].0 }
                }
            }
        }
        var chosen = alphaKeys[0..<alphaFilled].map { $0.2 }
        for (_, j) in nearKeys[0..<nearFilled] where chosen.count < k && !chosen.contains(j) { chosen.append(j) }
        for m in 0..<k { lists[i * k + m] = chosen[m] }
    }
    return lists
}
