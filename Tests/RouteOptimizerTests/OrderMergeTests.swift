import GeoCore
import Testing

@testable import RouteOptimizer

/// ``OrderMerge`` against a slow obvious reference: the reduced problem's optimum, read back as a
/// full order, is the shortest order of the full problem that keeps every constraint and every
/// leg the merge fixes (found by trying every order).
struct OrderMergeTests {
    /// The shapes the merge handles, by seed: a closed tour, a path with fixed ends (as TSPLIB's
    /// SOPs), a path with free ends.
    private static func shape(_ seed: UInt64, stops n: Int) -> RouteShape {
        switch seed % 3 {
        case 0: .closedTour()
        case 1: .openPath(start: 0, finish: n - 1)
        default: .openPath()
        }
    }

    /// A random order of `problem` that keeps its constraints, or nil after many tries.
    private func feasibleOrder(_ problem: RouteProblem, _ random: inout SplitMix64) -> [Int]? {
        for _ in 0..<2_000 {
            var order = Array(0..<problem.count).shuffled(using: &random)
            if let start = problem.shape.fixedStart {
                order.removeAll { $0 == start }
                order.insert(start, at: 0)
            }
            if let finish = problem.shape.fixedFinish {
                order.removeAll { $0 == finish }
                order.append(finish)
            }
            if problem.violations(of: order).isEmpty { return order }
        }
        return nil
    }

    /// The legs of `order` (the closing leg of a tour left out, as the merge leaves it out).
    private func legs(_ order: [Int]) -> Set<[Int]> { Set(zip(order, order.dropFirst()).map { [$0, $1] }) }

    /// The legs of `a` a merge with `b` fixes: those both take, but with a halo those within
    /// `halo.legs` places of a leg only `a` takes, unless that leaves more than `halo.limit`
    /// reduced stops (or nothing fixed).
    private func fixedLegs(_ a: [Int], _ b: [Int], halo: OrderMerge.Halo) -> Set<[Int]> {
        let inB = legs(b)
        let shared = (0..<(a.count - 1)).filter { inB.contains([a[$0], a[$0 + 1]]) }
        let differing = (0..<(a.count - 1)).filter { !shared.contains($0) }
        let kept = shared.filter { p in differing.allSatisfy { abs($0 - p) > halo.legs } }
        let chosen = !kept.isEmpty && a.count - kept.count <= halo.limit ? kept : shared
        return Set(chosen.map { [a[$0], a[$0 + 1]] })
    }

    @Test(
        "the merged order is the shortest that keeps the fixed legs, on random small problems, with and without a halo",
        arguments: 0..<90)
    func equalsEnumeration(seed: UInt64) throws {
        var random = SplitMix64(seed: 4_100 + seed)
        let n = 5 + Int(seed % 4)  // 5…8 stops
        let shape = Self.shape(seed, stops: n)
        let precedence = seed % 2 == 0 ? RandomPrecedence.pairs(n, oneIn: 3, asFiles: false, &random) : []
        let problem = try RouteProblem(
            matrix: Reference.matrix(n, symmetric: false, random: &random), shape: shape, precedence: precedence)
        let first = try #require(feasibleOrder(problem, &random), "seed \(seed)")
        // The second order: the first with a few random stops moved, when that keeps the
        // constraints, so the two share some legs (two random orders rarely do).
        var second = first
        for _ in 0..<3 {
            var moved = second
            let from = Int(random.next() % UInt64(n)), to = Int(random.next() % UInt64(n))
            moved.insert(moved.remove(at: from), at: to)
            if problem.violations(of: moved).isEmpty && moved.first == first.first { second = moved }
        }
        let (a, b) = problem.length(of: first) <= problem.length(of: second) ? (first, second) : (second, first)
        // No halo; a halo of one or two legs; a halo whose limit is often too small for it.
        let halo = OrderMerge.Halo(legs: Int(seed / 30), limit: seed % 2 == 0 ? n : 4)
        let fixed = fixedLegs(a, b, halo: halo)
        guard let merge = OrderMerge(problem, a, b, halo: halo) else {
            // Nothing to merge: the same order, or no shared leg (the reduced problem is the whole).
            #expect(a == b || fixed.isEmpty, "seed \(seed): no merge of two orders that share legs")
            return
        }
        #expect(merge.expand(merge.start) == a, "seed \(seed)")
        #expect(merge.problem.count == n - fixed.count, "seed \(seed): one reduced stop fewer per fixed leg")

        let reference = Reference.permutations(n)
            .filter { problem.violations(of: $0).isEmpty && fixed.isSubset(of: legs($0)) }
            .map { problem.length(of: $0) }.min()
        let reduced = try #require(HeldKarp.solve(merge.problem), "seed \(seed): the reduced problem has no order")
        let merged = merge.expand(reduced.order)
        #expect(problem.violations(of: merged).isEmpty, "seed \(seed)")
        #expect(fixed.isSubset(of: legs(merged)), "seed \(seed)")
        #expect(problem.length(of: merged) == reference, "seed \(seed)")
        #expect(problem.length(of: merged) <= problem.length(of: a), "seed \(seed)")
    }

    @Test("no merge of equal orders, or of a problem with pins or time windows")
    func declines() throws {
        var random = SplitMix64(seed: 7)
        let matrix = Reference.matrix(6, symmetric: false, random: &random)
        let order = [0, 1, 2, 3, 4, 5], other = [0, 2, 1, 3, 4, 5]
        #expect(OrderMerge(try RouteProblem(matrix: matrix), order, order) == nil)
        #expect(OrderMerge(try RouteProblem(matrix: matrix), order, other) != nil)
        let pinned = try RouteProblem(matrix: matrix, pins: [Pin(stop: 3, position: 3)])
        #expect(OrderMerge(pinned, order, other) == nil)
        let windows = try RouteProblem(
            matrix: matrix, timeWindows: [nil, nil, nil, TimeWindow(opens: 0, closes: 100_000), nil, nil])
        #expect(OrderMerge(windows, order, other) == nil)
    }
}
