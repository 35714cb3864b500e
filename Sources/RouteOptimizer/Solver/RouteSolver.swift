/// Finds a short order of the stops that meets every constraint of a ``RouteProblem``.
///
/// - Up to ``Options/exactLimit`` stops (13 by default): Held–Karp, exact, every constraint
///   (``HeldKarp``); the solution says `isProvenOptimal`.
/// - Above, symmetric distances and no constraints besides the ends: iterated 2-opt + Or-opt and a
///   chain of 3-opt moves with candidate lists and don't-look bits, from a greedy-edge tour
///   (``SymmetricTourSearch``); an open path becomes a closed tour through a dummy stop whose
///   edges to the fixed ends are never removed.
/// - Otherwise (asymmetric, precedence, pins, time windows): a first order by
///   ``greedyOrder(_:)``, repaired until it keeps the pins and precedence (``repairOrder(_:meter:)``),
///   then ``ConstrainedOrderSearch``, which also removes any lateness.
///
/// Deterministic for a seed and an iteration count (``Options/iterations``); a time limit makes
/// the number of rounds depend on the machine.
public enum RouteSolver {
    /// The most stops a problem should have: the solvers keep full n × n matrices (4n² bytes
    /// each, 900 MB at this size, and the symmetric search copies its matrix), so the readers
    /// (TSPLIB files, race courses) refuse more with an error instead of running out of memory.
    public static let maximumStops = 15_000

    /// The best order found within the options' budget.
    /// - Throws: `noFeasibleOrder` when the constraints admit no order (proven for exact sizes;
    ///   otherwise when neither the construction nor the repair phase found one).
    public static func solve(_ problem: RouteProblem, options: Options = Options()) throws(RouteOptimizerError) -> RouteSolution {
        try solve(problem, options: options, budget: SearchBudget(options))
    }

    static func solve(_ problem: RouteProblem, options: Options, budget: SearchBudget) throws(RouteOptimizerError) -> RouteSolution {
        let n = problem.count
        if n <= max(options.exactLimit, 7) {
            guard let (order, length) = HeldKarp.solve(problem) else {
                throw RouteOptimizerError(.noFeasibleOrder, "no order of the \(n) stops satisfies every constraint (proven by exhaustive search)")
            }
            return RouteSolution(order: order, length: length, isProvenOptimal: true, iterations: 0, method: .heldKarp)
        }
        if !problem.hasSideConstraints && problem.matrix.isSymmetric {
            return symmetric(problem, options: options, budget: budget)
        }
        return try constrained(problem, options: options, budget: budget)
    }

    // MARK: Symmetric, unconstrained

    private static func symmetric(_ problem: RouteProblem, options: Options, budget: SearchBudget) -> RouteSolution {
        let n = problem.count
        let d = problem.matrix
        let start = problem.shape.fixedStart, finish = problem.shape.fixedFinish
        var entries = d.entries
        var size = n
        var fixed: [(Int, Int)] = []
        if !problem.shape.isClosed {
            // Dummy stop n: free ends join it at cost 0; fixed ends are tied to it for good.
            size = n + 1
            let far = Int32(clamping: d.maximum)
            let bothFixed = start != nil && finish != nil
            entries = [Int32](repeating: 0, count: size * size)
            for i in 0..<n {
                for j in 0..<n { entries[i * size + j] = d.entries[i * n + j] }
                let toDummy: Int32 = bothFixed && i != start && i != finish ? far : 0
                entries[i * size + n] = toDummy
                entries[n * size + i] = toDummy
            }
            if let start { fixed.append((n, start)) }
            if let finish { fixed.append((n, finish)) }
        }
        let search = SymmetricTourSearch(n: size, matrix: entries, neighbourCount: options.neighbours, fixedEdges: fixed,
                                         seed: options.seed)
        let rounds = search.run(budget)
        var tour = search.order
        let anchor = problem.shape.isClosed ? (start ?? 0) : n
        let at = tour.firstIndex(of: anchor)!
        tour = Array(tour[at...] + tour[..<at])
        var order: [Int]
        if problem.shape.isClosed {
            order = tour
        } else {
            order = Array(tour.dropFirst())
            if let start, order.first != start { order.reverse() }
            else if start == nil, let finish, order.last != finish { order.reverse() }
        }
        return RouteSolution(order: order, length: problem.length(of: order), isProvenOptimal: false, iterations: rounds,
                             method: .symmetricLocalSearch)
    }

