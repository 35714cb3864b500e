import GeoCore

/// Iterated local search for a closed tour on a symmetric matrix: 2-opt and Or-opt moves
/// (segments of 1–3 stops, either orientation) over neighbour lists, driven by a queue of
/// "dirty" stops (don't-look bits), with segment-swap double-bridge kicks.
///
/// Sources:
/// - G. A. Croes, "A Method for Solving Traveling-Salesman Problems", Operations Research 6, 1958
///   (2-opt); I. Or, PhD thesis, Northwestern University, 1976 (Or-opt: moving segments of up to
///   three stops).
/// - J. L. Bentley, ORSA J. Computing 4 (4), 1992: neighbour lists, don't-look bits, and the
///   array tour whose 2-opt reverses the shorter side.
/// - D. S. Johnson, L. A. McGeoch, "The Traveling Salesman Problem: A Case Study in Local
///   Optimization", in Local Search in Combinatorial Optimization, Wiley 1997: iterated local
///   search with double-bridge kicks (O. Martin, S. W. Otto, E. W. Felten, Complex Systems 5,
///   1991), here the "segment" variant that swaps two short adjacent segments at a random place
///   so each kick and its repair stay local (only the kicked stops are re-examined).
/// - H. R. Lourenço, O. C. Martin, T. Stützle, "Iterated Local Search", Handbook of
///   Metaheuristics, 2003: acceptance criteria between "better" and "random walk"; here a kicked
///   tour is kept when it is no longer than the current one or within a threshold (one average
///   edge) of the best so far (threshold accepting: G. Dueck, T. Scheuer, J. Computational
///   Physics 90, 1990), and the best tour is kept aside.
/// - K. Helsgaun, European J. Operational Research 126 (1), 2000: α-nearness candidates
///   (``alphaNeighbours``), mixed with the nearest.
///
/// Fixed edges (for open paths built with a dummy stop) are never removed by a move or a kick.
///
/// With the invariant checks compiled in (`-Xswiftc -DROUTE_OPTIMIZER_INVARIANTS`), the tour and
/// its position index are checked after every move, and the kept length against a recount after
/// every round.
final class SymmetricTourSearch {
    /// One kick in this many is a global double bridge (segments up to n/3), for edges between
    /// far-apart regions that local kicks cannot re-route.
    static let globalEvery = 100
    /// The longest segment of a local kick.
    static let kickSegment = 50
    /// A kicked tour is kept when it is at most this many thousandths of an average edge (of the
    /// first local optimum) longer than the best tour so far; 1000 (one average edge) beat 0, 30,
    /// 100, 300, 600, 1500 and 3000 on gr431, ali535 and gr666 at 0.1 s and 1 s.
    static let acceptPerMille = 1000

    let n: Int
    private let k: Int
    private let dist: UnsafeMutablePointer<Int32>
    private let neighbours: UnsafeMutablePointer<Int32>
    private var tour: UnsafeMutablePointer<Int32>
    private var position: UnsafeMutablePointer<Int32>
    private var savedTour: UnsafeMutablePointer<Int32>
    private var savedPosition: UnsafeMutablePointer<Int32>
    private let fixedMate: UnsafeMutablePointer<Int32>  // two slots per stop, -1 when free
    private let queue: UnsafeMutablePointer<Int32>
    private let queued: UnsafeMutablePointer<Bool>
    private let scratch: UnsafeMutablePointer<Int32>
    private var head = 0, tail = 0, queueCount = 0
    private var random: SplitMix64
    /// The length of the current tour.
    private(set) var length = 0

