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

/// Candidate lists of `k` stops per stop, nearest first: the `alphaCount` stops of smallest
/// α-nearness (on the minimum spanning tree) plus the nearest stops up to `k` in all.
///
/// Source: K. Helsgaun, "An Effective Implementation of the Lin–Kernighan Traveling Salesman
/// Heuristic", European J. Operational Research 126 (1), 2000, section 4.1: α(i, j) is the
/// increase of the minimum 1-tree when it is forced to contain edge (i, j), i.e. d(i, j) minus the
/// longest edge on the tree path from i to j (β); computed for all pairs in O(n²) by walking the
/// tree in topological order. Here on the plain MST (no subgradient π), ties by distance.
/// Lists are kept in distance order because the searches stop at the first neighbour whose
/// partial gain is no longer positive.
/// - Complexity: O(n² + n · k²) time, O(n · k) memory.
func alphaNeighbours(count n: Int, k: Int, alphaCount: Int, distance: (Int, Int) -> Int) -> [Int32] {
    let k = min(k, max(n - 1, 0))
    let a = min(alphaCount, k)
    let nearest = nearestNeighbours(count: n, k: k, distance: distance)
    guard a > 0, n > 2 else { return nearest }
    // Prim's MST from stop 0; `order` is the topological order (parents first).
    var dad = [Int](repeating: 0, count: n)
    var key = [Int](repeating: Int.max, count: n)
    var inTree = [Bool](repeating: false, count: n)
    var order: [Int] = []
    order.reserveCapacity(n)
    key[0] = 0
    for _ in 0..<n {
        var u = -1
        for v in 0..<n where !inTree[v] && (u < 0 || key[v] < key[u]) { u = v }
        inTree[u] = true
        order.append(u)
        for v in 0..<n where !inTree[v] {
            let w = distance(u, v)
            if w < key[v] { key[v] = w; dad[v] = u }
        }
    }
    var beta = [Int](repeating: 0, count: n)
    var mark = [Int](repeating: -1, count: n)
    var keys = [(Int, Int)](repeating: (0, 0), count: a)
    var ids = [Int32](repeating: 0, count: a)
    var lists = [Int32](repeating: 0, count: n * k)
    for i in 0..<n {
        // β(i, j): the longest edge on the tree path from i to j.
        beta[i] = Int.min
        mark[i] = i
        var x = i
        while x != order[0] {
            let p = dad[x]
            beta[p] = max(beta[x], distance(x, p))
            mark[p] = i
            x = p
        }
        var filled = 0
        for j in order where j != i {
            if mark[j] != i { beta[j] = max(beta[dad[j]], distance(j, dad[j])) }
            let dij = distance(i, j)
            let kk = (dij - beta[j], dij)
            if filled == a && !(kk < keys[a - 1]) { continue }
            var slot = filled < a ? filled : a - 1
            if filled < a { filled += 1 }
            while slot > 0 && kk < keys[slot - 1] {
                keys[slot] = keys[slot - 1]; ids[slot] = ids[slot - 1]; slot -= 1
            }
            keys[slot] = kk; ids[slot] = Int32(j)
        }
        // The α-best, then the nearest not yet taken, up to k; sorted by distance.
        var chosen = Array(ids[0..<filled])
        for m in 0..<k where chosen.count < k {
            let c = nearest[i * k + m]
            if !chosen.contains(c) { chosen.append(c) }
        }
        chosen.sort { (distance(i, Int($0)), $0) < (distance(i, Int($1)), $1) }
        for m in 0..<k { lists[i * k + m] = chosen[m] }
    }
    return lists
}
