import GeoCore
import Testing

@testable import RouteOptimizer

/// The 1-tree ascent's sparse graph, its spanning trees and the α-nearness lists, against slow
/// obvious references (Kruskal on every edge, tree paths walked one by one).
struct SparseGraphTests {
    /// Random penalties of up to ±`scale`.
    private func penalties(_ n: Int, scale: Double, random: inout SplitMix64) -> [Double] {
        (0..<n).map { _ in (Double(random.next() % 2001) / 1000 - 1) * scale }
    }

    /// The minimum spanning tree's cost on `graph` without `excluded`, by Kruskal over its edges
    /// sorted by cost (nil when not connected).
    private func kruskal(_ graph: SparseGraph, _ pi: [Double], excluded: Int) -> Double? {
        let n = graph.count
        var edges: [(Double, Int, Int)] = []
        for v in 0..<n where v != excluded {
            for e in Int(graph.offsets[v])..<Int(graph.offsets[v + 1]) {
                let u = Int(graph.targets[e])
                if u > v && u != excluded { edges.append((Double(graph.weights[e]) + pi[v] + pi[u], v, u)) }
            }
        }
        edges.sort { $0.0 < $1.0 }
        var root = Array(0..<n)
        func find(_ x: Int) -> Int { root[x] == x ? x : find(root[x]) }
        var total = 0.0, joined = 0
        for (c, v, u) in edges where find(v) != find(u) {
            root[find(v)] = find(u)
            total += c
            joined += 1
        }
        return joined == n - (excluded >= 0 ? 2 : 1) ? total : nil
    }

