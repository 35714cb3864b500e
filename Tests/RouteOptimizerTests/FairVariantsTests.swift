import GeoCore
import RaceKitCore
import Testing

@testable import RouteOptimizer

struct FairVariantsTests {
    @Test("variants stay within the allowed excess, differ, and share few legs", arguments: [9, 30])
    func variants(n: Int) throws {
        var random = SplitMix64(seed: UInt64(n))
        let problem = try RouteProblem(
            matrix: Reference.matrix(n, symmetric: false, random: &random), shape: .openPath(start: 0))
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

    @Test(
        "with both ends fixed, variants are distinct whenever enough distinct orders fit: brute force, 60 seeded cases of 5–10 stops"
    )
    func distinctWithFixedEnds() throws {
        for seed in 1...60 {
            var random = SplitMix64(seed: UInt64(seed))
            let n = 5 + seed % 6  // 5…10 stops: 6 to 40 320 orders between the ends
            let matrix = Reference.matrix(n, symmetric: seed % 2 == 0, random: &random)
            let problem = try RouteProblem(matrix: matrix, shape: .openPath(start: 0, finish: n - 1))
            let excess = [3.0, 10, 25][seed % 3]
            let set = try RouteSolver.fairVariants(
                problem, count: 3, maxExcessPercent: excess,
                options: RouteSolver.Options(timeLimit: nil, iterations: 40, seed: UInt64(seed)))
            // Every order between the fixed ends, by brute force.
            var lengths: [Int] = []
            var inner = Array(1..<(n - 1))
            func permute(_ k: Int) {
                if k == inner.count { lengths.append(problem.length(of: [0] + inner + [n - 1])); return }
                for i in k..<inner.count {
                    inner.swapAt(k, i); permute(k + 1); inner.swapAt(k, i)
                }
            }
            permute(0)
            let optimum = lengths.min()!
            let bound = optimum + Int((Double(optimum) * excess / 100).rounded(.down))
            let fittingOrders = lengths.filter { $0 <= bound }.count
            #expect(set.variants[0].solution.length == optimum, "seed \(seed): the first variant is the optimum")
            // The bound always holds: fewer variants rather than one over it.
            #expect(
                set.variants.allSatisfy { $0.solution.length <= bound }, "seed \(seed): a variant exceeds the bound")
            #expect(
                set.variants.allSatisfy { $0.excessPercent <= excess }, "seed \(seed): a reported excess over the bound"
            )
            #expect(
                Set(set.variants.map(\.solution.order)).count == set.variants.count, "seed \(seed): variants repeat")
            if problem.count <= RouteSolver.exhaustiveLimit {
                // Every order is a candidate there: exactly as many variants as fit, up to 3.
                #expect(set.variants.count == min(3, fittingOrders), "seed \(seed): \(fittingOrders) orders fit")
                #expect(set.requested == 3 && set.isShort == (fittingOrders < 3))
            } else if fittingOrders >= 3 {
                #expect(set.variants.count == 3, "seed \(seed): \(fittingOrders) orders fit, variants missing")
            }
        }
    }

    /// Fixed ends 0 and 3: the orders 0-1-2-3 (10 + 10 + 10 = 30) and 0-2-1-3 (15 + 10 + 15 = 40, +33.3 %).
    static let twoOrders = DistanceMatrix(count: 4) { i, j in
        let (a, b) = (min(i, j), max(i, j))
        return a == b ? 0 : (b - a == 1 ? 10 : (b - a == 2 ? 15 : 30))
    }

    @Test(
        "the bound is enforced: an order 33.3 % longer is no variant within 1 % or 33 %, but is within 34 %",
        arguments: [(1.0, 1), (33.0, 1), (34.0, 2)])
    func boundEnforced(excess: Double, expected: Int) throws {
        let problem = try RouteProblem(matrix: Self.twoOrders, shape: .openPath(start: 0, finish: 3))
        // 33 % of 30 is 9.9: the longest allowed is 39, so 40 does not fit; 34 % allows 40.
        let set = try RouteSolver.fairVariants(problem, count: 3, maxExcessPercent: excess)
        #expect(set.variants.map(\.solution.length) == Array([30, 40].prefix(expected)))
        #expect(set.requested == 3 && set.isShort)
        #expect(set.shortfall == "only \(expected) of 3 variants fit within \(Int(excess)) % of the shortest")
        if expected == 2 { #expect(abs(set.variants[1].excessPercent - 100.0 / 3) < 1e-9) }
    }

    @Test("bad options are errors")
    func badOptions() throws {
        let problem = try RouteProblem(matrix: DistanceMatrix(count: 3) { _, _ in 1 })
        #expect(throws: InputError.self) { try RouteSolver.fairVariants(problem, count: 0, maxExcessPercent: 5) }
    }
}
