/// A problem's order seen through its free positions: what ``FreeSequence`` needs to price and
/// check moves that never touch a fixed stop.
///
/// Positions held by a fixed start, a fixed finish or a pin never change; the search permutes only
/// the stops at the other m positions (the *free sequence*, indices `0..<m`). A move on that
/// sequence leaves each fixed stop where it is, so a stop can move across a pinned position
/// without breaking the pin: the pinned stop stays and only its two legs are re-priced. (Moves on
/// the whole order cannot do that: every Or-opt or 2-opt move across a pin shifts it, so a pin
/// splits the neighbourhood into parts that only kicks could connect.)
///
/// Boundary `t` (0…m) lies before free index `t`. Between consecutive free stops the leg is direct
/// unless fixed positions lie between them (a *gap*); then it runs into the gap's first fixed stop
/// and out of its last. Boundary 0 holds the fixed stops before the first free one, boundary m
/// those after the last free one and, in a closed tour, the return leg to the start; the stops
/// the sequence's ends connect to are kept apart from the gaps (`headStop`, `tailStop`), so a move
/// prices them as direct legs.
///
/// Constraints in these terms: a precedence pair of two free stops compares their indices; a pair
/// with a fixed stop becomes a bound on the free stop's index.
struct FreeSequenceLayout {
    /// A boundary between two free stops whose leg passes through fixed stops (pins).
    struct Gap {
        /// The boundary: between free indices `t − 1` and `t`.
        let t: Int
        /// The fixed stop the leg from free index `t − 1` goes to.
        let enter: Int32
        /// The fixed stop the leg into free index `t` comes from.
        let leave: Int32
    }

    let n: Int
    /// The number of free positions.
    let m: Int
    let closed: Bool
    /// The physical position of each free index, increasing.
    let freePositions: [Int32]
    /// The free index of each physical position, -1 at a fixed one.
    let indexAt: [Int32]
    /// The stop at each fixed physical position, -1 at a free one.
    let fixedStop: [Int32]
    /// Whether each stop is fixed.
    let isFixed: [Bool]
    /// The fixed stop the leg into free index 0 comes from (boundary 0's, a fixed start), or -1.
    let headStop: Int32
    /// The fixed stop the leg out of free index m − 1 goes to (boundary m's: a fixed finish or, in a
    /// closed tour, the start it returns to), or -1.
    let tailStop: Int32
    /// The boundaries between free stops (1..<m) with fixed stops, by increasing `t`: the pins a
    /// move re-prices one by one, where the ends are read through `headStop` and `tailStop`.
    let gaps: [Gap]
    /// Precedence pairs of two free stops (before, after) that no chain of other such pairs
    /// implies (``PrecedenceReduction``): an order kept by these keeps them all.
    let pairs: [(before: Int32, after: Int32)]
    /// How many ordered pairs of free stops precedence decides, implied ones included.
    let orderedPairs: Int
    /// The pairs of free stops with their closure, which says which legs an order can have.
    let precedence: PrecedenceReduction
    /// The same pairs by stop, in compressed rows: the stops that must come after stop s are
    /// `successors[successorStart[s]..<successorStart[s + 1]]`, those before it likewise.
    let successorStart: [Int32], successors: [Int32]
    let predecessorStart: [Int32], predecessors: [Int32]
    /// Free-index bounds from precedence with fixed stops (0 and m − 1 when none); the stops whose
    /// bounds limit them are in `bounded`.
    let low: [Int32], high: [Int32]
    let bounded: [Int32]
    /// Time windows and service times per stop (`Int.min`/`Int.max`/0 without); empty without windows.
    let opens: [Int], closes: [Int], service: [Int]
    let hasWindows: Bool
    let startTime: Int