    /// - Parameters:
    ///   - matrix: row-major n × n symmetric distances.
    ///   - fixedEdges: edges every tour keeps (each stop in at most two).
    ///   - initial: a starting tour (a permutation) that contains every fixed edge.
    init(n: Int, matrix: [Int32], neighbourCount: Int, fixedEdges: [(Int, Int)], initial: [Int], seed: UInt64) {
        precondition(n >= 5 && matrix.count == n * n && initial.count == n)
        self.n = n
        dist = .allocate(capacity: n * n)
        _ = UnsafeMutableBufferPointer(start: dist, count: n * n).initialize(from: matrix)
        // Five in eight candidates by α-nearness, the rest nearest (α-only edges such as ali535's
        // 222–339, 13th nearest at both ends, are in the optimal tour).
        let lists = alphaNeighbours(count: n, k: neighbourCount, alphaCount: (neighbourCount * 5 + 4) / 8) { i, j in
            Int(matrix[i * n + j])
        }
        k = lists.count / n
        neighbours = .allocate(capacity: max(lists.count, 1))
        _ = UnsafeMutableBufferPointer(start: neighbours, count: lists.count).initialize(from: lists)
        tour = .allocate(capacity: n)
        position = .allocate(capacity: n)
        savedTour = .allocate(capacity: n)
        savedPosition = .allocate(capacity: n)
        fixedMate = .allocate(capacity: 2 * n)
        fixedMate.initialize(repeating: -1, count: 2 * n)
        for (a, b) in fixedEdges {
            fixedMate[2 * a + (fixedMate[2 * a] < 0 ? 0 : 1)] = Int32(b)
            fixedMate[2 * b + (fixedMate[2 * b] < 0 ? 0 : 1)] = Int32(a)
        }
        queue = .allocate(capacity: n)
        queued = .allocate(capacity: n)
        queued.initialize(repeating: false, count: n)
        scratch = .allocate(capacity: n)
        random = SplitMix64(seed: seed)
        for (p, s) in initial.enumerated() {
            tour[p] = Int32(s)
            position[s] = Int32(p)
        }
        length = recount()
    }

    deinit {
        dist.deallocate(); neighbours.deallocate(); tour.deallocate(); position.deallocate()
        savedTour.deallocate(); savedPosition.deallocate(); fixedMate.deallocate()
        queue.deallocate(); queued.deallocate(); scratch.deallocate()
    }

    /// The current tour, from position 0.
    var order: [Int] { (0..<n).map { Int(tour[$0]) } }

    // MARK: Primitives

    @inline(__always) private func d(_ a: Int, _ b: Int) -> Int { Int(dist[a &* n &+ b]) }
    @inline(__always) private func succ(_ a: Int) -> Int {
        let p = Int(position[a]) &+ 1
        return Int(tour[p == n ? 0 : p])
    }
    @inline(__always) private func pred(_ a: Int) -> Int {
        let p = Int(position[a])
        return Int(tour[p == 0 ? n &- 1 : p &- 1])
    }
    @inline(__always) private func isFixed(_ a: Int, _ b: Int) -> Bool {
        let m = Int32(truncatingIfNeeded: b)
        return fixedMate[2 &* a] == m || fixedMate[2 &* a &+ 1] == m
    }

    private func recount() -> Int {
        var total = 0
        for p in 0..<n { total += d(Int(tour[p]), Int(tour[p + 1 == n ? 0 : p + 1])) }
        return total
    }

    /// Reverses the path from `from` to `to` (following successors), or the rest of the tour
    /// when that is shorter: the same cyclic tour either way.
    /// - Complexity: O(min(len, n − len)).
    private func reversePath(_ from: Int, _ to: Int) {
        var i = Int(position[from]), j = Int(position[to])
        var len = j - i
        if len < 0 { len += n }
        len += 1
        if 2 * len > n {
            let ni = j + 1, nj = i - 1
            i = ni == n ? 0 : ni
            j = nj < 0 ? n - 1 : nj
            len = n - len
        }
        var swaps = len / 2
        while swaps > 0 {
            let a = tour[i], b = tour[j]
            tour[i] = b; position[Int(b)] = Int32(i)
            tour[j] = a; position[Int(a)] = Int32(j)
            i += 1; if i == n { i = 0 }
            j -= 1; if j < 0 { j = n - 1 }
            swaps -= 1
        }
    }

