import GeoCore
import Testing

@testable import RouteOptimizer

/// The fresh orders the constrained search restarts from, checked step by step against the rule
/// they follow, on seeded random problems without pins or windows.
struct RandomGreedyOrderTests {
    /// A problem of `n` stops whose legs all differ (so "the nearest" is one stop), with random
    /// precedence as in TSPLIB's SOPs: an open path between fixed ends, a closed tour, or an open
    /// path without fixed ends.
    private func randomProblem(_ round: Int, _ random: inout SplitMix64) throws -> RouteProblem {
        let n = 5 + round % 30
        let weights = Array(1...(n * n)).shuffled(using: &random)
        let matrix = DistanceMatrix(count: n) { i, j in i == j ? 0 : weights[i * n + j] }
        switch round % 3 {
        case 0:
            let precedence = RandomPrecedence.pairs(n, oneIn: 2 + UInt64(round % 7), asFiles: round % 2 == 0, &random)
            return try RouteProblem(matrix: matrix, shape: .openPath(start: 0, finish: n - 1), precedence: precedence)
        case 1:
            return try RouteProblem(matrix: matrix, shape: .closedTour(start: Int(random.next() % UInt64(n))))
        default:
            // No fixed start: the first stop is drawn from all available ones.
            let precedence = RandomPrecedence.pairs(n, oneIn: 3, asFiles: false, &random)
            return try RouteProblem(matrix: matrix, shape: .openPath(start: nil, finish: nil), precedence: precedence)
        }
    }

    @Test(
        "each stop is one of the `choices` nearest whose predecessors are placed; every pair kept; the length recounted"
    )
    func followsTheRule() throws {
        var random = SplitMix64(seed: 7)
        for round in 0..<300 {
            let problem = try randomProblem(round, &random)
            let state = FreeSequence(problem, order: RouteSolver.greedyOrder(problem))
            let layout = state.layout
            let choices = 1 + round % 3
            let order = randomGreedyOrder(layout, choices: choices, random: &random) { state.d($0, $1) }

            let free = (0..<problem.count).filter { !layout.isFixed[$0] }
            #expect(order.map { Int($0) }.sorted() == free, "round \(round): not the free stops once each")
            // Replay: before each step, the stops whose predecessors (any pair of the problem) are placed.
            var placed = Set<Int>()
            var last = layout.headStop
            for (step, s) in order.map({ Int($0) }).enumerated() {
                let available = free.filter { t in
                    !placed.contains(t)
                        && problem.precedence.allSatisfy {
                            $0.after != t || layout.isFixed[$0.before] || placed.contains($0.before)
                        }
                }
                #expect(available.contains(s), "round \(round), step \(step): stop \(s) has a predecessor left")
                if last >= 0 {
                    let rank = available.filter { problem.matrix[Int(last), $0] < problem.matrix[Int(last), s] }.count
                    #expect(
                        rank < choices,
                        "round \(round), step \(step): \(rank) available stops are nearer than stop \(s)")
                }
                placed.insert(s)
                last = Int32(s)
            }

            state.load(order)
            #expect(state.length == problem.length(of: state.order), "round \(round)")
            var meter = FeasibilityMeter(problem)
            #expect(meter.measure(state.order.map { Int32($0) }).broken == 0, "round \(round)")
        }
    }
}
