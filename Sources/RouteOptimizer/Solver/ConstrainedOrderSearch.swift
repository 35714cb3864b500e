import GeoCore

/// Iterated local search for any problem: asymmetric distances, open or closed, fixed ends,
/// pins, precedence and time windows.
///
/// The search permutes the free sequence (the stops not fixed by an end or a pin,
/// ``FreeSequenceLayout``), so moves carry stops across pinned positions. Every move is a
/// ``BlockSwap`` that ``FreeSequence`` prices in O(1) and checks against precedence in O(pairs);
/// pins and fixed ends hold by construction. Moves, first improvement, around the stops in a
/// queue of "dirty" stops (don't-look bits) and over lists of the nearest stops in each direction
/// (J. L. Bentley, ORSA J. Computing 4 (4), 1992), leaving out legs that precedence rules out:
/// - segment insertion (the orientation-preserving 3-opt move of asymmetric local search): a new
///   leg to a near stop fixes two of the three cuts, a near stop of either remaining end the third;
/// - Or-opt: a segment of 1–3 stops that starts or ends at the stop, either way round, next to a
///   near stop of its new first or last stop;
/// - 2-opt with the reversed segment priced exactly (orientation-aware on an asymmetric matrix);
/// - under dense precedence, SOP-3-exchange: every exchange of two adjacent blocks that starts or
///   ends at the stop (``tryExchange(_:)``), where the moves above mostly break a pair.
///
/// Time windows: the search minimises (lateness, length) lexicographically, so a late first
/// order or a late kick is repaired by the same moves, and only on-time orders count as results.
///
/// Kicks swap two adjacent segments (three legs changed; the double bridge of O. Martin,
/// S. W. Otto, E. W. Felten, Complex Systems 5, 1991, changes four and did worse on TSPLIB's
/// SOPs), drawn again when the result would break precedence. Acceptance
/// (H. R. Lourenço, O. C. Martin, T. Stützle, "Iterated Local Search", Handbook of Metaheuristics,
/// 2003): a kicked and re-optimised order is kept when it is no longer than the current one or
/// within one average leg of the best so far (threshold accepting: G. Dueck, T. Scheuer,
/// J. Computational Physics 90, 1990); the best order is kept aside. When no shorter order has
/// come for a while, the search restarts (the restarts of ILS in the same chapter), since some
/// basins are deeper than one leg: from a fresh randomised greedy order
/// (``randomGreedyOrder(_:choices:random:leg:)``), or, with pins between free stops or time
/// windows, from the order scattered by kicks. Without pins or time windows, the best order of
/// each walk (from one restart to the next) is merged with the best order before it
/// (``OrderMerge``, as ``SymmetricTourSearch`` merges its walks): the walks end in different
/// basins, and a merge can take the better part of each.
///
/// With the invariant checks compiled in (`-Xswiftc -DROUTE_OPTIMIZER_INVARIANTS`), ``FreeSequence``
/// checks its state against a recount after every move.
final class ConstrainedOrderSearch {
    // Tuned on random asymmetric instances; the measurements are in docs/optimizer-tuning.md.

    /// Candidate stops per stop and direction.
    static let neighbourCount = 8
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
    /// The longest block of a SOP-3-exchange.
    static let exchangeBlock = 50
    /// The share of ordered pairs precedence must decide for SOP-3-exchanges: below it, the
    /// exchanges cost more rounds than they find (TSPLIB's sparser SOPs ended longer with them).
    static let exchangeDensity = 0.25
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

    private let problem: RouteProblem
    private let state: FreeSequence
    private let n: Int, m: Int
    private let k: Int
    /// `k` nearest free stops by the leg from (`outgoing`) and to (`incoming`) each stop, nearest first.
    private let outgoing: UnsafeMutablePointer<Int32>
    private let incoming: UnsafeMutablePointer<Int32>
    private let queue: UnsafeMutablePointer<Int32>
    private let queued: UnsafeMutablePointer<Bool>
    private var head = 0, tail = 0, queueCount = 0
    private let saved: UnsafeMutablePointer<Int32>
    private let best: UnsafeMutablePointer<Int32>
    /// The best on-time order of the current walk (since the last restart).
    private let walkBest: UnsafeMutablePointer<Int32>
    /// Whether each walk's best is merged with the best order before it (``OrderMerge``).
    private let mergesWalks: Bool
    private var random: SplitMix64
    /// Whether to try SOP-3-exchanges: precedence decides at least ``exchangeDensity`` of the
    /// ordered pairs of free stops.
    private let exchanges: Bool
    /// Whether a restart builds a fresh order (no pins between free stops, no time windows)
    /// rather than scattering the current one by kicks.
    private var freshRestarts: Bool { state.layout.gaps.isEmpty && !state.layout.hasWindows }
    /// The exchange's labels: `marks[s] == stamp` when stop s is marked in the current scan.
    private let marks: UnsafeMutablePointer<UInt32>
    private var stamp: UInt32 = 0

