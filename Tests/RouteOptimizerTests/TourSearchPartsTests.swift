import GeoCore
import Testing

@testable import RouteOptimizer

/// The parts of the symmetric search: the greedy-edge start and the 1-tree penalties.
struct TourSearchPartsTests {
    @Test("greedy edge: a permutation that keeps every fixed edge, with and without fixed edges", arguments: [0, 1, 2])
    func greedyEdge(fixedCount: Int) {
        var random = SplitMix64(seed: 11)
        for round in 0..<20 {
            let n = 6 + round * 5
            let matrix = Reference.matrix(n, symmetric: true, random: &random)
            let lists = nearestNeighbours(count: n, k: min(5, n - 1)) { matrix[$0, $1] }
            // Fixed edges as the solver makes them for open paths: stop 0 tied to one or two others.
            let fixed = [(0, n / 2), (0, n - 1)].prefix(fixedCount).map { $0 }
            let tour = greedyEdgeTour(count: n, lists: lists, k: lists.count / n, fixedEdges: fixed) { matrix[$0, $1] }
            #expect(tour.count == n && Set(tour) == Set(0..<n), "round \(round)")
            var edges = Set<[Int]>()
            for p in 0..<n { edges.insert([tour[p], tour[(p + 1) % n]].sorted()) }
            for (a, b) in fixed {
                #expect(edges.contains([a, b].sorted()), "round \(round): fixed edge \(a)–\(b) lost")
            }
        }
    }

    @Test("1-tree penalties: the bound never exceeds the optimum (Held–Karp) and rises above the plain 1-tree")
    func oneTreeBound() throws {
        var random = SplitMix64(seed: 5)
        var raised = 0
        for round in 0..<12 {
            let n = 8 + round % 5
            let matrix = Reference.matrix(n, symmetric: true, random: &random)
            let optimum = try #require(HeldKarp.solve(try RouteProblem(matrix: matrix))).length
            // Every edge in the graph: the bound is a true lower bound.
            let graph = Reference.completeGraph(matrix)
            let plain = oneTreePenalties(graph: graph, upperBound: optimum, iterations: 1) { false }.bound
            let ascended = oneTreePenalties(graph: graph, upperBound: optimum, iterations: 100) { false }
            #expect(
                ascended.bound <= Double(optimum) + 1e-6, "round \(round): bound \(ascended.bound) > optimum \(optimum)"
            )
            #expect(ascended.bound >= plain - 1e-6)
            if ascended.bound > plain + 1e-6 { raised += 1 }
            // The transformed distances rank tours as the true ones do: each tour pays 2 Σ π more.
            let shift = 2 * ascended.penalties.reduce(0, +)
            let order = Array(0..<n)
            var transformed = 0.0
            for p in 0..<n {
                let a = order[p], b = order[(p + 1) % n]
                transformed += Double(matrix[a, b]) + ascended.penalties[a] + ascended.penalties[b]
            }
            #expect(abs(transformed - shift - Double(matrix.length(of: order, closed: true))) < 1e-6)
        }
        #expect(raised >= 6, "the ascent raised the bound on \(raised) of 12")
    }

    @Test("the search stops a time-limited ascent at its share of the budget")
    func ascentShare() throws {
        final class Ticks: @unchecked Sendable { var now = 0.0 }
        let ticks = Ticks()
        var random = SplitMix64(seed: 3)
        let problem = try RouteProblem(matrix: Reference.matrix(40, symmetric: true, random: &random))
        // A clock that advances one second per read: the ascent may read it ascentPercent % of 100
        // times, the kicks read it once per 16 rounds and the merges of walks a few times more.
        // An ascent not cut to its share would take all 100 reads (150 iterations) and leave no rounds.
        let options = RouteSolver.Options(
            timeLimit: 100, seed: 1,
            clock: {
                ticks.now += 1; return ticks.now
            })
        let solution = try RouteSolver.solve(problem, options: options)
        #expect(solution.iterations > 16 * (100 - Int(SymmetricTourSearch.ascentPercent)) / 2)
        #expect(Set(solution.order) == Set(0..<40))
    }
}
