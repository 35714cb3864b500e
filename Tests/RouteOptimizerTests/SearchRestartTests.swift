import GeoCore
import Testing

@testable import RouteOptimizer

/// The constrained search's restarts: after ``ConstrainedOrderSearch/stagnationRounds`` rounds per
/// free stop without a shorter order it starts afresh, and it still ends on the shortest
/// order it found.
struct SearchRestartTests {
    /// Seeds 0–9 restart from fresh orders; 10–19 pin a stop between free stops, so they restart
    /// by kicks.
    @Test("a search that restarts ends on the optimum (Held–Karp) with every pair kept", arguments: 0..<20)
    func endsOnBest(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let n = 14
        var precedence = RandomPrecedence.pairs(n, oneIn: 6, asFiles: seed % 2 == 0, &random)
        let matrix = DistanceMatrix(count: n) { i, j in i == j ? 0 : Int(1 + random.next() % 1000) }
        var pins: [Pin] = []
        if seed >= 10 {
            // The pinned stop keeps only its pairs with the ends, which any position between them keeps.
            let pinned = 1 + Int(seed % UInt64(n - 2))
            precedence.removeAll {
                ($0.before == pinned && $0.after != n - 1) || ($0.after == pinned && $0.before != 0)
            }
            pins = [Pin(stop: pinned, position: 6)]
        }
        let problem = try RouteProblem(
            matrix: matrix, shape: .openPath(start: 0, finish: n - 1), precedence: precedence, pins: pins)
        let optimum = try #require(HeldKarp.solve(problem))

        let search = ConstrainedOrderSearch(problem, initial: RouteSolver.greedyOrder(problem), seed: seed)
        let free = n - 2
        let rounds = 6 * ConstrainedOrderSearch.stagnationRounds * free
        _ = search.run(SearchBudget(.init(timeLimit: nil, iterations: rounds, seed: seed)))
        #expect(search.restarts >= 1, "seed \(seed): no restart in \(rounds) rounds")
        #expect(search.length == optimum.length, "seed \(seed)")
        #expect(problem.length(of: search.order) == search.length, "seed \(seed)")
        var meter = FeasibilityMeter(problem)
        #expect(meter.measure(search.order.map { Int32($0) }).broken == 0, "seed \(seed)")
    }
}