    /// - Precondition: `initial` keeps the fixed ends, the pins and the precedence pairs (it may be late).
    /// - Parameter mergesWalks: whether walks are merged (``OrderMerge``); never in a merge's own search.
    init(_ problem: RouteProblem, initial: [Int], seed: UInt64, mergesWalks: Bool = true) {
        let state = FreeSequence(problem, order: initial)
        self.problem = problem
        self.state = state
        n = problem.count
        m = state.m
        let free = (0..<problem.count).filter { !state.layout.isFixed[$0] }
        // Legs no order that keeps precedence can have go last (a SOP prices them 0).
        let precedence = state.layout.precedence
        @inline(__always) func leg(_ a: Int, _ b: Int) -> Int {
            precedence.allowsLeg(from: free[a], to: free[b]) ? problem.matrix[free[a], free[b]] : Int.max
        }
        let lists = (
            out: nearestNeighbours(count: m, k: Self.neighbourCount) { leg($0, $1) },
            in: nearestNeighbours(count: m, k: Self.neighbourCount) { leg($1, $0) }
        )
        k = m > 0 ? lists.out.count / m : 0
        outgoing = .allocate(capacity: max(n * k, 1))
        incoming = .allocate(capacity: max(n * k, 1))
        for a in 0..<m {
            for q in 0..<k {
                outgoing[free[a] * k + q] = Int32(free[Int(lists.out[a * k + q])])
                incoming[free[a] * k + q] = Int32(free[Int(lists.in[a * k + q])])
            }
        }
        queue = .allocate(capacity: max(n, 1))
        queued = .allocate(capacity: max(n, 1))
        queued.initialize(repeating: false, count: n)
        saved = .allocate(capacity: max(m, 1))
        best = .allocate(capacity: max(m, 1))
        walkBest = .allocate(capacity: max(m, 1))
        self.mergesWalks = mergesWalks && OrderMerge.applies(to: problem)
        random = SplitMix64(seed: seed)
        exchanges = Double(state.layout.orderedPairs) >= Self.exchangeDensity * Double(m * (m - 1) / 2) && m >= 3
        marks = .allocate(capacity: max(n, 1))
        marks.initialize(repeating: 0, count: max(n, 1))
    }

    deinit {
        outgoing.deallocate(); incoming.deallocate(); queue.deallocate(); queued.deallocate()
        saved.deallocate(); best.deallocate(); walkBest.deallocate(); marks.deallocate()
    }

    /// The current order, fixed stops included.
    var order: [Int] { state.order }
    /// The current order's length.
    var length: Int { state.length }
    /// How many times ``run(_:)`` restarted.
    private(set) var restarts = 0

    // MARK: Queue of dirty stops

    private func push(_ s: Int32) {
        guard s >= 0, !queued[Int(s)], state.index[Int(s)] >= 0 else { return }
        queued[Int(s)] = true
        queue[tail] = s
        tail += 1; if tail == n { tail = 0 }
        queueCount += 1
    }

    private func pop() -> Int32 {
        let s = queue[head]
        head += 1; if head == n { head = 0 }
        queueCount -= 1
        queued[Int(s)] = false
        return s
    }

    /// Queues the stops on both sides of every leg `move` creates.
    private func pushEnds(of move: BlockSwap) {
        push(state.stop(move.i - 1)); push(state.stop(move.i))
        push(state.stop(move.middle - 1)); push(state.stop(move.middle))
        push(state.stop(move.k - 1)); push(state.stop(move.k))
        for g in state.layout.gaps where g.t > move.i && g.t < move.k {
            push(state.stop(g.t - 1)); push(state.stop(g.t))
        }
    }

    // MARK: Local search

