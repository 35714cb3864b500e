/// A starting tour by the greedy edge heuristic over the candidate lists: candidate edges
/// shortest first, each kept when both ends still have fewer than two tour edges and it closes no
/// cycle; the fragments left are then joined end to nearest free end.
///
/// Source: J. L. Bentley, ORSA J. Computing 4 (4), 1992 (greedy matching, "multiple fragment");
/// D. S. Johnson, L. A. McGeoch, "The Traveling Salesman Problem: A Case Study in Local
/// Optimization", 1997, section 2.1 and 3.3 (greedy starts give better 2-opt, 3-opt and
/// Lin–Kernighan tours than nearest neighbour starts).
/// - Parameters:
///   - lists: `k` candidates per stop (row-major, as ``alphaNeighbours``).
///   - fixedEdges: edges the tour must contain, taken first (each stop in at most two, no cycle).
/// - Complexity: O(n·k·log(n·k) + f·n) for f fragments.
func greedyEdgeTour(count n: Int, lists: [Int32], k: Int, fixedEdges: [(Int, Int)], distance: (Int, Int) -> Int)
    -> [Int]
{
    var adjacent = [Int](repeating: -1, count: 2 * n)
    var degree = [Int](repeating: 0, count: n)
    var parent = Array(0..<n)
    func find(_ x: Int) -> Int {
        var x = x
        while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
        return x
    }
    func link(_ a: Int, _ b: Int) {
        adjacent[2 * a + degree[a]] = b; degree[a] += 1
        adjacent[2 * b + degree[b]] = a; degree[b] += 1
        parent[find(a)] = find(b)
    }
    @inline(__always) func canLink(_ a: Int, _ b: Int) -> Bool { degree[a] < 2 && degree[b] < 2 && find(a) != find(b) }
    for (a, b) in fixedEdges where canLink(a, b) { link(a, b) }
    var edges: [(Int, Int32, Int32)] = []
    edges.reserveCapacity(n * k)
    for i in 0..<n {
        for m in 0..<k {
            let j = Int(lists[i * k + m])
            if i < j {
                edges.append((distance(i, j), Int32(i), Int32(j)))
            } else if !(0..<k).contains(where: { lists[j * k + $0] == Int32(i) }) {
                edges.append((distance(i, j), Int32(j), Int32(i)))
            }
        }
    }
    edges.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
    for (_, a, b) in edges where canLink(Int(a), Int(b)) { link(Int(a), Int(b)) }
    // The other end of the fragment that ends at `from`.
    func otherEnd(_ from: Int) -> Int {
        var previous = -1, current = from
        while true {
            let a = adjacent[2 * current], b = adjacent[2 * current + 1]
            let next = a >= 0 && a != previous ? a : (b >= 0 && b != previous ? b : -1)
            if next < 0 || (degree[current] == 1 && previous >= 0) { return current }
            previous = current
            current = next
        }
    }
    // Join fragments: from the far end of the current one to the nearest free end of another.
    if let first = (0..<n).first(where: { degree[$0] < 2 }) {
        var end = otherEnd(first)
        while true {
            var best = -1, bestDistance = Int.max
            let component = find(end)
            for v in 0..<n where degree[v] < 2 && v != end && find(v) != component {
                let dv = distance(end, v)
                if dv < bestDistance { bestDistance = dv; best = v }
            }
            if best < 0 { break }
            let far = otherEnd(best)
            link(end, best)
            end = far
        }
        if end != first { link(end, first) }
    }
    var order = [Int]()
    order.reserveCapacity(n)
    var previous = -1, current = 0
    for _ in 0..<n {
        order.append(current)
        let a = adjacent[2 * current]
        let next = a != previous ? a : adjacent[2 * current + 1]
        previous = current
        current = next
    }
    return order
}