    /// - Complexity: O(n + p · n / 64) for p precedence pairs.
    init(_ problem: RouteProblem) {
        let n = problem.count
        self.n = n
        closed = problem.shape.isClosed
        var fixed = [Int32](repeating: -1, count: n)
        if let s = problem.shape.fixedStart, n > 0 { fixed[0] = Int32(s) }
        if let f = problem.shape.fixedFinish, n > 0 { fixed[n - 1] = Int32(f) }
        for pin in problem.pins { fixed[pin.position] = Int32(pin.stop) }
        fixedStop = fixed
        var isFixed = [Bool](repeating: false, count: n)
        var fixedPosition = [Int](repeating: -1, count: n)
        var free: [Int32] = []
        var indexAt = [Int32](repeating: -1, count: n)
        // freeBefore[p]: free positions before p (so a stop after a fixed position p has index ≥ freeBefore[p]).
        var freeBefore = [Int32](repeating: 0, count: n + 1)
        for p in 0..<n {
            freeBefore[p + 1] = freeBefore[p]
            if fixed[p] >= 0 {
                isFixed[Int(fixed[p])] = true
                fixedPosition[Int(fixed[p])] = p
            } else {
                indexAt[p] = Int32(free.count)
                free.append(Int32(p))
                freeBefore[p + 1] += 1
            }
        }
        freePositions = free
        self.indexAt = indexAt
        self.isFixed = isFixed
        let m = free.count
        self.m = m

        // The sequence's ends: the fixed stop just before free index 0, and the one just after
        // free index m − 1 or, when none follows it in a closed tour, the start it returns to.
        headStop = m > 0 && free[0] > 0 ? fixed[Int(free[0]) - 1] : -1
        let last = m > 0 ? Int(free[m - 1]) : n
        tailStop = last + 1 < n ? fixed[last + 1] : (m > 0 && closed ? fixed[0] : -1)
        var gaps: [Gap] = []
        for t in stride(from: 1, to: m, by: 1) where free[t] > free[t - 1] + 1 {
            gaps.append(Gap(t: t, enter: fixed[Int(free[t - 1]) + 1], leave: fixed[Int(free[t]) - 1]))
        }
        self.gaps = gaps

        var pairs: [(before: Int32, after: Int32)] = []
        var low = [Int32](repeating: 0, count: n), high = [Int32](repeating: Int32(max(m - 1, 0)), count: n)
        var isBounded = [Bool](repeating: false, count: n)
        for pair in problem.precedence {
            let a = pair.before, b = pair.after
            switch (isFixed[a], isFixed[b]) {
            case (false, false): pairs.append((Int32(a), Int32(b)))
            case (true, false):
                low[b] = max(low[b], freeBefore[fixedPosition[a]])
                isBounded[b] = true
            case (false, true):
                high[a] = min(high[a], freeBefore[fixedPosition[b]] - 1)
                isBounded[a] = true
            case (true, true): break  // validated with the problem
            }
        }
        let reduction = PrecedenceReduction(pairs, count: n)
        precedence = reduction
        self.pairs = reduction.pairs
        orderedPairs = reduction.orderedPairs
        (successorStart, successors) = Self.rows(self.pairs.map { ($0.before, $0.after) }, count: n)
        (predecessorStart, predecessors) = Self.rows(self.pairs.map { ($0.after, $0.before) }, count: n)
        self.low = low
        self.high = high
        // A bound at the sequence's own end limits nothing (an SOP's fixed start and finish bound every stop so).
        bounded = (0..<n).filter { isBounded[$0] && (low[$0] > 0 || high[$0] < max(m - 1, 0)) }.map { Int32($0) }

        hasWindows = !problem.timeWindows.isEmpty
        opens = hasWindows ? problem.timeWindows.map { $0?.opens ?? Int.min } : []
        closes = hasWindows ? problem.timeWindows.map { $0?.closes ?? Int.max } : []
        service =
            hasWindows ? (problem.serviceTimes.isEmpty ? [Int](repeating: 0, count: n) : problem.serviceTimes) : []
        startTime = problem.startTime
    }
}

extension FreeSequenceLayout {
    /// `edges` (from, to) as compressed rows over `count` stops: row s is
    /// `targets[start[s]..<start[s + 1]]`.
    /// - Complexity: O(count + edges).
    static func rows(_ edges: [(Int32, Int32)], count: Int) -> (start: [Int32], targets: [Int32]) {
        var start = [Int32](repeating: 0, count: count + 1)
        for (from, _) in edges { start[Int(from) + 1] += 1 }
        for s in 0..<count { start[s + 1] += start[s] }
        var next = start
        var targets = [Int32](repeating: 0, count: edges.count)
        for (from, to) in edges {
            targets[Int(next[Int(from)])] = to
            next[Int(from)] += 1
        }
        return (start, targets)
    }
}