    /// Applies `move` if it lowers (lateness, length) lexicographically and keeps precedence.
    @inline(__always) private func tryMove(_ move: BlockSwap, pairsKept: Bool = false) -> Bool {
        let delta = state.delta(move)
        if state.lateness == 0 {
            guard delta < 0, pairsKept || state.keepsPairs(move), state.keepsBounds(move),
                state.keepsLateness(move, within: 0)
            else { return false }
        } else {
            guard pairsKept || state.keepsPairs(move), state.keepsBounds(move),
                state.keepsLateness(move, within: delta < 0 ? 0 : -1)
            else { return false }
        }
        state.apply(move, delta: delta)
        pushEnds(of: move)
        return true
    }

    /// SOP-3-exchange around free index p (L. M. Gambardella, M. Dorigo, INFORMS J. Computing
    /// 12 (3), 2000): the blocks B = p…i and C = i+1…j trade places, and so do B = a…b and
    /// C = b+1…p, for every i, j (a, b) with blocks of at most ``exchangeBlock`` stops. Labels make
    /// the precedence check O(1) a move: as B grows, its stops' successors are marked, and C stops
    /// growing at a marked stop (the reduced pairs suffice, ``PrecedenceReduction``).
    private func tryExchange(_ p: Int) -> Bool {
        let limit = Self.exchangeBlock
        let layout = state.layout
        let start = layout.successorStart, successors = layout.successors
        let before = layout.predecessorStart, predecessors = layout.predecessors
        let seq = state.seq
        stamp &+= 1
        var i = p
        while i < min(m - 1, p + limit) {
            let s = Int(seq[i])
            for e in Int(start[s])..<Int(start[s + 1]) { marks[Int(successors[e])] = stamp }
            var j = i + 1
            while j < min(m, i + 1 + limit) && marks[Int(seq[j])] != stamp {
                if tryMove(BlockSwap(p, i + 1, j + 1), pairsKept: true) { return true }
                j += 1
            }
            i += 1
        }
        stamp &+= 1
        var b = p - 1
        while b >= max(0, p - limit) {
            let s = Int(seq[b + 1])
            for e in Int(before[s])..<Int(before[s + 1]) { marks[Int(predecessors[e])] = stamp }
            var a = b
            while a >= max(0, b + 1 - limit) && marks[Int(seq[a])] != stamp {
                if tryMove(BlockSwap(a, b + 1, p + 1), pairsKept: true) { return true }
                a -= 1
            }
            b -= 1
        }
        return false
    }

    /// Segment insertions and reversals that create the leg x → y (free stops).
    ///
    /// A segment insertion A B C D → A C B D replaces the legs a₁→a₂, b₁→b₂, c₁→c₂ at the cuts
    /// (a₁ ends A, a₂ starts B, …) by a₁→b₂, c₁→a₂, b₁→c₂. The leg x → y is one of the new three;
    /// where it fixes two cuts, the third is where another new leg goes to or comes from a
    /// candidate (or the sequence's end, or its start).
    private func tryLeg(_ x: Int32, _ y: Int32) -> Bool {
        let px = Int(state.index[Int(x)]), py = Int(state.index[Int(y)])
        if px + 1 == py { return false }
        let seq = state.seq, index = state.index
        if px < py {
            // x = a₁, y = b₂: B = px+1..<py; C ends where b₁ → c₂ or c₁ → a₂ is a candidate leg.
            let i = px + 1, j = py
            if tryMove(BlockSwap(i, j, m)) { return true }
            let b1 = Int(seq[j - 1]), a2 = Int(seq[i])
            for q in 0..<k {
                let c2 = Int(index[Int(outgoing[b1 * k + q])])
                if c2 > j && tryMove(BlockSwap(i, j, c2)) { return true }
                let c1 = Int(index[Int(incoming[a2 * k + q])])
                if c1 >= j && c1 + 1 < m && tryMove(BlockSwap(i, j, c1 + 1)) { return true }
            }
            // x = b₁, y = c₂: C = px+1..<py; B starts where c₁ → a₂ or a₁ → b₂ is a candidate leg.
            let j2 = px + 1, k2 = py
            if tryMove(BlockSwap(0, j2, k2)) { return true }
            let c1 = Int(seq[k2 - 1]), b2 = Int(seq[j2])
            for q in 0..<k {
                let a2 = Int(index[Int(outgoing[c1 * k + q])])
                if a2 > 0 && a2 < j2 && tryMove(BlockSwap(a2, j2, k2)) { return true }
                let a1 = Int(index[Int(incoming[b2 * k + q])])
                if a1 >= 0 && a1 + 1 < j2 && tryMove(BlockSwap(a1 + 1, j2, k2)) { return true }
            }
            // 2-opt: reverse px+1…py (x → y enters the reversed part) or px…py−1 (x → y leaves it).
            if py - px >= 2 {
                if tryMove(.reversal(px + 1, py + 1)) { return true }
                if tryMove(.reversal(px, py)) { return true }
            }
        } else {
            // x = c₁, y = a₂: B starts at py, C ends at px; B ends where a₁ → b₂ or b₁ → c₂ is a candidate leg.
            let i = py, end = px + 1
            let a1 = i > 0 ? Int(seq[i - 1]) : -1, c2 = end < m ? Int(seq[end]) : -1
            for q in 0..<k {
                if a1 >= 0 {
                    let b2 = Int(index[Int(outgoing[a1 * k + q])])
                    if b2 > i && b2 < end && tryMove(BlockSwap(i, b2, end)) { return true }
                }
                if c2 >= 0 {
                    let b1 = Int(index[Int(incoming[c2 * k + q])])
                    if b1 >= i && b1 + 1 < end && tryMove(BlockSwap(i, b1 + 1, end)) { return true }
                }
            }
        }
        return false
    }