    @Test("the graph: symmetric rows with the matrix's weights, every nearest edge, connected without its leaf")
    func graphShape() {
        var random = SplitMix64(seed: 21)
        for round in 0..<20 {
            let n = 5 + round * 4
            let matrix = Reference.matrix(n, symmetric: true, random: &random)
            let k = min(4, n - 1)
            let nearest = nearestNeighbours(count: n, k: k) { matrix[$0, $1] }
            let graph = Reference.sparseGraph(matrix, nearest: nearest, k: k)
            var rows = [Set<Int>](repeating: [], count: n)
            for v in 0..<n {
                for e in Int(graph.offsets[v])..<Int(graph.offsets[v + 1]) {
                    let u = Int(graph.targets[e])
                    #expect(Int(graph.weights[e]) == matrix[v, u])
                    #expect(u != v)
                    rows[v].insert(u)
                }
                #expect(
                    rows[v].count == Int(graph.offsets[v + 1] - graph.offsets[v]),
                    "round \(round): duplicate in row \(v)")
            }
            for v in 0..<n {
                for u in rows[v] { #expect(rows[u].contains(v), "round \(round): \(v)–\(u) one way only") }
                for m in 0..<k { #expect(rows[v].contains(Int(nearest[v * k + m]))) }
            }
            let zero = [Double](repeating: 0, count: n)
            #expect(
                kruskal(graph, zero, excluded: graph.leaf) != nil,
                "round \(round): disconnected without leaf \(graph.leaf)")
            // With the complete graph's minimum spanning tree inside, the sparse tree costs the same.
            #expect(
                abs(kruskal(graph, zero, excluded: -1)! - kruskal(Reference.completeGraph(matrix), zero, excluded: -1)!)
                    < 1e-6)
        }
    }

    @Test("Prim on the graph: Kruskal's cost, a tree whose parents come first, with and without an excluded stop")
    func spanningTrees() throws {
        var random = SplitMix64(seed: 22)
        for round in 0..<40 {
            let n = 4 + round * 2
            let matrix = Reference.matrix(n, symmetric: true, random: &random)
            let graph =
                round % 2 == 0
                ? Reference.completeGraph(matrix)
                : Reference.sparseGraph(
                    matrix, nearest: nearestNeighbours(count: n, k: min(3, n - 1)) { matrix[$0, $1] }, k: min(3, n - 1))
            let pi = penalties(n, scale: round % 3 == 0 ? 0 : 300, random: &random)
            let excluded = round % 4 < 2 ? -1 : graph.leaf
            let root = excluded == 0 ? 1 : 0
            let builder = SpanningTreeBuilder(graph)
            let cost = try #require(
                pi.withUnsafeBufferPointer { builder.build(penalties: $0.baseAddress!, root: root, excluded: excluded) }
            )
            let reference = try #require(kruskal(graph, pi, excluded: excluded))
            #expect(abs(cost - reference) < 1e-6, "round \(round): Prim \(cost), Kruskal \(reference)")
            #expect(builder.treeSize == n - (excluded >= 0 ? 1 : 0))
            var seen = Set<Int>()
            var total = 0.0
            for q in 0..<builder.treeSize {
                let v = Int(builder.order[q]), p = Int(builder.parent[v])
                #expect(v != excluded)
                if q == 0 {
                    #expect(v == root && p == root)
                } else {
                    #expect(seen.contains(p), "round \(round): \(v) before its parent \(p)")
                    total += Double(matrix[v, p]) + pi[v] + pi[p]
                }
                seen.insert(v)
            }
            #expect(abs(total - cost) < 1e-6)
        }
    }

    @Test("α-nearness lists: the α-smallest by walking tree paths, then the cheapest others")
    func alphaLists() throws {
        var random = SplitMix64(seed: 23)
        for round in 0..<16 {
            let n = 6 + round * 2
            let matrix = Reference.matrix(n, symmetric: true, random: &random)
            let graph = Reference.completeGraph(matrix)
            let pi = penalties(n, scale: round % 2 == 0 ? 0 : 200, random: &random)
            let builder = SpanningTreeBuilder(graph)
            let parent = try pi.withUnsafeBufferPointer { p in
                _ = try #require(builder.build(penalties: p.baseAddress!, root: 0, excluded: -1))
                return Array(UnsafeBufferPointer(start: builder.parent, count: n))
            }
            let order = Array(UnsafeBufferPointer(start: builder.order, count: n))
            let (k, a) = (min(5, n - 1), 3)
            let lists = matrix.entries.withUnsafeBufferPointer { d in
                pi.withUnsafeBufferPointer { p in
                    alphaNeighbours(
                        count: n, k: k, alphaCount: a, parent: parent, order: order, distance: d.baseAddress!,
                        penalties: p.baseAddress!)
                }
            }
            func cost(_ i: Int, _ j: Int) -> Double { Double(matrix[i, j]) + pi[i] + pi[j] }
            // The path from i to j in the tree, by walking both up to their common ancestor.
            func ancestors(_ v: Int) -> [Int] {
                var path = [v], x = v
                while Int(parent[x]) != x { x = Int(parent[x]); path.append(x) }
                return path
            }
            func beta(_ i: Int, _ j: Int) -> Double {
                let (pi_, pj) = (ancestors(i), ancestors(j))
                let common = pi_.first { pj.contains($0) }!
                var longest = -Double.infinity
                for path in [pi_, pj] {
                    for q in 0..<path.firstIndex(of: common)! { longest = max(longest, cost(path[q], path[q + 1])) }
                }
                return longest
            }
            for i in 0..<n {
                let others = (0..<n).filter { $0 != i }
                let byAlpha = others.sorted {
                    (cost(i, $0) - beta(i, $0), cost(i, $0), $0) < (cost(i, $1) - beta(i, $1), cost(i, $1), $1)
                }
                let expected = Array(byAlpha.prefix(a))
                let rest = others.filter { !expected.contains($0) }.sorted { (cost(i, $0), $0) < (cost(i, $1), $1) }
                let got = (0..<k).map { Int(lists[i * k + $0]) }
                #expect(got == expected + rest.prefix(k - a), "round \(round), stop \(i)")
            }
        }
    }
}
