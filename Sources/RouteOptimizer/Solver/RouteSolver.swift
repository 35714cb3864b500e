import RaceKitCore

/// Finds a short order of the stops that meets every constraint of a ``RouteProblem``.
///
/// - Up to ``Options/exactLimit`` stops (13 by default): Held–Karp, exact, every constraint
///   (`HeldKarp`); the solution says `isProvenOptimal`.
/// - Above, symmetric distances and no constraints besides the ends: iterated 2-opt + Or-opt and a
///   chain of 3-opt moves with candidate lists and don't-look bits, from a greedy-edge tour
///   (`SymmetricTourSearch`); an open path becomes a closed tour through a dummy stop whose
///   edges to the fixed ends are never removed.
/// - Separations (pairs that should not follow each other) lengthen those legs in the matrix
///   first (`separated(_:options:budget:)`), then one of the above solves it.
/// - An open path with precedences that leave few feasible prefixes (at most
///   ``Options/exactPrefixLimit``; no time windows, at most 64 stops): exact, by dynamic
///   programming over those prefixes (`PrecedenceLattice`).
/// - Otherwise (asymmetric, precedence, pins, time windows): a quick proof of infeasibility for
///   time windows (`provablyLate(_:)`), a first order by `greedyOrder(_:)`, repaired until it
///   keeps the pins and precedence (`repairOrder(_:meter:)`), then `ConstrainedOrderSearch`,
///   which also removes any lateness and, without pins or windows, merges its walks (`OrderMerge`).
///
/// With ``Options/threads`` above one, that many independent searches run at once and the
/// shortest order wins (`searchInParallel(_:options:budget:)`).
///
/// Deterministic for a seed, an iteration count (``Options/iterations``) and a thread count; a
/// time limit makes the number of rounds depend on the machine.
public enum RouteSolver {
    /// The most stops a problem should have: the solvers keep full n × n matrices (4n² bytes
    /// each, 900 MB at this size, and the symmetric search copies its matrix, so the peak is
    /// ``peakMatrixBytes(stops:threads:)``), so the readers (TSPLIB files, race courses) refuse
    /// more with an error instead of running out of memory.
    public static let maximumStops = 15_000

    /// The memory the distance matrices of `stops` stops take at the peak of a solve: the
    /// problem's matrix and the symmetric search's copy, 4 bytes per entry each. Measured with
    /// `/usr/bin/time -v`: `optimize --tsplib` at 15 000 random EUC_2D nodes peaks at 1 798 732 KB
    /// resident (1.84 GB), of which these matrices are 1.8 GB. Each search of
    /// ``Options/threads`` keeps a copy of its own.
    public static func peakMatrixBytes(stops: Int, threads: Int = 1) -> Int { (1 + threads) * 4 * stops * stops }

    /// The best order found within the options' budget.
    /// - Throws: `noFeasibleOrder` when the constraints admit no order (proven for exact sizes, and
    ///   at once when two stops' windows prove it; otherwise when neither the construction nor the
    ///   search found one).
    public static func solve(_ problem: RouteProblem, options: Options = Options()) throws(InputError) -> RouteSolution
    {
        try solve(problem, options: options, budget: SearchBudget(options))
    }

    static func solve(_ problem: RouteProblem, options: Options, budget: SearchBudget) throws(InputError)
        -> RouteSolution
    {
        guard options.threads > 1, !isSolvedExactly(problem, options: options) else {
            return try search(problem, options: options, budget: budget)
        }
        return try searchInParallel(problem, options: options, budget: budget)
    }

    /// Whether `problem` is small enough for Held–Karp, so one exact solve answers it.
    private static func isSolvedExactly(_ problem: RouteProblem, options: Options) -> Bool {
        problem.count <= max(options.exactLimit, 7)
    }

    /// One search, on the calling thread.
    static func search(_ problem: RouteProblem, options: Options, budget: SearchBudget) throws(InputError)
        -> RouteSolution
    {
        if !problem.separations.isEmpty { return try separated(problem, options: options, budget: budget) }
        if isSolvedExactly(problem, options: options) {
            guard let (order, length) = HeldKarp.solve(problem) else { throw provenInfeasible(problem) }
            return RouteSolution(order: order, length: length, isProvenOptimal: true, iterations: 0, method: .heldKarp)
        }
        if !problem.hasSideConstraints && problem.matrix.isSymmetric {
            return symmetric(problem, options: options, budget: budget)
        }
        if options.exactPrefixLimit > 0 && PrecedenceLattice.applies(to: problem) {
            switch PrecedenceLattice.solve(problem, prefixLimit: options.exactPrefixLimit) {
            case .solved(let order, let length):
                return RouteSolution(
                    order: order, length: length, isProvenOptimal: true, iterations: 0, method: .precedenceLattice)
            case .infeasible:
                throw provenInfeasible(problem)
            case .tooLarge:
                break
            }
        }
        return try constrained(problem, options: options, budget: budget)
    }

