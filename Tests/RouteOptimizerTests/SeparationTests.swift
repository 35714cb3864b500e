import GeoCore
import RaceKitCore
import Testing

@testable import RouteOptimizer

/// Separations: pairs of stops that should not follow each other (soft constraints).
struct SeparationTests {
    /// Every permutation's (adjacent separations, length), for the exact reference.
    static func bestByBruteForce(_ problem: RouteProblem) -> (adjacent: Int, length: Int) {
        var best = (adjacent: Int.max, length: Int.max)
        var order = Array(0..<problem.count)
        func permute(_ k: Int) {
            if k == order.count {
                guard problem.violations(of: order).isEmpty else { return }
                let key = (problem.adjacentSeparations(in: order).count, problem.length(of: order))
                if key < (best.adjacent, best.length) { best = key }
                return
            }
            for i in k..<order.count {
                order.swapAt(k, i)
                permute(k + 1)
                order.swapAt(k, i)
            }
        }
        permute(0)
        return best
    }

    @Test("the exact solver keeps separated pairs apart, then is shortest (brute force on 60 random problems)")
    func exactAgainstBruteForce() throws {
        var random = SplitMix64(seed: 18)
        for trial in 0..<60 {
            let n = 5 + trial % 4
            let matrix = Reference.matrix(n, symmetric: trial % 3 != 0, random: &random)
            var separations: [Separation] = []
            for _ in 0..<(1 + trial % 5) {
                let a = Int(random.next() % UInt64(n)), b = Int(random.next() % UInt64(n))
                if a != b { separations.append(Separation(a, b)) }
            }
            let shape: RouteShape = trial % 2 == 0 ? .closedTour() : .openPath(start: 0, finish: n - 1)
            let problem = try RouteProblem(matrix: matrix, shape: shape, separations: separations)
            let solution = try RouteSolver.solve(problem)
            let reference = Self.bestByBruteForce(problem)
            #expect(problem.adjacentSeparations(in: solution.order).count == reference.adjacent, "trial \(trial)")
            #expect(solution.length == reference.length, "trial \(trial)")
            #expect(solution.length == problem.length(of: solution.order), "the real length, not the penalised one")
            #expect(solution.isProvenOptimal)
        }
    }

    @Test("on a line the shortest order runs through neighbours; kept apart, it does not")
    func lineNeighbours() throws {
        // Stops at 0, 10, 20, …, 150 on a line: the shortest open path is in order.
        let n = 16
        let matrix = DistanceMatrix(count: n) { abs($0 - $1) * 10 }
        let plain = try RouteProblem(matrix: matrix, shape: .openPath(start: 0, finish: n - 1))
        #expect(try RouteSolver.solve(plain).order == Array(0..<n))
        let separations = [Separation(3, 4), Separation(9, 10)]
        let problem = try RouteProblem(
            matrix: matrix, shape: .openPath(start: 0, finish: n - 1), separations: separations)
        let solution = try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 200))
        #expect(problem.adjacentSeparations(in: solution.order).isEmpty, "\(solution.order)")
        // Each separated pair costs a detour: 3 → 5 → 4 → 6 is 20 + 10 + 20 instead of 30.
        #expect(solution.length == 150 + 2 * 20, "\(solution.order)")
    }

    @Test("a pair that no order can keep apart stays, and is reported")
    func unavoidable() throws {
        // Two stops: they always follow each other.
        let problem = try RouteProblem(
            matrix: DistanceMatrix(count: 2) { $0 == $1 ? 0 : 5 }, shape: .openPath(), separations: [Separation(0, 1)])
        let solution = try RouteSolver.solve(problem)
        #expect(problem.adjacentSeparations(in: solution.order) == [Separation(0, 1)])
        #expect(solution.length == 5)
    }

    @Test("a closed tour's return leg counts as following each other")
    func returnLeg() throws {
        let problem = try RouteProblem(
            matrix: DistanceMatrix(count: 4) { abs($0 - $1) }, shape: .closedTour(), separations: [Separation(0, 3)])
        #expect(problem.adjacentSeparations(in: [0, 1, 2, 3]) == [Separation(0, 3)])
        #expect(problem.adjacentSeparations(in: [0, 3, 1, 2]) == [Separation(0, 3)])
        #expect(problem.adjacentSeparations(in: [0, 1, 3, 2]).isEmpty)
    }

    @Test("fair variants put no more separated pairs together than the best order")
    func variants() throws {
        var random = SplitMix64(seed: 7)
        let matrix = Reference.matrix(20, symmetric: true, random: &random)
        let separations = (0..<6).map { Separation($0, $0 + 10) }
        let problem = try RouteProblem(matrix: matrix, separations: separations)
        let set = try RouteSolver.fairVariants(
            problem, count: 3, maxExcessPercent: 30, options: .init(timeLimit: nil, iterations: 100))
        let best = problem.adjacentSeparations(in: set.variants[0].solution.order).count
        for variant in set.variants {
            #expect(problem.adjacentSeparations(in: variant.solution.order).count <= best)
        }
    }

    @Test("a separation of a stop from itself or from no stop is an error")
    func invalid() {
        let matrix = DistanceMatrix(count: 3) { abs($0 - $1) }
        #expect(throws: InputError.self) { try RouteProblem(matrix: matrix, separations: [Separation(1, 1)]) }
        #expect(throws: InputError.self) { try RouteProblem(matrix: matrix, separations: [Separation(0, 3)]) }
    }
}
