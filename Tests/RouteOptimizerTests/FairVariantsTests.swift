import GeoCore
import Testing
@testable import RouteOptimizer

struct FairVariantsTests {
    @Test("variants stay within the allowed excess, differ, and share few legs", arguments: [9, 30])
    func variants(n: Int) throws {
        var random = SplitMix64(seed: UInt64(n))
        let problem = try RouteProblem(matrix: Reference.matrix(n, symmetric: false, random: &random), shape: .openPath(start: 0))
        let options = RouteSolver.Options(timeLimit: nil, iterations: 60, seed: 2)
        let set = try RouteSolver.fairVariants(problem, count: 3, maxExcessPercent: 15, options: options)
        #expect(set.variants.count == 3)
        let best = set.variants[0].solution.length
        for variant in set.variants {
            #expect(problem.violations(of: variant.solution.order).isEmpty)
            #expect(variant.solution.length <= best + best * 15 / 100)
        }
        #expect(Set(set.variants.map(\.solution.order)).count == 3)
        #expect(set.variants[1].sharedLegs < n - 1)
        #expect(set.spread == set.longest - set.shortest && set.shared[0][0] == n - 1)
    }

    @Test("a symmetric closed tour's reverse is a perfect second variant")
    func reverse() throws {
        var random = SplitMix64(seed: 3)
        let problem = try RouteProblem(matrix: Reference.matrix(10, symmetric: true, random: &random))
        let set = try RouteSolver.fairVariants(problem, count: 2, maxExcessPercent: 0)
        #expect(set.variants[1].sharedLegs == 0 && set.spread == 0)
        #expect(set.variants[1].solution.order[0] == 0)
    }

    @Test("bad options are errors")
    func badOptions() throws {
        let problem = try RouteProblem(matrix: DistanceMatrix(count: 3) { _, _ in 1 })
        #expect(throws: RouteOptimizerError.self) { try RouteSolver.fairVariants(problem, count: 0, maxExcessPercent: 5) }
    }
}