    /// Replaces tour edges {a, b} and {c, e} by {a, c} and {b, e}, where b follows a and,
    /// walking on from b away from a, c comes just before e.
    @inline(__always) private func twoOptMove(_ a: Int, _ b: Int, _ c: Int, _ e: Int) {
        if succ(a) == b { reversePath(b, c) } else { reversePath(c, b) }
    }

    private func push(_ s: Int) {
        guard !queued[s] else { return }
        queued[s] = true
        queue[tail] = Int32(s)
        tail += 1; if tail == n { tail = 0 }
        queueCount += 1
    }

    private func pop() -> Int {
        let s = Int(queue[head])
        head += 1; if head == n { head = 0 }
        queueCount -= 1
        queued[s] = false
        return s
    }

    // MARK: Local search

    /// Runs 2-opt + Or-opt until no queued stop has an improving move.
    func localSearch() {
        while queueCount > 0 {
            let a = pop()
            if improve(a) { push(a) }
        }
    }

    /// Queues every stop (a full local search).
    func queueAll() {
        for p in 0..<n { push(Int(tour[p])) }
    }

    /// Applies the best improving 2-opt or Or-opt move that involves `a`; whether there was one.
    private func improve(_ a: Int) -> Bool {
        var bestGain = 0
        // 2-opt candidates: kind 1 = successor side, 2 = predecessor side.
        var kind = 0
        var m1 = 0, m2 = 0, m3 = 0, m4 = 0, m5 = 0, m6 = 0
        var reversed = false
        let base = a &* k
        for side in 0..<2 {
            let b = side == 0 ? succ(a) : pred(a)
            if isFixed(a, b) { continue }
            let dab = d(a, b)
            for m in 0..<k {
                let c = Int(neighbours[base &+ m])
                let g1 = dab &- d(a, c)
                if g1 <= 0 { break }
                let e = side == 0 ? succ(c) : pred(c)
                if c == b || e == a || isFixed(c, e) { continue }
                let gain = g1 &+ d(c, e) &- d(b, e)
                if gain > bestGain {
                    bestGain = gain; kind = 1; m1 = a; m2 = b; m3 = c; m4 = e
                }
            }
        }
        // Or-opt: a segment of 1...3 stops with `a` at one end, moved next to a neighbour of an end.
        for length in 1...3 where n >= length + 4 {
            for direction in 0..<(length == 1 ? 1 : 2) {
                var s1 = a, s2 = a
                for _ in 1..<length {
                    if direction == 0 { s2 = succ(s2) } else { s1 = pred(s1) }
                }
                let p = pred(s1), nx = succ(s2)
                if isFixed(p, s1) || isFixed(s2, nx) { continue }
                let g1 = d(p, s1) &+ d(s2, nx) &- d(p, nx)
                if g1 <= 0 { continue }
                let start = Int(position[s1])
                for end in 0..<2 {
                    let x = end == 0 ? s1 : s2, y = end == 0 ? s2 : s1
                    let xb = x &* k
                    for m in 0..<k {
                        let c = Int(neighbours[xb &+ m])
                        let gx = g1 &- d(x, c)
                        if gx <= 0 { break }
                        var offset = Int(position[c]) &- start
                        if offset < 0 { offset &+= n }
                        if offset < length { continue }
                        for eSide in 0..<2 {
                            let e = eSide == 0 ? succ(c) : pred(c)
                            var eo = Int(position[e]) &- start
                            if eo < 0 { eo &+= n }
                            if eo < length || isFixed(c, e) { continue }
                            let gain = gx &+ d(c, e) &- d(y, e)
                            if gain > bestGain {
                                bestGain = gain; kind = 2
                                m1 = p; m2 = s1; m3 = s2; m4 = nx
                                // Forward frame: cf is followed by df.
                                let cf = eSide == 0 ? c : e, df = eSide == 0 ? e : c
                                m5 = cf; m6 = df
                                // x joins c; in the frame, `reversed` joins cf–s2 and s1–df.
                                reversed = eSide == 0 ? (x == s2) : (y == s2)
                            }
                        }
                    }
                }
            }
        }
        guard kind != 0 else { return linKernighanChain(a) }
        if kind == 1 {
            twoOptMove(m1, m2, m3, m4)
            push(m1); push(m2); push(m3); push(m4)
        } else {
            let (p, s1, s2, nx, cf, df) = (m1, m2, m3, m4, m5, m6)
            twoOptMove(p, s1, cf, df)                    // p cf … nx s2…s1 df
            if cf != nx { twoOptMove(p, cf, nx, s2) }    // p nx … cf s2…s1 df
            if !reversed && s1 != s2 { twoOptMove(cf, s2, s1, df) }  // cf s1…s2 df
            push(p); push(nx); push(s1); push(s2); push(cf); push(df)
        }
        length -= bestGain
        checkInvariants()
        return true
    }