    /// Or-opt: segments of 1–3 stops that start or end at free index p, moved next to a candidate
    /// of their new first or last stop, either way round, or to an end. A candidate is tried only
    /// while the leg to (from) it costs less than taking the segment out saves (Bentley 1992).
    private func tryOrOpt(_ p: Int) -> Bool {
        let seq = state.seq, index = state.index
        for length in 1...min(3, m - 1) {
            for side in 0..<(length == 1 ? 1 : 2) {
                let a = side == 0 ? p : p - length + 1
                guard a >= 0 && a + length <= m else { continue }
                // What taking the segment out saves (the gaps' fixed stops priced as direct legs).
                let previous = state.stop(a - 1), next = state.stop(a + length)
                let saving =
                    state.legInto(a) + state.legOut(of: a + length - 1)
                    - (previous >= 0 && next >= 0 ? state.d(previous, next) : 0)
                for flip in 0..<(length == 1 ? 1 : 2) {
                    let reversed = flip == 1
                    let first = reversed ? seq[a + length - 1] : seq[a]
                    let last = reversed ? seq[a] : seq[a + length - 1]
                    @inline(__always) func insert(_ g: Int) -> Bool {
                        if g < a { return tryMove(BlockSwap(g, a, a + length, reverseC: reversed)) }
                        if g > a + length { return tryMove(BlockSwap(a, a + length, g, reverseB: reversed)) }
                        return false
                    }
                    if insert(0) || insert(m) { return true }
                    for q in 0..<k {
                        let c = incoming[Int(first) * k + q]
                        if state.d(c, first) >= saving { break }
                        if insert(Int(index[Int(c)]) + 1) { return true }
                    }
                    for q in 0..<k {
                        let e = outgoing[Int(last) * k + q]
                        if state.d(last, e) >= saving { break }
                        if insert(Int(index[Int(e)])) { return true }
                    }
                }
            }
        }
        return false
    }

    /// One improving move around stop s, applied; whether there was one.
    ///
    /// A new leg from (into) s is tried only while it is shorter than the leg from (into) s it
    /// replaces: an improving sequential exchange has an end where the first exchange already
    /// gains (S. Lin, B. W. Kernighan, Operations Research 21, 1973), and every end of a changed
    /// leg is queued. This and the Or-opt bound made rounds 3–5 times cheaper with no loss.
    private func improve(_ s: Int32) -> Bool {
        let p = Int(state.index[Int(s)])
        let out = state.legOut(of: p), into = state.legInto(p)
        for q in 0..<k {
            let t = outgoing[Int(s) * k + q]
            if state.d(s, t) >= out { break }
            if tryLeg(s, t) { return true }
        }
        for q in 0..<k {
            let t = incoming[Int(s) * k + q]
            if state.d(t, s) >= into { break }
            if tryLeg(t, s) { return true }
        }
        if tryOrOpt(p) { return true }
        if exchanges && tryExchange(p) { return true }
        // Reversals that make s the first or the last free stop.
        if p >= 1 && tryMove(.reversal(0, p + 1)) { return true }
        if p <= m - 2 && tryMove(.reversal(p, m)) { return true }
        return false
    }

    /// Runs the moves until no queued stop has an improving one.
    func localSearch() {
        while queueCount > 0 {
            let s = pop()
            if improve(s) { push(s) }
        }
    }

    // MARK: Iterated local search

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
