import GeoCore
import Testing

@testable import RouteOptimizer

/// The parts of the constrained search: block swaps and the free-sequence state that prices and
/// checks them, against recounts of the whole order.
struct ConstrainedSearchPartsTests {
    /// A random block swap on `count` elements (C empty only with B reversed).
    private func randomMove(_ count: Int, _ random: inout SplitMix64) -> BlockSwap {
        var cuts = (0..<3).map { _ in Int(random.next() % UInt64(count + 1)) }.sorted()
        if cuts[0] == cuts[1] { cuts[1] = min(cuts[0] + 1, count); cuts[2] = max(cuts[2], cuts[1]) }
        if cuts[0] == cuts[1] { cuts[0] -= 1 }
        let reverseB = cuts[1] == cuts[2] || random.next() % 3 == 0
        return BlockSwap(cuts[0], cuts[1], cuts[2], reverseB: reverseB, reverseC: random.next() % 3 == 0)
    }

    @Test("a block swap is A B C D → A C′ B′ D, and its destination inverts its source")
    func blockSwap() {
        var random = SplitMix64(seed: 1)
        for _ in 0..<500 {
            let count = 2 + Int(random.next() % 12)
            let move = randomMove(count, &random)
            let a = Array(0..<count)
            let b = Array(a[move.i..<move.j]), c = Array(a[move.j..<move.k])
            let expected =
                Array(a[..<move.i]) + (move.reverseC ? c.reversed() : c) + (move.reverseB ? b.reversed() : b)
                + Array(a[move.k...])
            #expect((0..<count).map { a[move.source(of: $0)] } == expected, "\(move)")
            #expect((0..<count).allSatisfy { move.destination(of: move.source(of: $0)) == $0 }, "\(move)")
        }
    }

    /// Random problems with pins, precedence, fixed ends and (tight) windows, and an order that keeps
    /// the pins and precedence but may be late.
    private func randomState(_ round: Int, _ random: inout SplitMix64) throws -> (RouteProblem, FreeSequence)? {
        let n = 6 + round % 9
        let problem = try Reference.problem(
            n, symmetric: round % 4 == 0, closed: round % 2 == 0, precedence: round % 3 != 0,
            pins: round % 5 != 0, windows: round % 3 != 1, random: &random)
        var order = RouteSolver.greedyOrder(problem).map { Int32($0) }
        var meter = FeasibilityMeter(problem)
        guard repairOrder(&order, meter: &meter).broken == 0 else { return nil }
        return (problem, FreeSequence(problem, order: order.map { Int($0) }))
    }