    // MARK: Lin–Kernighan chain

    /// Flips of the chain being tried: (a, b, c, e) for each 2-opt move, to undo them.
    private var flips: [(Int32, Int32, Int32, Int32)] = []
    /// Depth of a chain (number of 2-opt flips).
    /// Depth of a chain (number of 2-opt flips); deeper chains cost more than they found in the
    /// TSPLIB measurements (depth 3 beat 2, 4, 6 and 10 at a fixed time).
    static let chainDepth = 3

    /// A Lin–Kernighan step from `t1` as a chain of 2-opt flips (S. Lin, B. W. Kernighan,
    /// "An Effective Heuristic Algorithm for the Traveling-Salesman Problem", Operations Research 21,
    /// 1973; the flip formulation of D. Applegate, W. Cook, A. Rohe, "Chained Lin–Kernighan for
    /// Large Traveling Salesman Problems", INFORMS J. Computing 15 (1), 2003): remove (t1, t2),
    /// join t2 to a neighbour t3 whose tour neighbour t4 (on t2's side) then takes t2's place, and repeat from
    /// (t1, t4) while the partial gain stays positive; keep the prefix of flips with the best
    /// closed-tour gain, undo the rest. Each level takes the candidate with the best
    /// `g + d(t3, t4)` (LK's look-ahead), without backtracking.
    /// - Complexity: O(depth · (K + flip length)).
    private func linKernighanChain(_ t1: Int) -> Bool {
        for side in 0..<2 {
            var t2 = side == 0 ? succ(t1) : pred(t1)
            if isFixed(t1, t2) { continue }
            flips.removeAll(keepingCapacity: true)
            var partial = d(t1, t2)         // removed minus added, without the closing edge
            var bestGain = 0, bestDepth = 0, total = 0
            for _ in 0..<Self.chainDepth {
                let forward = succ(t1) == t2
                var pick3 = -1, pick4 = -1, pickScore = Int.min
                let base = t2 &* k
                for m in 0..<k {
                    let t3 = Int(neighbours[base &+ m])
                    let g = partial &- d(t2, t3)
                    if g <= 0 { break }
                    if t3 == t1 { continue }
                    let t4 = forward ? pred(t3) : succ(t3)  // t1 t2 … t4 t3: the flip reverses t2…t4
                    if t4 == t2 || t4 == t1 || isFixed(t3, t4) { continue }
                    let score = g &+ d(t3, t4)
                    if score > pickScore { pickScore = score; pick3 = t3; pick4 = t4 }
                }
                if pick3 < 0 { break }
                let step = d(t1, t2) &+ d(pick3, pick4) &- d(t2, pick3) &- d(t1, pick4)
                twoOptMove(t2, t1, pick3, pick4)   // read from t2 backwards: t2 t1 … t3 t4
                flips.append((Int32(t2), Int32(t1), Int32(pick3), Int32(pick4)))
                total &+= step
                partial = pickScore
                if total > bestGain { bestGain = total; bestDepth = flips.count }
                t2 = pick4
            }
            while flips.count > bestDepth {
                let (a, b, c, e) = flips.removeLast()
                twoOptMove(Int(a), Int(c), Int(b), Int(e))
            }
            if bestGain > 0 {
                for (a, b, c, e) in flips { push(Int(a)); push(Int(b)); push(Int(c)); push(Int(e)) }
                length -= bestGain
                checkInvariants()
                return true
            }
        }
        return false
    }

