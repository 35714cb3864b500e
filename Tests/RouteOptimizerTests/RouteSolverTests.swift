import GeoCore
import Testing

@testable import RouteOptimizer

/// The heuristics against Held–Karp, constraints, determinism, open paths.
struct RouteSolverTests {
    /// Heuristic-only options: no exact solving above 7 stops, a fixed number of rounds.
    private func heuristic(rounds: Int = 300, seed: UInt64 = 1) -> RouteSolver.Options {
        RouteSolver.Options(timeLimit: nil, iterations: rounds, seed: seed, exactLimit: 0, exactPrefixLimit: 0)
    }

    @Test(
        "the heuristics find the Held–Karp optimum on most random 10–12 stop instances and never break a constraint",
        arguments: [(true, false), (false, false), (true, true), (false, true)])
    func matchesExact(symmetric: Bool, constrained: Bool) throws {
        var random = SplitMix64(seed: symmetric ? 10 : 11)
        var optimal = 0, total = 0
        for round in 0..<10 {
            let n = 10 + round % 3
            let problem = try Reference.problem(
                n, symmetric: symmetric, closed: round % 2 == 0, precedence: constrained,
                pins: constrained, windows: false, random: &random)
            let exact = try #require(HeldKarp.solve(problem))
            let found = try RouteSolver.solve(problem, options: heuristic(rounds: 100))
            #expect(!found.isProvenOptimal && found.method != .heldKarp)
            #expect(problem.violations(of: found.order).isEmpty, "\(problem.violations(of: found.order))")
            #expect(found.length == problem.length(of: found.order))
            #expect(found.length >= exact.length)
            total += 1
            if found.length == exact.length { optimal += 1 }
        }
        // Measured at 100 rounds: 10/10 in all four cases (the constrained engine had 9/10 symmetric
        // and 5/10 asymmetric with precedence and pins before it moved stops across pins and gained
        // segment insertion, neighbour lists and kicks over the whole order on small instances).
        #expect(optimal * 10 >= total * 8, "optimal on \(optimal) of \(total)")
    }

