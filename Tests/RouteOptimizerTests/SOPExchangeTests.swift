import GeoCore
import Testing

@testable import RouteOptimizer

/// The SOP-3-exchange of the constrained search against brute force: after its local search, no
/// exchange of two adjacent blocks of at most ``ConstrainedOrderSearch/exchangeBlock`` stops that
/// keeps precedence is shorter, and every order it ends on keeps every pair.
struct SOPExchangeTests {
    /// A random SOP-like problem: a dense random precedence relation listed with its closure, every
    /// stop after the fixed start and before the fixed finish.
    private func denseProblem(_ n: Int, _ random: inout SplitMix64) throws -> RouteProblem {
        let precedence = RandomPrecedence.pairs(n, oneIn: 3, asFiles: true, &random)
        let matrix = DistanceMatrix(count: n) { i, j in i == j ? 0 : Int(random.next() % 1000) }
        return try RouteProblem(matrix: matrix, shape: .openPath(start: 0, finish: n - 1), precedence: precedence)
    }

    @Test("no block exchange improves the local search's order, and the order keeps every pair", arguments: 0..<12)
    func localOptimum(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let problem = try denseProblem(20 + Int(seed) * 4, &random)
        let search = ConstrainedOrderSearch(problem, initial: RouteSolver.greedyOrder(problem), seed: seed)
        _ = search.run(SearchBudget(.init(timeLimit: nil, iterations: 0, seed: seed)))
        var meter = FeasibilityMeter(problem)
        #expect(meter.measure(search.order.map { Int32($0) }).broken == 0, "seed \(seed)")

        let state = FreeSequence(problem, order: search.order)
        let limit = ConstrainedOrderSearch.exchangeBlock
        var improving: [BlockSwap] = [], feasible = 0
        for i in 0..<state.m {
            for j in (i + 1)..<min(state.m, i + 1 + limit) {
                for k in (j + 1)...min(state.m, j + limit) {
                    let move = BlockSwap(i, j, k)
                    guard state.keepsPrecedence(move) else { continue }
                    feasible += 1
                    if state.delta(move) < 0 { improving.append(move) }
                }
            }
        }
        #expect(improving.isEmpty, "seed \(seed): \(improving.prefix(3))")
        #expect(feasible > state.m, "seed \(seed): only \(feasible) feasible exchanges")
    }
}
