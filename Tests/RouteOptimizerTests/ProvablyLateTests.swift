import GeoCore
import Testing

@testable import RouteOptimizer

/// The quick infeasibility proof for time windows (``RouteSolver/provablyLate(_:)``): never on a
/// feasible problem, and it spares the search its whole budget on an obviously infeasible one.
struct ProvablyLateTests {
    /// A valid random problem with tight windows on half the stops (often infeasible), precedence
    /// and pins by `round`.
    private func tight(_ n: Int, _ round: Int, _ random: inout SplitMix64) -> RouteProblem? {
        let matrix = Reference.matrix(n, symmetric: round % 4 == 0, random: &random)
        let closed = round % 2 == 0
        let start: Int? = closed || round % 3 != 0 ? Int(random.next() % UInt64(n)) : nil
        var finish: Int? = nil
        if !closed && round % 5 != 0 {
            let f = Int(random.next() % UInt64(n))
            if f != start { finish = f }
        }
        let rank = Array(0..<n).shuffled(using: &random)
        var pairs: [Precedence] = []
        for _ in 0..<(round % 3) {
            let a = Int(random.next() % UInt64(n)), b = Int(random.next() % UInt64(n))
            if a != b {
                pairs.append(rank[a] < rank[b] ? Precedence(before: a, after: b) : Precedence(before: b, after: a))
            }
        }
        var pins: [Pin] = []
        for _ in 0..<(round % 4 == 1 ? 2 : 0) {
            let s = Int(random.next() % UInt64(n)), p = 1 + Int(random.next() % UInt64(n - 2))
            if s != start && s != finish && !pins.contains(where: { $0.stop == s || $0.position == p }) {
                pins.append(Pin(stop: s, position: p))
            }
        }
        let windows: [TimeWindow?] = (0..<n).map { _ in
            guard random.next() % 2 == 0 else { return nil }
            let opens = Int(random.next() % 6000)
            return TimeWindow(opens: opens, closes: opens + Int(random.next() % 1500))
        }
        let shape: RouteShape = closed ? .closedTour(start: start) : .openPath(start: start, finish: finish)
        return try? RouteProblem(
            matrix: matrix, shape: shape, precedence: pairs, pins: pins, timeWindows: windows,
            serviceTimes: (0..<n).map { _ in Int(random.next() % 50) })
    }

    @Test("never claims a feasible problem is infeasible (against Held–Karp), and catches some infeasible ones")
    func soundAgainstExact() {
        var random = SplitMix64(seed: 31)
        var feasible = 0, infeasible = 0, caught = 0
        for round in 0..<300 {
            guard let problem = tight(7 + round % 3, round, &random) else { continue }
            let proof = RouteSolver.provablyLate(problem)
            if HeldKarp.solve(problem) != nil {
                feasible += 1
                #expect(proof == nil, "round \(round): \(proof ?? "")")
            } else {
                infeasible += 1
                if proof != nil { caught += 1 }
            }
        }
        // (Measured: 109 feasible, 63 infeasible, 34 of them caught.)
        #expect(feasible >= 30 && infeasible >= 30, "feasible \(feasible), infeasible \(infeasible)")
        #expect(caught * 3 >= infeasible, "caught \(caught) of \(infeasible)")
    }

    @Test("two stops that close together far apart: noFeasibleOrder at once, naming them, instead of after the search")
    func obviousPair() throws {
        let problem = try Reference.twoStopsNeverBothOnTime()
        #expect(RouteSolver.provablyLate(problem) != nil)
        do {
            _ = try RouteSolver.solve(
                problem,
                options: RouteSolver.Options(
                    timeLimit: nil, iterations: 10, seed: 1, exactLimit: 0, exactPrefixLimit: 0))
            Issue.record("solved an infeasible problem")
        } catch {
            #expect(error.code == .noFeasibleOrder)
            #expect(error.message.contains("'3' and '4' cannot both be on time"), "\(error.message)")
        }
    }
}
