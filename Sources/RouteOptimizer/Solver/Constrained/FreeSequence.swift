/// The current order of a constrained search in free-sequence form (``FreeSequenceLayout``), with
/// what prices and checks a ``BlockSwap`` cheaply:
/// - the length change in O(1 + g) for g gaps in the moved range: prefix sums of the forward and
///   backward leg costs give any block's inner cost either way round (so reversals are priced
///   exactly on an asymmetric matrix), and each gap's leg is re-priced through its fixed stops;
/// - precedence in O(the pairs of the moved blocks' stops) and pins in O(min(b, moved stops)): a move that swaps blocks
///   B and C (``BlockSwap``) can break only a pair from B to C or a pair inside a reversed block,
///   and each bounded stop's index after the move is read from the move in O(1) (a pin can never
///   break: fixed stops do not move);
/// - the lateness change by walking the arrival times from the first moved position, usually
///   only a little past the move (``keepsLateness(_:within:)``).
/// Fixed ends, pins and precedence always hold; the order may be late (the search then minimises
/// the lateness first).
///
/// With the invariant checks compiled in (`-Xswiftc -DROUTE_OPTIMIZER_INVARIANTS`), every applied
/// move is followed by a check of the index, the prefix sums, the departure times, the kept length
/// against a recount and the constraints against ``FeasibilityMeter``.
final class FreeSequence {
    let layout: FreeSequenceLayout
    let n: Int
    /// The number of free positions.
    let m: Int
    private let dist: UnsafeMutablePointer<Int32>
    private let travel: UnsafeMutablePointer<Int32>
    /// The free sequence: `seq[x]` is the stop at free index x.
    let seq: UnsafeMutablePointer<Int32>
    /// The free index of each stop, -1 for a fixed stop.
    let index: UnsafeMutablePointer<Int32>
    /// `forward[x]`: the cost of the legs seq[0] → … → seq[x]; `backward[x]` the same legs reversed.
    private let forward: UnsafeMutablePointer<Int>
    private let backward: UnsafeMutablePointer<Int>
    /// The departure time at each physical position (with time windows).
    private let departure: UnsafeMutablePointer<Int>
    /// `lateBefore[p]`: the lateness at physical positions before p (n + 1 entries, with time windows).
    private let lateBefore: UnsafeMutablePointer<Int>
    private let scratch: UnsafeMutablePointer<Int32>
    /// The length of the whole order, kept up to date move by move.
    private(set) var length: Int
    /// How late the order reaches stops, summed (0 when it keeps every time window).
    var lateness: Int { layout.hasWindows ? lateBefore[n] : 0 }
    #if ROUTE_OPTIMIZER_INVARIANTS
    private var meter: FeasibilityMeter
    private let matrix: DistanceMatrix
    #endif

    /// - Precondition: `order` keeps the fixed ends, the pins and the precedence pairs (it may be late).
    init(_ problem: RouteProblem, order: [Int]) {
        layout = FreeSequenceLayout(problem)
        n = problem.count
        m = layout.m
        dist = .allocate(capacity: max(n * n, 1))
        _ = UnsafeMutableBufferPointer(start: dist, count: n * n).initialize(from: problem.matrix.entries)
        // Travel times matter only with windows.
        let times = layout.hasWindows ? (problem.travelTimes ?? problem.matrix).entries : []
        travel = .allocate(capacity: max(times.count, 1))
        _ = UnsafeMutableBufferPointer(start: travel, count: times.count).initialize(from: times)
        seq = .allocate(capacity: max(m, 1))
        index = .allocate(capacity: max(n, 1))
        index.initialize(repeating: -1, count: n)
        forward = .allocate(capacity: max(m, 1))
        backward = .allocate(capacity: max(m, 1))
        departure = .allocate(capacity: max(n, 1))
        lateBefore = .allocate(capacity: n + 1)
        lateBefore[0] = 0
        scratch = .allocate(capacity: max(m, 1))
        length = problem.length(of: order)
        #if ROUTE_OPTIMIZER_INVARIANTS
        meter = FeasibilityMeter(problem)
        matrix = problem.matrix
        #endif
        for p in 0..<n {
            precondition(
                layout.fixedStop[p] < 0 || Int(layout.fixedStop[p]) == order[p], "a fixed stop is out of place")
        }
        for x in 0..<m {
            seq[x] = Int32(order[Int(layout.freePositions[x])])
            index[Int(seq[x])] = Int32(x)
        }
        refresh(from: 0)
        checkInvariants()
    }

    deinit {
        dist.deallocate(); travel.deallocate(); seq.deallocate(); index.deallocate()
        forward.deallocate(); backward.deallocate(); departure.deallocate(); lateBefore.deallocate();
        scratch.deallocate()
    }