    // MARK: Constrained or asymmetric

    private static func constrained(_ problem: RouteProblem, options: Options, budget: SearchBudget) throws(RouteOptimizerError) -> RouteSolution {
        var initial = greedyOrder(problem).map { Int32($0) }
        var meter = FeasibilityMeter(problem)
        let repaired = repairOrder(&initial, meter: &meter)
        let failure = RouteOptimizerError(.noFeasibleOrder, "found no order of the \(problem.count) stops that satisfies every constraint "
                                          + "(the constraints may be contradictory; check time windows against travel times)")
        // A late order is a start (the search minimises lateness first); a broken pin or pair is not.
        guard repaired.broken == 0 else { throw failure }
        let search = ConstrainedOrderSearch(problem, initial: initial.map { Int($0) }, seed: options.seed)
        let rounds = search.run(budget)
        guard search.isOnTime else { throw failure }
        let order = search.order
        return RouteSolution(order: order, length: problem.length(of: order), isProvenOptimal: false, iterations: rounds,
                             method: .constrainedLocalSearch)
    }

    /// A first order that tries to respect the constraints: fixed and pinned positions first; at
    /// each free position the eligible stop (all predecessors placed) with the earliest deadline —
    /// the earliest pinned position it must precede, then its window's close — and, among equals,
    /// the nearest.
    /// - Complexity: O(n² + n·p).
    static func greedyOrder(_ problem: RouteProblem) -> [Int] {
        let n = problem.count
        var pinnedAt = [Int](repeating: -1, count: n)
        if let s = problem.shape.fixedStart { pinnedAt[0] = s }
        if let f = problem.shape.fixedFinish { pinnedAt[n - 1] = f }
        for pin in problem.pins { pinnedAt[pin.position] = pin.stop }
        var isPinned = [Bool](repeating: false, count: n)
        var pinPosition = [Int](repeating: Int.max, count: n)
        for (p, s) in pinnedAt.enumerated() where s >= 0 { isPinned[s] = true; pinPosition[s] = p }
        var successors = [[Int]](repeating: [], count: n)
        var predecessorsLeft = [Int](repeating: 0, count: n)
        for pair in problem.precedence {
            successors[pair.before].append(pair.after)
            predecessorsLeft[pair.after] += 1
        }
        // Deadline: the earliest pinned position among a stop's descendants (and its own).
        var deadline = pinPosition
        for s in 0..<n {
            for t in RouteProblem.reachable(from: s, successors) { deadline[s] = min(deadline[s], pinPosition[t]) }
        }
        let closes = problem.timeWindows.isEmpty ? [Int](repeating: Int.max, count: n) : problem.timeWindows.map { $0?.closes ?? Int.max }
        var placed = [Bool](repeating: false, count: n)
        var order: [Int] = []
        func place(_ s: Int) {
            placed[s] = true
            order.append(s)
            for t in successors[s] { predecessorsLeft[t] -= 1 }
        }
        for p in 0..<n {
            if pinnedAt[p] >= 0 { place(pinnedAt[p]); continue }
            var best = -1
            var bestKey = (Int.max, Int.max, Int.max)
            for s in 0..<n where !placed[s] && !isPinned[s] {
                let key = (predecessorsLeft[s] > 0 ? 1 : 0, deadline[s], closes[s])
                let distance = order.last.map { problem.matrix[$0, s] } ?? 0
                if best < 0 || key < bestKey || (key == bestKey && distance < (order.last.map { problem.matrix[$0, best] } ?? 0)) {
                    best = s; bestKey = key
                }
            }
            if best < 0 { best = (0..<n).first { !placed[$0] }! }
            place(best)
        }
        return order
    }
}
