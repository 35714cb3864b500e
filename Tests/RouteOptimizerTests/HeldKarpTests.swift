import GeoCore
import RaceKitCore
import Testing

@testable import RouteOptimizer

/// Held–Karp against trying every permutation, over many seeded random instances.
struct HeldKarpTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let symmetric: Bool, closed: Bool, precedence: Bool, pins: Bool, windows: Bool
        var testDescription: String {
            "\(symmetric ? "sym" : "asym") \(closed ? "closed" : "open")\(precedence ? " +prec" : "")\(pins ? " +pins" : "")\(windows ? " +windows" : "")"
        }
    }

    static let cases: [Case] = [
        Case(symmetric: true, closed: true, precedence: false, pins: false, windows: false),
        Case(symmetric: false, closed: true, precedence: false, pins: false, windows: false),
        Case(symmetric: true, closed: false, precedence: false, pins: false, windows: false),
        Case(symmetric: false, closed: false, precedence: false, pins: false, windows: false),
        Case(symmetric: true, closed: true, precedence: true, pins: true, windows: false),
        Case(symmetric: false, closed: false, precedence: true, pins: true, windows: false),
        Case(symmetric: true, closed: false, precedence: false, pins: false, windows: true),
        Case(symmetric: false, closed: true, precedence: true, pins: false, windows: true),
    ]

    @Test("Held–Karp equals brute force (n ≤ 7, 25 instances per case)", arguments: cases)
    func equalsBruteForce(_ c: Case) throws {
        var random = SplitMix64(seed: 42)
        var feasible = 0
        for round in 0..<25 {
            let n = 4 + round % 4
            let problem = try Reference.problem(
                n, symmetric: c.symmetric, closed: c.closed, precedence: c.precedence,
                pins: c.pins, windows: c.windows, random: &random)
            let expected = Reference.bruteForce(problem)
            let exact = HeldKarp.solve(problem)
            #expect(exact?.length == expected, "round \(round)")
            if let exact {
                feasible += 1
                #expect(problem.violations(of: exact.order).isEmpty)
                #expect(problem.length(of: exact.order) == exact.length)
            }
        }
        #expect(feasible > 5)
    }

    @Test("an 8-stop asymmetric open path with precedence equals brute force")
    func eightStops() throws {
        var random = SplitMix64(seed: 8)
        for _ in 0..<3 {
            let problem = try Reference.problem(
                8, symmetric: false, closed: false, precedence: true, pins: false, windows: false,
                random: &random)
            #expect(HeldKarp.solve(problem)?.length == Reference.bruteForce(problem))
        }
    }

    @Test("windows that cannot all be met together: no feasible order")
    func infeasible() throws {
        let matrix = DistanceMatrix(count: 8) { _, _ in 100 }
        var windows = [TimeWindow?](repeating: nil, count: 8)
        windows[1] = TimeWindow(opens: 0, closes: 100)
        let ok = try RouteProblem(matrix: matrix, shape: .openPath(start: 0), timeWindows: windows)
        let solution = try RouteSolver.solve(ok)
        #expect(solution.length == 700 && solution.order[1] == 1)
        // Each of 1 and 2 can be reached in time alone (validation passes), not both.
        windows[2] = TimeWindow(opens: 0, closes: 100)
        let bad = try RouteProblem(matrix: matrix, shape: .openPath(start: 0), timeWindows: windows)
        #expect(
            throws: InputError(
                .noFeasibleOrder, "no order of the 8 stops satisfies every constraint (proven by exhaustive search)")
        ) {
            try RouteSolver.solve(bad)
        }
    }
}