    /// The whole order, fixed stops included.
    var order: [Int] {
        (0..<n).map { p in layout.fixedStop[p] >= 0 ? Int(layout.fixedStop[p]) : Int(seq[Int(layout.indexAt[p])]) }
    }

    @inline(__always) func d(_ a: Int32, _ b: Int32) -> Int { Int(dist[Int(a) &* n &+ Int(b)]) }
    /// A direct leg's cost; 0 when either end is missing (-1).
    @inline(__always) private func plain(_ a: Int32, _ b: Int32) -> Int { a < 0 || b < 0 ? 0 : d(a, b) }
    /// The stop at free index x, or -1 outside `0..<m`.
    @inline(__always) func stop(_ x: Int) -> Int32 { x >= 0 && x < m ? seq[x] : -1 }
    /// The stop at free index x, at -1 the fixed stop the sequence starts from and at m the one it
    /// goes on to (``FreeSequenceLayout/headStop``, ``FreeSequenceLayout/tailStop``; -1 if none).
    @inline(__always) private func stopOrEnd(_ x: Int) -> Int32 {
        x < 0 ? layout.headStop : x < m ? seq[x] : layout.tailStop
    }
    /// The stop at free index x after `move`, or -1 outside `0..<m`.
    @inline(__always) func stop(_ x: Int, after move: BlockSwap) -> Int32 {
        x >= 0 && x < m ? seq[move.source(of: x)] : -1
    }

    /// What gap `g`'s leg from `a` to `b` (free stops) costs more than the direct leg would.
    @inline(__always) private func surcharge(_ g: FreeSequenceLayout.Gap, _ a: Int32, _ b: Int32) -> Int {
        d(a, g.enter) + d(g.leave, b) - d(a, b)
    }

    /// The cost of the leg out of free index x (through a gap if there is one).
    func legOut(of x: Int) -> Int {
        let a = seq[x], b = stopOrEnd(x + 1)
        var cost = plain(a, b)
        for g in layout.gaps where g.t == x + 1 { cost += surcharge(g, a, b) }
        return cost
    }

    /// The cost of the leg into free index x (through a gap if there is one).
    func legInto(_ x: Int) -> Int {
        let a = stopOrEnd(x - 1), b = seq[x]
        var cost = plain(a, b)
        for g in layout.gaps where g.t == x { cost += surcharge(g, a, b) }
        return cost
    }

    // MARK: Pricing and checking a move

    /// The change of length `move` would make.
    /// - Complexity: O(1 + gaps).
    func delta(_ move: BlockSwap) -> Int {
        let i = move.i, j = move.j, k = move.k
        let previous = stopOrEnd(i - 1), next = stopOrEnd(k)
        if layout.gaps.isEmpty && !move.reverseB && !move.reverseC {
            // Neither block reversed and no gap: the three legs at the cuts are all that change.
            let b = seq[i], lastB = seq[j - 1], c = seq[j], lastC = seq[k - 1]
            return plain(previous, c) + d(lastC, b) + plain(lastB, next)
                - plain(previous, b) - d(lastB, c) - plain(lastC, next)
        }
        let old = plain(previous, seq[i]) + (forward[k - 1] - forward[i]) + plain(seq[k - 1], next)
        var new = 0
        var last = previous
        if k > j {
            let first = move.reverseC ? seq[k - 1] : seq[j]
            new += plain(last, first) + (move.reverseC ? backward[k - 1] - backward[j] : forward[k - 1] - forward[j])
            last = move.reverseC ? seq[j] : seq[k - 1]
        }
        let first = move.reverseB ? seq[j - 1] : seq[i]
        new += plain(last, first) + (move.reverseB ? backward[j - 1] - backward[i] : forward[j - 1] - forward[i])
        new += plain(move.reverseB ? seq[i] : seq[j - 1], next)
        var change = new - old
        for g in layout.gaps where g.t >= i && g.t <= k {
            change +=
                surcharge(g, stop(g.t - 1, after: move), stop(g.t, after: move))
                - surcharge(g, stop(g.t - 1), stop(g.t))
        }
        return change
    }

    /// Whether the order after `move` keeps every precedence pair (pins always hold), for an
    /// order that keeps them now (the search's invariant).
    ///
    /// Swapping blocks B = i..<j and C = j..<k keeps the order of a pair with an end outside
    /// i..<k, and of a pair inside one block unless that block is reversed; a pair from B to C
    /// breaks (C comes first). A pair from C to B cannot exist in a valid order. So only the
    /// pairs of the shorter block's stops with the other block, and those inside a reversed block,
    /// are looked at. The pairs are the reduction (``PrecedenceReduction``): a broken pair means a
    /// broken reduced pair.
    /// - Complexity: O(d) for the pairs d of the shorter block (and of a reversed block), plus
    ///   O(min(b, k − i)) for the b stops with bounds from fixed stops.
    func keepsPrecedence(_ move: BlockSwap) -> Bool {
        keepsPairs(move) && keepsBounds(move)
    }