    // MARK: Iterated local search

    /// Swaps two adjacent segments at a random place (a double bridge: segments of at most
    /// ``kickSegment`` stops, or up to n/3 one time in ``globalEvery``); returns
    /// whether it found a place that keeps every fixed edge.
    private func kick() -> Bool {
        let global = random.next() % UInt64(SymmetricTourSearch.globalEvery) == 0
        let maxSegment = global ? max(1, n / 3) : max(1, min(SymmetricTourSearch.kickSegment, n / 4))
        for _ in 0..<8 {
            let i = Int(random.next() % UInt64(n))
            let l1 = 1 + Int(random.next() % UInt64(maxSegment))
            let l2 = 1 + Int(random.next() % UInt64(maxSegment))
            guard l1 + l2 + 2 <= n else { continue }
            @inline(__always) func at(_ p: Int) -> Int { Int(tour[(i + p) % n]) }
            let a = at(0), b0 = at(1), b1 = at(l1), c0 = at(l1 + 1), c1 = at(l1 + l2), e = at(l1 + l2 + 1)
            if isFixed(a, b0) || isFixed(b1, c0) || isFixed(c1, e) { continue }
            let delta = d(a, c0) + d(c1, b0) + d(b1, e) - d(a, b0) - d(b1, c0) - d(c1, e)
            // Rewrite positions i+1 … i+l1+l2 as C then B.
            for q in 0..<l2 { scratch[q] = Int32(at(l1 + 1 + q)) }
            for q in 0..<l1 { scratch[l2 + q] = Int32(at(1 + q)) }
            for q in 0..<(l1 + l2) {
                let p = (i + 1 + q) % n
                tour[p] = scratch[q]
                position[Int(scratch[q])] = Int32(p)
            }
            length += delta
            push(a); push(b0); push(b1); push(c0); push(c1); push(e)
            checkInvariants()
            return true
        }
        return false
    }


    private func save() {
        savedTour.update(from: tour, count: n)
        savedPosition.update(from: position, count: n)
    }

    private func restore() {
        tour.update(from: savedTour, count: n)
        position.update(from: savedPosition, count: n)
    }

    /// Local search from the current tour, then kicks while the budget allows (each kicked and
    /// repaired tour kept by the acceptance rule above, otherwise undone); returns the best.
    /// - Returns: the number of kicks.
    func run(_ budget: SearchBudget) -> Int {
        queueAll()
        localSearch()
        save()
        var current = length
        var best = length
        var kept = [Int32](repeating: 0, count: n)
        for p in 0..<n { kept[p] = tour[p] }
        let threshold = Self.acceptPerMille * length / max(n, 1) / 1000
        var round = 0
        while budget.allows(round) {
            round += 1
            guard kick() else { break }
            localSearch()
            if length <= current || length <= best + threshold {
                current = length
                save()
                if length < best {
                    best = length
                    for p in 0..<n { kept[p] = tour[p] }
                }
            } else {
                restore()
                length = current
            }
            #if ROUTE_OPTIMIZER_INVARIANTS
            precondition(length == recount(), "kept length \(length) != recount \(recount())")
            #endif
        }
        for p in 0..<n { tour[p] = kept[p]; position[Int(kept[p])] = Int32(p) }
        length = best
        return round
    }

    @inline(__always) private func checkInvariants() {
        #if ROUTE_OPTIMIZER_INVARIANTS
        for p in 0..<n { precondition(Int(position[Int(tour[p])]) == p, "position index out of step at \(p)") }
        precondition(length == recount(), "kept length \(length) != recount \(recount())")
        #endif
    }
}