    /// The error of a problem an exact solver found no order for.
    private static func provenInfeasible(_ problem: RouteProblem) -> InputError {
        InputError(
            .noFeasibleOrder,
            "no order of the \(problem.count) stops satisfies every constraint (proven by exhaustive search)")
    }

    // MARK: Separations

    /// Separations as a penalty on the matrix, so every solver keeps them: each separated leg
    /// (both ways) is made longer than a whole order of the other legs can be (n × the longest
    /// leg), so the best order of the penalised matrix has the fewest separated pairs next to
    /// each other and, among those, is the shortest. The length returned is the real one.
    ///
    /// Entries stay within a quarter of 32 bits (the searches add them up); when the penalty must
    /// be capped there, fewer adjacent pairs is preferred but no longer guaranteed, and an exact
    /// solve is not called proven.
    private static func separated(_ problem: RouteProblem, options: Options, budget: SearchBudget) throws(InputError)
        -> RouteSolution
    {
        let n = problem.count, longest = problem.matrix.maximum
        let (wanted, overflow) = n.multipliedReportingOverflow(by: longest)
        let cap = Int(Int32.max) / 4 - longest
        let exact = !overflow && wanted < cap
        let penalty = exact ? wanted + 1 : max(cap, 1)
        var entries = problem.matrix.entries
        for pair in problem.separations {
            for (a, b) in [(pair.first, pair.second), (pair.second, pair.first)] {
                entries[a * n + b] = Int32(clamping: Int(problem.matrix[a, b]) + penalty)
            }
        }
        let penalised = problem.replacingSeparations(with: DistanceMatrix(count: n, entries: entries))
        let solution = try search(penalised, options: options, budget: budget)
        return RouteSolution(
            order: solution.order, length: problem.length(of: solution.order),
            isProvenOptimal: solution.isProvenOptimal && exact, iterations: solution.iterations,
            method: solution.method)
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
        let search = SymmetricTourSearch(
            n: size, matrix: entries, neighbourCount: options.neighbours, fixedEdges: fixed,
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
            if let start, order.first != start {
                order.reverse()
            } else if start == nil, let finish, order.last != finish {
                order.reverse()
            }
        }
        return RouteSolution(
            order: order, length: problem.length(of: order), isProvenOptimal: false, iterations: rounds,
            method: .symmetricLocalSearch)
    }

    // MARK: Constrained or asymmetric

    private static func constrained(_ problem: RouteProblem, options: Options, budget: SearchBudget) throws(InputError)
        -> RouteSolution
    {
        if let reason = provablyLate(problem) {
            throw InputError(
                .noFeasibleOrder, "no order of the \(problem.count) stops satisfies every constraint: " + reason)
        }
        var initial = greedyOrder(problem).map { Int32($0) }
        var meter = FeasibilityMeter(problem)
        let repaired = repairOrder(&initial, meter: &meter)
        let failure = InputError(
            .noFeasibleOrder,
            "found no order of the \(problem.count) stops that satisfies every constraint "
                + "(the constraints may be contradictory; check time windows against travel times)")
        // A late order is a start (the search minimises lateness first); a broken pin or pair is not.
        guard repaired.broken == 0 else { throw failure }
        let search = ConstrainedOrderSearch(problem, initial: initial.map { Int($0) }, seed: options.seed)
        let rounds = search.run(budget)
        guard search.isOnTime else { throw failure }
        let order = search.order
        return RouteSolution(
            order: order, length: problem.length(of: order), isProvenOptimal: false, iterations: rounds,
            method: .constrainedLocalSearch)
    }

