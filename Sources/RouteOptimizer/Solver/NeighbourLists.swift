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
/// 1-tree is a minimum spanning tree on stops 1…n−1 plus the two shortest edges from stop 0.
/// - Parameters:
///   - upperBound: the length of a tour.
///   - iterations: 1-tree computations at most (each O(n²)).
///   - stop: read after each iteration; true ends the ascent.
/// - Returns: the π of the best bound, and that bound W(π) (the 1-tree's length on the
///   transformed distances minus 2 Σ π), a lower bound on every tour's length.
/// - Complexity: O(iterations · n²).
func oneTreePenalties(count n: Int, distance: UnsafePointer<Int32>, upperBound: Int, iterations: Int,
                      stop: () -> Bool) -> (penalties: [Double], bound: Double) {
    var bestPi = [Double](repeating: 0, count: n)
    guard n >= 4 else { return (bestPi, 0) }
    let pi = UnsafeMutablePointer<Double>.allocate(capacity: n)
    let key = UnsafeMutablePointer<Double>.allocate(capacity: n)
    let dad = UnsafeMutablePointer<Int32>.allocate(capacity: n)
    let rest = UnsafeMutablePointer<Int32>.allocate(capacity: n)
    let degree = UnsafeMutablePointer<Int>.allocate(capacity: n)
    let restPi = UnsafeMutablePointer<Double>.allocate(capacity: n)
    defer { restPi.deallocate(); pi.deallocate(); key.deallocate(); dad.deallocate(); rest.deallocate(); degree.deallocate() }
    pi.initialize(repeating: 0, count: n)
    var bestW = -Double.infinity
    var lambda = 1.0
    var stall = 0
    for _ in 0..<iterations {
        // Prim on stops 1…n−1 with costs d + π_i + π_j; the stops not yet in the tree are kept
        // packed (stop, key, π, parent) so each step reads them in order.
        for v in 0..<n { degree[v] = 0 }
        var restCount = n - 2
        for q in 0..<restCount {
            rest[q] = Int32(q + 2); key[q] = .infinity; restPi[q] = pi[q + 2]
        }
        var w = 0.0
        var u = 1
        while restCount > 0 {
            let row = distance + u &* n
            let pu = pi[u]
            var nextAt = 0
            var nextKey = Double.infinity
            for q in 0..<restCount {
                let c = Double(row[Int(rest[q])]) + pu + restPi[q]
                if c < key[q] { key[q] = c; dad[q] = Int32(truncatingIfNeeded: u) }
                let kq = key[q]
                if kq < nextKey { nextKey = kq; nextAt = q }
            }
            let next = Int(rest[nextAt])
            degree[next] += 1
            degree[Int(dad[nextAt])] += 1
            restCount -= 1
            rest[nextAt] = rest[restCount]; key[nextAt] = key[restCount]
            restPi[nextAt] = restPi[restCount]; dad[nextAt] = dad[restCount]
            w += nextKey
            u = next
        }
        // Stop 0 joins its two cheapest.
        var first = -1, second = -1
        var c1 = Double.infinity, c2 = Double.infinity
        for v in 1..<n {
            let c = Double(distance[v]) + pi[0] + pi[v]
            if c < c1 { c2 = c1; second = first; c1 = c; first = v } else if c < c2 { c2 = c; second = v }
        }
        w += c1 + c2
        degree[0] = 2
        degree[first] += 1
        degree[second] += 1
        var sum = 0.0
        for v in 0..<n { sum += pi[v] }
        w -= 2 * sum
        if w > bestW + 1e-9 {
            bestW = w
            for v in 0..<n { bestPi[v] = pi[v] }
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