    @Test(
        "the constrained engine against Held–Karp: 40 seeded asymmetric 9–12 stop instances, precedence and pins, open and closed",
        arguments: [false, true])
    func constrainedMatchesExact(windows: Bool) throws {
        var random = SplitMix64(seed: windows ? 22 : 21)
        var optimal = 0, solved = 0, total = 0
        for round in 0..<40 {
            let problem = try Reference.problem(
                9 + round % 4, symmetric: false, closed: round % 2 == 0, precedence: true, pins: true,
                windows: windows, random: &random)
            guard let exact = HeldKarp.solve(problem) else { continue }
            total += 1
            guard let found = try? RouteSolver.solve(problem, options: heuristic(rounds: 100, seed: UInt64(round)))
            else { continue }
            solved += 1
            #expect(found.method == .constrainedLocalSearch)
            #expect(
                problem.violations(of: found.order).isEmpty, "round \(round): \(problem.violations(of: found.order))")
            #expect(found.length == problem.length(of: found.order) && found.length >= exact.length)
            if found.length == exact.length { optimal += 1 }
        }
        // Measured at 100 rounds: optimal on 39 of 40 without windows; with windows 28 instances are
        // feasible, all solved, 26 optimally. (The engine before: 33 of 40; with windows 16 of 28,
        // and it gave up on one feasible instance.)
        #expect(total >= (windows ? 25 : 40))
        #expect(solved == total, "solved \(solved) of \(total)")
        #expect(optimal * 100 >= total * 85, "optimal on \(optimal) of \(total)")
    }

    @Test("with time windows the heuristic's orders are feasible and never beat the exact optimum")
    func windows() throws {
        var random = SplitMix64(seed: 12)
        var checked = 0
        for _ in 0..<12 {
            let problem = try Reference.problem(
                10, symmetric: false, closed: false, precedence: true, pins: false, windows: true,
                random: &random)
            guard let exact = HeldKarp.solve(problem) else { continue }
            guard let found = try? RouteSolver.solve(problem, options: heuristic(rounds: 100)) else { continue }
            #expect(problem.violations(of: found.order).isEmpty)
            #expect(found.length >= exact.length)
            checked += 1
        }
        #expect(checked >= 4)
    }

    @Test("same seed and iterations, same order; the symmetric engine on 60 stops")
    func determinism() throws {
        var random = SplitMix64(seed: 5)
        let problem = try RouteProblem(matrix: Reference.matrix(60, symmetric: true, random: &random))
        let a = try RouteSolver.solve(problem, options: heuristic(rounds: 200, seed: 9))
        let b = try RouteSolver.solve(problem, options: heuristic(rounds: 200, seed: 9))
        #expect(a == b)
        #expect(a.method == .symmetricLocalSearch && a.iterations == 200)
        #expect(Set(a.order) == Set(0..<60) && a.order[0] == 0)
        let asymmetric = try RouteProblem(matrix: Reference.matrix(30, symmetric: false, random: &random))
        let c = try RouteSolver.solve(asymmetric, options: heuristic(rounds: 100, seed: 3))
        #expect(c == (try RouteSolver.solve(asymmetric, options: heuristic(rounds: 100, seed: 3))))
        #expect(c.method == .constrainedLocalSearch)
    }

    @Test("open paths keep their fixed ends, in both engines", arguments: [true, false])
    func openPaths(symmetric: Bool) throws {
        var random = SplitMix64(seed: 6)
        let matrix = Reference.matrix(40, symmetric: symmetric, random: &random)
        for shape in [
            RouteShape.openPath(start: 3, finish: 17), .openPath(start: 5), .openPath(finish: 9), .openPath(),
        ] {
            let problem = try RouteProblem(matrix: matrix, shape: shape)
            let solution = try RouteSolver.solve(problem, options: heuristic(rounds: 100))
            #expect(Set(solution.order) == Set(0..<40))
            if let s = shape.fixedStart { #expect(solution.order.first == s) }
            if let f = shape.fixedFinish { #expect(solution.order.last == f) }
            #expect(solution.length == matrix.length(of: solution.order, closed: false))
        }
    }

    @Test("open paths keep their fixed ends through the symmetric engine's walk merges (walks of 15·n rounds)")
    func openPathsThroughMerges() throws {
        var random = SplitMix64(seed: 16)
        for round in 0..<9 {
            let n = 30 + round * 5
            let matrix = Reference.matrix(n, symmetric: true, random: &random)
            let shape = [RouteShape.openPath(start: 3), .openPath(finish: 9), .openPath(start: 3, finish: 9)][round % 3]
            let problem = try RouteProblem(matrix: matrix, shape: shape)
            // Six walks of the search's 15·(n + 1) rounds (the dummy stop of an open path counts).
            let options = heuristic(rounds: 6 * 15 * (n + 1), seed: UInt64(round + 1))
            let solution = try RouteSolver.solve(problem, options: options)
            #expect(Set(solution.order) == Set(0..<n), "round \(round)")
            if let s = shape.fixedStart { #expect(solution.order.first == s, "round \(round): \(shape)") }
            if let f = shape.fixedFinish { #expect(solution.order.last == f, "round \(round): \(shape)") }
        }
    }

    @Test("a fake clock ends a time-limited search after a known number of reads")
    func injectedClock() throws {
        final class Ticks: @unchecked Sendable { var now = 0.0 }
        let ticks = Ticks()
        var random = SplitMix64(seed: 7)
        let problem = try RouteProblem(matrix: Reference.matrix(50, symmetric: true, random: &random))
        let options = RouteSolver.Options(
            timeLimit: 10, seed: 1,
            clock: {
                ticks.now += 1; return ticks.now
            })
        let solution = try RouteSolver.solve(problem, options: options)
        // The clock is read at the start, by the 1-tree ascent until its share of the budget is
        // spent (two reads here) and every 16 rounds: 10 ticks allow 16 × 7 + … rounds.
        #expect(solution.iterations > 0 && solution.iterations < 200)
    }

    @Test("haversine matrix: symmetric whole metres")
    func haversine() throws {
        let points = [
            try Coordinate(latitude: 48.8566, longitude: 2.3522), try Coordinate(latitude: 51.5074, longitude: -0.1278),
        ]
        let matrix = DistanceMatrix(haversineBetween: points)
        #expect(matrix[0, 1] == matrix[1, 0])
        #expect(matrix[0, 1] == Int(Haversine.distanceMeters(points[0], points[1]).rounded()))
        #expect(abs(matrix[0, 1] - 343_560) < 1_000)
    }
}
