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
func alphaNeighbours(
    count n: Int, k: Int, alphaCount: Int, parent: [Int32], order: [Int32],
    distance: UnsafePointer<Int32>, penalties pi: UnsafePointer<Double>
) -> [Int32] {
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
    var byAlpha = SmallestKeys(capacity: a), byCost = SmallestKeys(capacity: k)
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
        byAlpha.removeAll()
        byCost.removeAll()
        for q in 0..<n {
            let j = Int(walk[q])
            if j == i { continue }
            if mark[j] != i { beta[j] = max(beta[Int(up[j])], upCost[j]) }
            let c = cost(i, j)
            byAlpha.offer(RankedStop(first: c - beta[j], second: c, stop: Int32(j)))
            byCost.offer(RankedStop(first: c, second: 0, stop: Int32(j)))
        }
        var chosen = byAlpha.keys.map(\.stop)
        for key in byCost.keys where chosen.count < k && !chosen.contains(key.stop) { chosen.append(key.stop) }
        for m in 0..<k { lists[i * k + m] = chosen[m] }
    }
    return lists
}

/// A stop ranked by two numbers, then by its index.
struct RankedStop: Comparable {
    var first: Double, second: Double, stop: Int32

    static func < (a: Self, b: Self) -> Bool { (a.first, a.second, a.stop) < (b.first, b.second, b.stop) }
}

/// The `capacity` smallest of the keys offered, sorted (insertion into a short array: the
/// candidate lists keep a handful of the n stops, and most keys fail the first comparison).
struct SmallestKeys {
    let capacity: Int
    private(set) var keys: [RankedStop] = []

    init(capacity: Int) {
        self.capacity = capacity
        keys.reserveCapacity(capacity)
    }

    mutating func removeAll() { keys.removeAll(keepingCapacity: true) }

    @inline(__always) mutating func offer(_ key: RankedStop) {
        guard capacity > 0 else { return }
        if keys.count == capacity {
            guard key < keys[capacity - 1] else { return }
            keys.removeLast()
        }
        var slot = keys.count
        keys.append(key)
        while slot > 0 && key < keys[slot - 1] { keys[slot] = keys[slot - 1]; slot -= 1 }
        keys[slot] = key
    }
}