    /// Whether `move` keeps every precedence pair of two free stops (the part of
    /// ``keepsPrecedence(_:)`` that is not about bounds).
    func keepsPairs(_ move: BlockSwap) -> Bool {
        if !layout.pairs.isEmpty {
            if move.reverseB && hasPair(within: move.i..<move.j) { return false }
            if move.reverseC && hasPair(within: move.j..<move.k) { return false }
            if move.j - move.i <= move.k - move.j {
                for x in move.i..<move.j where hasPair(from: x, intoIndices: move.j..<move.k, successors: true) {
                    return false
                }
            } else {
                for y in move.j..<move.k where hasPair(from: y, intoIndices: move.i..<move.j, successors: false) {
                    return false
                }
            }
        }
        return true
    }

    /// Whether every stop with bounds from fixed stops stays within them after `move` (the part of
    /// ``keepsPrecedence(_:)`` that is not about pairs).
    /// - Complexity: O(min(b, k − i)) for the b stops with bounds.
    func keepsBounds(_ move: BlockSwap) -> Bool {
        if layout.bounded.count <= move.k - move.i {
            for s in layout.bounded {
                let x = Int32(move.destination(of: Int(index[Int(s)])))
                if x < layout.low[Int(s)] || x > layout.high[Int(s)] { return false }
            }
        } else {
            // Fewer stops move than have bounds; an unbounded stop's bounds are 0 and m − 1.
            for x in move.i..<move.k {
                let s = Int(seq[x]), to = Int32(move.destination(of: x))
                if to < layout.low[s] || to > layout.high[s] { return false }
            }
        }
        return true
    }

    /// Whether some pair has both ends at free indices in `range`.
    @inline(__always) private func hasPair(within range: Range<Int>) -> Bool {
        for x in range where hasPair(from: x, intoIndices: range, successors: true) { return true }
        return false
    }

    /// Whether the stop at free index `x` must come before (`successors`) or after some stop whose
    /// free index is in `range`.
    @inline(__always) private func hasPair(from x: Int, intoIndices range: Range<Int>, successors: Bool) -> Bool {
        let s = Int(seq[x])
        let (start, targets) =
            successors ? (layout.successorStart, layout.successors) : (layout.predecessorStart, layout.predecessors)
        for e in Int(start[s])..<Int(start[s + 1]) where range.contains(Int(index[Int(targets[e])])) { return true }
        return false
    }

    @inline(__always) private func physicalStop(_ p: Int) -> Int32 {
        let f = layout.fixedStop[p]
        return f >= 0 ? f : seq[Int(layout.indexAt[p])]
    }

    /// Whether `move` changes the total lateness by at most `bound` (0 without time windows).
    ///
    /// Walks the arrival times from the first moved position with the lateness change so far,
    /// `change`, and stops as soon as the answer is known:
    /// - when `change` less all the current lateness still ahead exceeds `bound` (no);
    /// - past the move's range (the stops from there on are the current ones), comparing the new
    ///   departure with the current one: equal, the rest is unchanged (`change ≤ bound`); earlier,
    ///   no later stop gets later, so the final change is at most `change` (yes if `change ≤ bound`);
    ///   later, no later stop gets earlier (no if `change > bound`).
    /// For a feasible order and `bound` 0 this is a feasibility check that usually ends a few stops
    /// past the move.
    func keepsLateness(_ move: BlockSwap, within bound: Int) -> Bool {
        guard layout.hasWindows else { return bound >= 0 }
        let first = Int(layout.freePositions[move.i]), last = Int(layout.freePositions[move.k - 1])
        var clock = first > 0 ? departure[first - 1] : layout.startTime
        var previous: Int32 = first > 0 ? physicalStop(first - 1) : -1
        let total = lateBefore[n]
        var change = 0
        var p = first
        while p < n {
            let f = layout.fixedStop[p]
            let s = f >= 0 ? f : stop(Int(layout.indexAt[p]), after: move)
            if previous >= 0 { clock += Int(travel[Int(previous) &* n &+ Int(s)]) }
            let closes = layout.closes[Int(s)]
            // (Compared before subtracting: `closes` is Int.max for a stop without a window.)
            change += (clock > closes ? clock - closes : 0) - (lateBefore[p + 1] - lateBefore[p])
            if change - (total - lateBefore[p + 1]) > bound { return false }
            clock = max(clock, layout.opens[Int(s)]) + layout.service[Int(s)]
            if p > last {
                let now = departure[p]
                if clock == now || (clock < now && change <= bound) { return change <= bound }
                if clock > now && change > bound { return false }
            }
            previous = s
            p += 1
        }
        return change <= bound
    }