    @Test(
        "free sequence: a move's length change, lateness check and precedence check agree with recounts; applying keeps them"
    )
    func pricing() throws {
        var random = SplitMix64(seed: 2)
        var applied = 0, late = 0, rejected = 0
        for round in 0..<150 {
            guard let (problem, state) = try randomState(round, &random) else { continue }
            var meter = FeasibilityMeter(problem)
            for _ in 0..<30 where state.m >= 2 {
                let move = randomMove(state.m, &random)
                let before = state.order
                // The whole order after the move: fixed stops stay, free positions take the moved sequence.
                var free = before.enumerated().filter { state.layout.fixedStop[$0.offset] < 0 }.map(\.element)
                free = (0..<free.count).map { free[move.source(of: $0)] }
                var after = before, next = 0
                for p in 0..<after.count where state.layout.fixedStop[p] < 0 { after[p] = free[next]; next += 1 }
                let old = meter.measure(before.map { Int32($0) }), new = meter.measure(after.map { Int32($0) })
                let delta = state.delta(move)
                #expect(delta == problem.length(of: after) - problem.length(of: before), "round \(round) \(move)")
                #expect(state.keepsPrecedence(move) == (new.broken == 0), "round \(round) \(move)")
                let change = new.lateness - old.lateness
                for bound in [change - 1, change, change + 1, 0, -1] {
                    #expect(
                        state.keepsLateness(move, within: bound) == (change <= bound),
                        "round \(round) \(move) bound \(bound)")
                }
                guard new.broken == 0 else { rejected += 1; continue }
                state.apply(move, delta: delta)
                applied += 1
                if new.lateness > 0 { late += 1 }
                #expect(state.order == after)
                #expect(state.length == problem.length(of: after))
                #expect(state.lateness == new.lateness)
            }
        }
        // The random cases reach every branch: applied moves, late orders, moves that break precedence.
        #expect(
            applied > 1000 && late > 100 && rejected > 100, "applied \(applied), late \(late), rejected \(rejected)")
    }

    @Test("free sequence: the precedence check agrees with a recount on dense precedences and long blocks (SOP-like)")
    func densePrecedence() throws {
        var random = SplitMix64(seed: 3)
        var applied = 0, rejected = 0, reducedRounds = 0
        for round in 0..<40 {
            // Every other round lists the relation's closure and ties every stop to the ends.
            let n = 20 + round % 40
            let asFiles = round % 2 == 1
            let precedence = RandomPrecedence.pairs(n, oneIn: 8, asFiles: asFiles, &random)
            let matrix = DistanceMatrix(count: n) { i, j in i == j ? 0 : Int(random.next() % 1000) }
            let problem = try RouteProblem(
                matrix: matrix, shape: .openPath(start: 0, finish: n - 1), precedence: precedence)
            let state = FreeSequence(problem, order: RouteSolver.greedyOrder(problem))
            if asFiles {
                #expect(state.layout.bounded.isEmpty, "round \(round): the ends bound nothing")
                if state.layout.pairs.count < precedence.count - 2 * (n - 2) { reducedRounds += 1 }
            }
            var meter = FeasibilityMeter(problem)
            for _ in 0..<200 {
                let move = randomMove(state.m, &random)
                var free = state.order.enumerated().filter { state.layout.fixedStop[$0.offset] < 0 }.map(\.element)
                free = (0..<free.count).map { free[move.source(of: $0)] }
                var after = state.order, next = 0
                for p in 0..<after.count where state.layout.fixedStop[p] < 0 { after[p] = free[next]; next += 1 }
                let keeps = meter.measure(after.map { Int32($0) }).broken == 0
                #expect(state.keepsPrecedence(move) == keeps, "round \(round) \(move)")
                guard keeps else { rejected += 1; continue }
                state.apply(move, delta: state.delta(move))
                applied += 1
            }
        }
        #expect(applied > 500 && rejected > 2000, "applied \(applied), rejected \(rejected)")
        // The check ran on reduced pairs: most closures listed pairs a chain implies.
        #expect(reducedRounds >= 15, "\(reducedRounds) of 20 rounds with a reduced relation")
    }

    @Test("free sequence layout: a pin is kept by construction; precedence with a fixed stop becomes an index bound")
    func layout() throws {
        // 0 fixed start, stop 3 pinned at position 2, stop 4 fixed finish; 1 must follow 3, 2 must precede 3.
        let problem = try RouteProblem(
            matrix: DistanceMatrix(count: 6) { i, j in abs(i - j) }, shape: .openPath(start: 0, finish: 4),
            precedence: [Precedence(before: 3, after: 1), Precedence(before: 2, after: 3)],
            pins: [Pin(stop: 3, position: 2)])
        let layout = FreeSequenceLayout(problem)
        #expect(layout.m == 3 && layout.freePositions == [1, 3, 4])
        #expect(layout.gaps.map(\.t) == [1] && layout.gaps.map(\.enter) == [3] && layout.gaps.map(\.leave) == [3])
        #expect(layout.headStop == 0 && layout.tailStop == 4)
        // A closed tour's last leg returns to the start; an open end connects to nothing.
        let tour = FreeSequenceLayout(try RouteProblem(matrix: problem.matrix, shape: .closedTour(start: 2)))
        #expect(tour.headStop == 2 && tour.tailStop == 2 && tour.gaps.isEmpty)
        let path = FreeSequenceLayout(try RouteProblem(matrix: problem.matrix, shape: .openPath()))
        #expect(path.headStop == -1 && path.tailStop == -1 && path.gaps.isEmpty)
        #expect(layout.low[1] == 1 && layout.high[2] == 0 && layout.pairs.isEmpty)
        #expect(Set(layout.bounded) == [1, 2])
    }
}
