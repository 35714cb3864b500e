import GeoCore
import RaceKitCore
import Testing

@testable import RouteOptimizer

/// The dynamic programme over feasible prefixes against slow obvious references: Held–Karp over
/// every subset where that is small enough, and trying every order the precedences allow on
/// larger problems whose precedences leave few.
struct PrecedenceLatticeTests {
    /// Checks a solved order: every stop once, every constraint kept, and the length it claims.
    private func expectValid(_ order: [Int], length: Int, of problem: RouteProblem, _ comment: Comment) {
        #expect(order.sorted() == Array(0..<problem.count), comment)
        #expect(problem.violations(of: order).isEmpty, comment)
        #expect(problem.length(of: order) == length, comment)
    }

    @Test("the optimum Held–Karp finds, on random open paths with precedences, pins and fixed ends", arguments: 0..<40)
    func equalsHeldKarp(seed: UInt64) throws {
        var random = SplitMix64(seed: 700 + seed)
        let n = 4 + Int(seed % 11)  // 4…14 stops
        let matrix = Reference.matrix(n, symmetric: seed % 2 == 0, random: &random)
        // Every other problem as TSPLIB writes a SOP (fixed ends, the closure); the rest with a
        // free end, a few pairs and sometimes a pin that may contradict them.
        let sop = seed % 2 == 0
        let precedence = RandomPrecedence.pairs(n, oneIn: sop ? 2 : 4, asFiles: sop, &random)
        guard !precedence.isEmpty else { return }
        var pins: [Pin] = []
        if !sop && seed % 3 == 0 { pins.append(Pin(stop: 1 + Int(random.next() % UInt64(n - 2)), position: 1)) }
        // A pin the precedences plainly contradict is refused when the problem is made.
        guard
            let problem = try? RouteProblem(
                matrix: matrix, shape: .openPath(start: 0, finish: sop ? n - 1 : nil), precedence: precedence,
                pins: pins)
        else { return }
        let reference = HeldKarp.solve(problem)
        switch PrecedenceLattice.solve(problem) {
        case .solved(let order, let length):
            #expect(reference?.length == length, "seed \(seed)")
            expectValid(order, length: length, of: problem, "seed \(seed)")
        case .infeasible:
            #expect(reference == nil, "seed \(seed)")
        case .tooLarge:
            Issue.record("seed \(seed): \(n) stops are too many")
        }
    }

    /// Every order the precedences allow, tried one by one: the shortest length, or nil.
    private func shortestByEnumeration(_ problem: RouteProblem) -> Int? {
        let n = problem.count
        var predecessors = [Set<Int>](repeating: [], count: n)
        for pair in problem.precedence { predecessors[pair.after].insert(pair.before) }
        var best: Int?
        var order: [Int] = []
        var placed = Set<Int>()
        func extend() {
            if order.count == n {
                if problem.violations(of: order).isEmpty {
                    let length = problem.length(of: order)
                    if best == nil || length < best! { best = length }
                }
                return
            }
            for v in 0..<n where !placed.contains(v) && predecessors[v].isSubset(of: placed) {
                order.append(v)
                placed.insert(v)
                extend()
                placed.remove(v)
                order.removeLast()
            }
        }
        extend()
        return best
    }

    @Test(
        "beyond Held–Karp: 20–27 stops in groups that must follow one another, the enumerated optimum", arguments: 0..<6
    )
    func equalsEnumeration(seed: UInt64) throws {
        var random = SplitMix64(seed: 900 + seed)
        // Groups of one to three stops, each after the whole group before it: at most 6 orders a
        // group, so a few thousand orders in all, and a few dozen prefixes.
        var groups: [[Int]] = []
        var n = 0
        while n < 20 + Int(seed) {
            let size = 1 + Int(random.next() % 3)
            groups.append(Array(n..<(n + size)))
            n += size
        }
        let shuffled = Array(0..<n).shuffled(using: &random)
        var precedence: [Precedence] = []
        for (earlier, later) in zip(groups, groups.dropFirst()) {
            for a in earlier {
                for b in later { precedence.append(Precedence(before: shuffled[a], after: shuffled[b])) }
            }
        }
        let problem = try RouteProblem(
            matrix: Reference.matrix(n, symmetric: false, random: &random), shape: .openPath(start: nil, finish: nil),
            precedence: precedence)
        guard case .solved(let order, let length) = PrecedenceLattice.solve(problem) else {
            Issue.record("seed \(seed): not solved")
            return
        }
        #expect(length == shortestByEnumeration(problem), "seed \(seed)")
        expectValid(order, length: length, of: problem, "seed \(seed)")
        // The solver takes it, and says the order is proven.
        let solution = try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 10, seed: 1))
        #expect(solution.method == .precedenceLattice && solution.isProvenOptimal && solution.length == length)
    }

    @Test("few precedences on many stops: too large, found out by counting, and the search takes over")
    func tooLarge() throws {
        var random = SplitMix64(seed: 5)
        let problem = try RouteProblem(
            matrix: Reference.matrix(40, symmetric: false, random: &random), shape: .openPath(start: 0, finish: nil),
            precedence: [Precedence(before: 3, after: 7)])
        #expect(PrecedenceLattice.solve(problem) == .tooLarge)
        #expect(PrecedenceLattice.prefixLayers(PrefixRules(problem), n: 40, limit: 1_000) == nil)
        let solution = try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 50, seed: 1))
        #expect(solution.method == .constrainedLocalSearch && !solution.isProvenOptimal)
    }

    @Test("pins the precedences contradict together: infeasible, proven")
    func infeasible() throws {
        var random = SplitMix64(seed: 6)
        // Stop 5 is third, after 1, so the start, 1 and 5 come first; stop 6 is fourth, after 2
        // and 3, which leaves them no room. Each pin alone has room enough.
        let problem = try RouteProblem(
            matrix: Reference.matrix(16, symmetric: true, random: &random), shape: .openPath(start: 0, finish: nil),
            precedence: [
                Precedence(before: 1, after: 5), Precedence(before: 2, after: 6), Precedence(before: 3, after: 6),
            ],
            pins: [Pin(stop: 5, position: 2), Pin(stop: 6, position: 3)])
        #expect(HeldKarp.solve(problem) == nil)
        #expect(PrecedenceLattice.solve(problem) == .infeasible)
        #expect(throws: InputError.self) {
            try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 10, seed: 1))
        }
    }
}