    /// Why no order can keep the time windows, when two stops prove it; nil when this quick test
    /// finds nothing (the problem may still be infeasible).
    ///
    /// Lower bounds that hold for any travel times (no triangle inequality needed): a stop is reached
    /// no earlier than `earliest` (the start time, or the departure from a fixed start plus the
    /// shortest possible trip from it) and left no earlier than `ready` (after its opening and its
    /// service); a trip from a to b takes at least the direct leg or, through other stops, the
    /// shortest leg out of a plus the shortest leg into b. If b cannot be reached before it closes
    /// even after leaving a at `ready`, a cannot come before b; the problem is infeasible when a
    /// must come before b (a precedence pair, two pins, or b the fixed finish) or when two windowed
    /// stops can come in neither order.
    ///
    /// An infeasible problem so caught fails in 1.4 ms on 1 000 stops and 7.4 ms on 2 000 (a third
    /// of them windowed; the proving pair found last) instead of after the whole time budget. On
    /// 172 random problems of 7–9 stops with tight windows it caught 34 of the 63 that Held–Karp
    /// proves infeasible.
    /// - Complexity: O(n² + w² + p) for w windowed stops and p precedence pairs.
    static func provablyLate(_ problem: RouteProblem) -> String? {
        guard !problem.timeWindows.isEmpty else { return nil }
        let n = problem.count
        let travel = problem.travelTimes ?? problem.matrix
        let opens = problem.timeWindows.map { $0?.opens ?? Int.min }
        let closes = problem.timeWindows.map { $0?.closes ?? Int.max }
        let service = problem.serviceTimes.isEmpty ? [Int](repeating: 0, count: n) : problem.serviceTimes
        // The shortest leg out of and into each stop (non-negative travel times).
        var minOut = [Int](repeating: Int.max, count: n), minIn = [Int](repeating: Int.max, count: n)
        travel.entries.withUnsafeBufferPointer { times in
            for a in 0..<n {
                for b in 0..<n where a != b {
                    let t = Int(times[a * n + b])
                    if t < minOut[a] { minOut[a] = t }
                    if t < minIn[b] { minIn[b] = t }
                }
            }
        }
        func trip(_ a: Int, _ b: Int) -> Int {
            minOut[a] == Int.max || minIn[b] == Int.max ? travel[a, b] : min(travel[a, b], minOut[a] + minIn[b])
        }
        // Sums saturate at Int.max (later than any window's close).
        func plus(_ x: Int, _ y: Int) -> Int {
            let (sum, overflow) = x.addingReportingOverflow(y); return overflow ? Int.max : sum
        }
        var ready = [Int](repeating: 0, count: n)
        let start = problem.shape.fixedStart
        let leaveStart = start.map { plus(max(problem.startTime, opens[$0]), service[$0]) }
        for s in 0..<n {
            var earliest = problem.startTime
            if let start, let leaveStart, s != start { earliest = plus(leaveStart, trip(start, s)) }
            ready[s] = plus(max(earliest, opens[s]), service[s])
        }
        // Whether b can be reached on time after a.
        func fits(_ a: Int, _ b: Int) -> Bool { closes[b] == Int.max || plus(ready[a], trip(a, b)) <= closes[b] }
        func name(_ s: Int) -> String { "'\(problem.labels[s])'" }
        func late(_ a: Int, _ b: Int) -> String {
            "\(name(b)) (closing at \(closes[b])) cannot be reached after \(name(a)) (left at \(ready[a]) at the earliest, "
                + "then at least \(trip(a, b)) of travel)"
        }
        for pair in problem.precedence where !fits(pair.before, pair.after) {
            return "\(name(pair.after)) must come after \(name(pair.before)), but " + late(pair.before, pair.after)
        }
        let pins = problem.pins.sorted { $0.position < $1.position }
        for (x, p) in pins.enumerated() {
            for q in pins[(x + 1)...] where !fits(p.stop, q.stop) {
                return "\(name(q.stop)) is pinned after \(name(p.stop)), but " + late(p.stop, q.stop)
            }
        }
        if let finish = problem.shape.fixedFinish {
            for s in 0..<n where s != finish && !fits(s, finish) {
                return "\(name(finish)) is the finish, but " + late(s, finish)
            }
        }
        let windowed = (0..<n).filter { closes[$0] < Int.max && $0 != start }
        for (x, a) in windowed.enumerated() {
            for b in windowed[(x + 1)...] where !fits(a, b) && !fits(b, a) {
                return "\(name(a)) and \(name(b)) cannot both be on time: " + late(a, b) + ", and " + late(b, a)
            }
        }
        return nil
    }

    /// A first order that tries to respect the constraints: fixed and pinned positions first; at
    /// each free position the eligible stop (all predecessors placed) with the earliest deadline —
    /// the earliest pinned position it must precede, then its window's close — and, among equals,
    /// the nearest.
    ///
    /// With time windows this puts every windowed stop first, so the order is long and often late;
    /// the search repairs it. A smarter first order made better first orders but not better
    /// results (docs/optimizer-tuning.md).
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
        let closes =
            problem.timeWindows.isEmpty
            ? [Int](repeating: Int.max, count: n) : problem.timeWindows.map { $0?.closes ?? Int.max }
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
                if best < 0 || key < bestKey
                    || (key == bestKey && distance < (order.last.map { problem.matrix[$0, best] } ?? 0))
                {
                    best = s; bestKey = key
                }
            }
            if best < 0 { best = (0..<n).first { !placed[$0] }! }
            place(best)
        }
        return order
    }
}
