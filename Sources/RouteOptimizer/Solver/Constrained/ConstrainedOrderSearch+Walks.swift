/// The iterated local search of ``ConstrainedOrderSearch``: kicks, acceptance, restarts when
/// walks stagnate, and each walk's best merged with the best order before it.
extension ConstrainedOrderSearch {
    /// The longest segment of a kick (at most the number of free stops): small instances need
    /// kicks over all their free stops to reach the optimum; on TSPLIB's SOPs, 20 ended shorter
    /// than 50.
    static let kickSegment = 20
    /// Kicks drawn before a round gives up (when every draw would break precedence).
    static let kickTries = 20
    /// A kicked order is kept when at most this many thousandths of an average leg longer than the
    /// best: a walk must cross ridges to leave a basin.
    static let acceptPerMille = 1000
    /// Rounds without a shorter order, per free stop, before the search restarts: some problems
    /// have basins that a walk within one leg of the best never leaves (TSPLIB's kro124p.2 ended
    /// 3.9 % over on every seed without restarts).
    static let stagnationRounds = 10
    /// Kicks per free stop of a restart with pins between free stops or time windows: enough to
    /// scatter the order, as a fresh start would.
    static let restartKicks = 3
    /// How many of the nearest next stops a fresh order draws from at a restart without pins
    /// between free stops or time windows (``randomGreedyOrder(_:choices:random:leg:)``).
    static let restartChoices = 2
    /// Rounds of a merge's search per stop of its reduced problem (``OrderMerge``).
    static let mergeRoundsPerStop = 10
    /// The largest reduced problem a merge hands to Held–Karp.
    static let mergeExactLimit = 10
    /// The most prefixes a merge's reduced problem may have for the exact programme over them
    /// (``PrecedenceLattice``); giving up costs a fraction of that.
    static let mergePrefixLimit = 2_000
    /// Shared legs a merge also sets free before and after each leg only one order has, while
    /// its reduced problem stays within `limit` stops (``OrderMerge/Halo``): on small problems
    /// a wider search of each merge pays; on large ones it costs rounds and found nothing.
    static let mergeHalo = OrderMerge.Halo(legs: 2, limit: 64)

    /// Swaps two adjacent segments at random, drawn again (up to ``kickTries`` times) while the
    /// result would break precedence; whether it kicked. The result may be late: the local search
    /// then minimises the lateness first. (Kicks that had to stay on time failed 93 % of the time
    /// on 200 stops with windows, and the search found longer orders.)
    private func kick() -> Bool {
        guard m >= 3 else { return false }
        let maxSegment = min(Self.kickSegment, m)
        for _ in 0..<Self.kickTries {
            let l1 = 1 + Int(random.next() % UInt64(maxSegment))
            let l2 = 1 + Int(random.next() % UInt64(maxSegment))
            guard l1 + l2 <= m else { continue }
            let i = Int(random.next() % UInt64(m - l1 - l2 + 1))
            let move = BlockSwap(i, i + l1, i + l1 + l2)
            guard state.keepsPrecedence(move) else { continue }
            state.apply(move, delta: state.delta(move))
            pushEnds(of: move)
            return true
        }
        return false
    }

    /// Starts a walk afresh: a new order (``freshRestarts``) with every stop queued, or
    /// ``restartKicks`` kicks per free stop.
    private func startAfresh() {
        guard freshRestarts else {
            for _ in 0..<Self.restartKicks * m { _ = kick() }
            return
        }
        let order = randomGreedyOrder(state.layout, choices: Self.restartChoices, random: &random) { state.d($0, $1) }
        state.load(order)
        for x in 0..<m { push(state.seq[x]) }
    }

    /// Whether the current order keeps every time window (after ``run(_:)``: whether the search
    /// found such an order).
    var isOnTime: Bool { state.lateness == 0 }