    // MARK: Changing the order

    /// Applies `move`, whose length change is `delta`.
    /// - Precondition: `keepsPrecedence(move)` and `delta == self.delta(move)`.
    /// - Complexity: O(k − i) to rewrite, O(m − i) for the prefix sums, O(n) for the times.
    func apply(_ move: BlockSwap, delta: Int) {
        let i = move.i, k = move.k
        for x in i..<k { scratch[x - i] = seq[move.source(of: x)] }
        for x in i..<k {
            seq[x] = scratch[x - i]
            index[Int(seq[x])] = Int32(x)
        }
        length += delta
        refresh(from: i)
        checkInvariants()
    }

    /// Replaces the free sequence by `other` (m stops, as ``save(into:)`` wrote it), whose length is `length`.
    func load(_ other: UnsafePointer<Int32>, length: Int) {
        seq.update(from: other, count: m)
        for x in 0..<m { index[Int(seq[x])] = Int32(x) }
        self.length = length
        refresh(from: 0)
        checkInvariants()
    }

    /// Replaces the free sequence by `free` (the m free stops in a new order that keeps the fixed
    /// ends, the pins and the precedence pairs) and counts its length.
    /// - Complexity: O(n).
    func load(_ free: [Int32]) {
        precondition(free.count == m, "not an order of the free stops")
        for x in 0..<m {
            seq[x] = free[x]
            index[Int(seq[x])] = Int32(x)
        }
        let whole = order
        var total = 0
        for p in stride(from: 1, to: n, by: 1) { total += d(Int32(whole[p - 1]), Int32(whole[p])) }
        if layout.closed && n > 1 { total += d(Int32(whole[n - 1]), Int32(whole[0])) }
        length = total
        refresh(from: 0)
        checkInvariants()
    }

    /// Copies the free sequence into `buffer` (m stops).
    func save(into buffer: UnsafeMutablePointer<Int32>) { buffer.update(from: seq, count: m) }

    /// Recomputes the prefix sums and the departure times from free index `i` on.
    private func refresh(from i: Int) {
        if i == 0 && m > 0 { forward[0] = 0; backward[0] = 0 }
        for x in max(i, 1)..<max(m, 1) {
            forward[x] = forward[x - 1] + d(seq[x - 1], seq[x])
            backward[x] = backward[x - 1] + d(seq[x], seq[x - 1])
        }
        guard layout.hasWindows else { return }
        let first = i == 0 ? 0 : Int(layout.freePositions[i])
        var clock = first > 0 ? departure[first - 1] : layout.startTime
        var previous: Int32 = first > 0 ? physicalStop(first - 1) : -1
        for p in first..<n {
            let s = physicalStop(p)
            if previous >= 0 { clock += Int(travel[Int(previous) &* n &+ Int(s)]) }
            let closes = layout.closes[Int(s)]
            lateBefore[p + 1] = lateBefore[p] + (clock > closes ? clock - closes : 0)
            clock = max(clock, layout.opens[Int(s)]) + layout.service[Int(s)]
            departure[p] = clock
            previous = s
        }
    }

    @inline(__always) private func checkInvariants() {
        #if ROUTE_OPTIMIZER_INVARIANTS
        let whole = order
        precondition(Set(whole).count == n, "the order is not a permutation")
        for x in 0..<m { precondition(Int(index[Int(seq[x])]) == x, "index out of step at \(x)") }
        var sum = 0, reversed = 0
        for x in 1..<max(m, 1) {
            sum += d(seq[x - 1], seq[x]); reversed += d(seq[x], seq[x - 1])
            precondition(forward[x] == sum && backward[x] == reversed, "prefix sums out of step at \(x)")
        }
        let recount = matrix.length(of: whole, closed: layout.closed)
        precondition(length == recount, "kept length \(length) != recount \(recount)")
        let measured = meter.measure(whole.map { Int32($0) })
        precondition(
            measured.broken == 0 && measured.lateness == lateness, "kept lateness \(lateness) != measured \(measured)")
        if layout.hasWindows {
            var clock = layout.startTime
            for p in 0..<n {
                let s = whole[p]
                if p > 0 { clock += Int(travel[whole[p - 1] * n + s]) }
                clock = max(clock, layout.opens[s]) + layout.service[s]
                precondition(departure[p] == clock, "departure time out of step at \(p)")
            }
        }
        #endif
    }
}