    /// The merge of orders `a` (the shorter) and `b` of the problem (``OrderMerge``) when it is
    /// shorter than `a`: its reduced problem solved exactly when small enough, otherwise searched
    /// from the shorter order for ``mergeRoundsPerStop`` rounds per reduced stop.
    private func merged(_ a: [Int], _ b: [Int], budget: SearchBudget) -> [Int]? {
        guard let merge = OrderMerge(problem, a, b, halo: Self.mergeHalo) else { return nil }
        let reduced = merge.problem
        var order = merge.start
        if reduced.count <= Self.mergeExactLimit, let (exact, _) = HeldKarp.solve(reduced) {
            order = exact
        } else if PrecedenceLattice.applies(to: reduced),
            case .solved(let exact, _) = PrecedenceLattice.solve(reduced, prefixLimit: Self.mergePrefixLimit)
        {
            order = exact
        } else {
            let search = ConstrainedOrderSearch(reduced, initial: order, seed: random.next(), mergesWalks: false)
            let rounds = Self.mergeRoundsPerStop * reduced.count
            _ = search.run(SearchBudget(clock: budget.clock, deadline: budget.deadline, rounds: rounds))
            order = search.order
        }
        let full = merge.expand(order)
        return problem.length(of: full) < problem.length(of: a) ? full : nil
    }

    /// Local search, then kicks while the budget allows; ends on the shortest on-time order found
    /// (or, when none was on time, on the least late one).
    ///
    /// Acceptance: an on-time order is kept when it is no longer than the current one, within
    /// ``acceptPerMille`` of an average leg of the best, or the current one is late; a late order
    /// only when it is less late than the current one. After ``stagnationRounds`` rounds per free
    /// stop without a shorter order, a round restarts instead (``startAfresh()``), and the result is
    /// kept whatever its length. Without pins or time windows, each walk's best on-time order (from
    /// one restart to the next, and the last at the end) is merged with the best order before it
    /// (``merged(_:_:budget:)``).
    /// - Returns: the number of rounds.
    func run(_ budget: SearchBudget) -> Int {
        guard m >= 2 else { return 0 }
        for x in 0..<m { push(state.seq[x]) }
        localSearch()
        var bestLength = Int.max, walkBestLength = Int.max
        if state.lateness == 0 {
            bestLength = state.length
            state.save(into: best)
        }
        state.save(into: saved)
        var current = (lateness: state.lateness, length: state.length)
        let threshold = Self.acceptPerMille * state.length / max(n, 1) / 1000
        // The round of the last shorter order or restart.
        var round = 0, lastProgress = 0
        let stagnation = Self.stagnationRounds * m
        // The walk's best into the best order: the walk is over, so the state may be overwritten.
        func mergeWalk() {
            defer { walkBestLength = Int.max }
            guard mergesWalks, walkBestLength < Int.max, bestLength < Int.max,
                !(0..<m).allSatisfy({ walkBest[$0] == best[$0] })
            else { return }
            state.load(best, length: bestLength)
            let a = state.order
            state.load(walkBest, length: walkBestLength)
            guard let merged = merged(a, state.order, budget: budget) else { return }
            state.load(merged.filter { !state.layout.isFixed[$0] }.map { Int32($0) })
            bestLength = state.length
            state.save(into: best)
        }
        // Fewer than 3 free stops: the local search has tried every order already.
        while m >= 3 && budget.allows(round) {
            round += 1
            let restart = round - lastProgress > stagnation
            if restart {
                mergeWalk()
                restarts += 1
                lastProgress = round
                startAfresh()
            } else if !kick() {
                continue
            }
            localSearch()
            let late = state.lateness, length = state.length
            let accept =
                restart
                || (late == 0
                    ? current.lateness > 0 || length <= current.length || length - threshold <= bestLength
                    : late < current.lateness)
            if accept {
                current = (late, length)
                state.save(into: saved)
                if mergesWalks && late == 0 && length < walkBestLength {
                    walkBestLength = length
                    state.save(into: walkBest)
                }
                if late == 0 && length < bestLength {
                    lastProgress = round
                    bestLength = length
                    state.save(into: best)
                }
            } else {
                state.load(saved, length: current.length)
            }
        }
        mergeWalk()
        if bestLength < Int.max { state.load(best, length: bestLength) }
        return round
    }
}
