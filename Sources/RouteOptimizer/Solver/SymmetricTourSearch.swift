import GeoCore

/// Iterated local search for a closed tour on a symmetric matrix: 2-opt and Or-opt moves
/// (segments of 1–3 stops, either orientation) and, where they find nothing, a Lin–Kernighan
/// chain of sequential 3-opt moves, over candidate lists, driven by a queue of "dirty" stops
/// (don't-look bits), with double-bridge kicks in walks of a fixed number of rounds
/// that each start again from the first local optimum (``walkRoundsPerStop``), each walk's best
/// merged with the best tour before it (``TourMerge``); the start is a greedy-edge tour
/// (``greedyEdgeTour(count:lists:k:fixedEdges:distance:)``).
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
///   1991), here on three short adjacent segments at a random place, so each kick and its
///   repair stay local (only the kicked stops are re-examined).
/// - H. R. Lourenço, O. C. Martin, T. Stützle, "Iterated Local Search", Handbook of
///   Metaheuristics, 2003: acceptance criteria between "better" and "random walk"; here a kicked
///   tour is kept when it is no longer than the current one or within a threshold (one average
///   edge) of the walk's best so far (threshold accepting: G. Dueck, T. Scheuer, J. Computational
///   Physics 90, 1990), and the best tour is kept aside.
/// - K. Helsgaun, European J. Operational Research 126 (1), 2000: α-nearness candidates
///   (``alphaNeighbours``) on distances transformed by subgradient-optimised 1-tree penalties
///   (``oneTreePenalties(graph:upperBound:iterations:stop:)``), mixed with the nearest;
///   and the chain of sequential k-opt moves (``threeOptChain(_:)``).
///
/// Fixed edges (for open paths built with a dummy stop) are never removed by a move or a kick.
///
/// With the invariant checks compiled in (`-Xswiftc -DROUTE_OPTIMIZER_INVARIANTS`), the tour and
/// its position index are checked after every move, and the kept length against a recount after
/// every round.
///
/// The constants below were tuned on TSPLIB instances; docs/optimizer-tuning.md has the
/// measurements behind each value.
final class SymmetricTourSearch {
    /// One kick in this many is a global double bridge (segments up to n/3), for edges between
    /// far-apart regions that local kicks cannot re-route.
    static let globalEvery = 100
    /// The longest segment of a local kick: long enough to move a fault, short enough to stay local.
    static let kickSegment = 100
    /// The longest segment of a kick (at most n/4) in the first ``earlyRoundsPerStop``·n rounds
    /// of a walk, when the tour still has coarse faults that short kicks leave alone.
    static let earlyKickSegment = 200
    /// How long a walk kicks with ``earlyKickSegment``, in rounds per stop.
    static let earlyRoundsPerStop = 5
    /// A kicked tour is kept when it is at most this many thousandths of an average edge (of the
    /// first local optimum) longer than the best tour so far: a walk must cross ridges to leave a basin.
    static let acceptPerMille = 1000

    let n: Int
    /// Whether this is the search of a merge's reduced problem (``merge(_:_:budget:)``): it
    /// merges no walks of its own, and its ascent is not cut to a share of the time, as the
    /// reduced problem is small.
    private let isMergeSearch: Bool
    private let k: Int
    /// The ``ascentGraphNeighbours`` nearest stops of each stop, row-major.
    private let ascentNearest: [Int32]
    private let dist: UnsafeMutablePointer<Int32>
    private let neighbours: UnsafeMutablePointer<Int32>
    /// d(i, neighbours[i·k + m]), beside the lists: the searches read it for every candidate, and
    /// the matrix itself is too large for the cache from a few hundred stops on.
    private let neighbourDistance: UnsafeMutablePointer<Int32>
    private var tour: UnsafeMutablePointer<Int32>
    private var position: UnsafeMutablePointer<Int32>
    private var savedTour: UnsafeMutablePointer<Int32>
    private var savedPosition: UnsafeMutablePointer<Int32>
    private let fixedMate: UnsafeMutablePointer<Int32>  // two slots per stop, -1 when free
    /// Whether any edge is fixed: closed tours skip the lookups.
    private let hasFixedEdges: Bool
    private let queue: UnsafeMutablePointer<Int32>
    private let queued: UnsafeMutablePointer<Bool>
    private let scratch: UnsafeMutablePointer<Int32>
    /// Flips of the chain being tried, four stops each (see ``flip(_:_:_:_:)``), to undo them.
    private let journal: UnsafeMutablePointer<Int32>
    private var journalCount = 0
    /// Edges the chain being tried has added, two stops each (they may not be removed again).
    private let added: UnsafeMutablePointer<Int32>
    private var addedCount = 0
    private var head = 0, tail = 0, queueCount = 0
    private var random: SplitMix64
    /// The length of the current tour.
    private(set) var length = 0

    /// - Parameters:
    ///   - matrix: row-major n × n symmetric distances.
    ///   - fixedEdges: edges every tour keeps (each stop in at most two).
    ///   - neighbourCount: candidates per stop; the nearest until the first local optimum, then
    ///     α-nearness ones (``refineCandidates(_:)``).
    ///   - start: the first tour; nil for a greedy-edge tour.
    ///   - isMergeSearch: whether this searches a merge's reduced problem.
    init(
        n: Int, matrix: [Int32], neighbourCount: Int, fixedEdges: [(Int, Int)], seed: UInt64,
        start: [Int32]? = nil, isMergeSearch: Bool = false
    ) {
        self.isMergeSearch = isMergeSearch
        precondition(n >= 5 && matrix.count == n * n)
        self.n = n
        dist = .allocate(capacity: n * n)
        _ = UnsafeMutableBufferPointer(start: dist, count: n * n).initialize(from: matrix)
        // The nearest lists of the ascent's graph, whose first `neighbourCount` are the first candidates.
        let wideCount = min(max(neighbourCount, Self.ascentGraphNeighbours), n - 1)
        ascentNearest = nearestNeighbours(count: n, k: wideCount) { i, j in Int(matrix[i * n + j]) }
        k = min(neighbourCount, n - 1)
        var lists = [Int32](repeating: 0, count: n * k)
        for i in 0..<n { for m in 0..<k { lists[i * k + m] = ascentNearest[i * wideCount + m] } }
        neighbours = .allocate(capacity: max(lists.count, 1))
        _ = UnsafeMutableBufferPointer(start: neighbours, count: lists.count).initialize(from: lists)
        neighbourDistance = .allocate(capacity: max(lists.count, 1))
        for e in 0..<lists.count { neighbourDistance[e] = matrix[e / k * n + Int(lists[e])] }
        tour = .allocate(capacity: n)
        position = .allocate(capacity: n)
        savedTour = .allocate(capacity: n)
        savedPosition = .allocate(capacity: n)
        fixedMate = .allocate(capacity: 2 * n)
        fixedMate.initialize(repeating: -1, count: 2 * n)
        hasFixedEdges = !fixedEdges.isEmpty
        for (a, b) in fixedEdges {
            fixedMate[2 * a + (fixedMate[2 * a] < 0 ? 0 : 1)] = Int32(b)
            fixedMate[2 * b + (fixedMate[2 * b] < 0 ? 0 : 1)] = Int32(a)
        }
        queue = .allocate(capacity: n)
        queued = .allocate(capacity: n)
        queued.initialize(repeating: false, count: n)
        scratch = .allocate(capacity: n)
        journal = .allocate(capacity: 4 * 3 * Self.maxSteps)
        added = .allocate(capacity: 2 * 3 * Self.maxSteps)
        random = SplitMix64(seed: seed)
        if let start {
            load(start)
        } else {
            load(
                greedyEdgeTour(count: n, lists: lists, k: k, fixedEdges: fixedEdges) { Int(matrix[$0 * n + $1]) }
                    .map(Int32.init))
        }
        length = recount()
    }

    deinit {
        dist.deallocate(); neighbours.deallocate(); neighbourDistance.deallocate(); tour.deallocate();
        position.deallocate()
        savedTour.deallocate(); savedPosition.deallocate(); fixedMate.deallocate()
        queue.deallocate(); queued.deallocate(); scratch.deallocate(); journal.deallocate(); added.deallocate()
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
        guard hasFixedEdges else { return false }
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

    /// A move of the local search, with the stops it reconnects.
    private enum LocalMove {
        /// Replaces tour edges {a, b} and {c, e} by {a, c} and {b, e} (``twoOptMove(_:_:_:_:)``).
        case twoOpt(a: Int, b: Int, c: Int, e: Int)
        /// Cuts the segment s1…s2 out from between p and nx and puts it between cf and df (cf
        /// followed by df), joining cf–s2 and s1–df when `reversed`, else cf–s1 and s2–df.
        case orOpt(p: Int, s1: Int, s2: Int, nx: Int, cf: Int, df: Int, reversed: Bool)
    }

    /// The best move found so far and its gain; a move must gain more to replace it.
    private struct BestMove {
        var move: LocalMove?
        var gain = 0
    }

    /// Applies the best improving 2-opt or Or-opt move that involves `a` (2-opt first: on equal
    /// gains the first found wins), else tries a 3-opt chain from `a`; whether the tour changed.
    private func improve(_ a: Int) -> Bool {
        var best = BestMove()
        findTwoOpt(around: a, &best)
        for segmentLength in 1...3 where n >= segmentLength + 4 {
            findOrOpt(around: a, segmentLength: segmentLength, &best)
        }
        guard let move = best.move else { return threeOptChain(a) }
        make(move)
        length -= best.gain
        checkInvariants()
        return true
    }

    /// 2-opt moves that remove the edge from `a` to its successor or predecessor `b`; the new
    /// edge {a, c} goes to a candidate c of `a`.
    @inline(__always) private func findTwoOpt(around a: Int, _ best: inout BestMove) {
        let base = a &* k
        for side in 0..<2 {
            let b = side == 0 ? succ(a) : pred(a)
            if isFixed(a, b) { continue }
            let dab = d(a, b)
            for m in 0..<k {
                let c = Int(neighbours[base &+ m])
                let g1 = dab &- Int(neighbourDistance[base &+ m])
                if g1 <= 0 { break }
                let e = side == 0 ? succ(c) : pred(c)
                if c == b || e == a || isFixed(c, e) { continue }
                let gain = g1 &+ d(c, e) &- d(b, e)
                if gain > best.gain {
                    best = BestMove(move: .twoOpt(a: a, b: b, c: c, e: e), gain: gain)
                }
            }
        }
    }

    /// Or-opt moves of a segment of `segmentLength` stops with `a` at one end (the segment
    /// running forward from `a`, then, for longer segments, backward), put next to a candidate
    /// of either of its ends.
    @inline(__always) private func findOrOpt(around a: Int, segmentLength: Int, _ best: inout BestMove) {
        for direction in 0..<(segmentLength == 1 ? 1 : 2) {
            var s1 = a, s2 = a
            for _ in 1..<segmentLength {
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
                    let gx = g1 &- Int(neighbourDistance[xb &+ m])
                    if gx <= 0 { break }
                    var offset = Int(position[c]) &- start
                    if offset < 0 { offset &+= n }
                    if offset < segmentLength { continue }
                    for eSide in 0..<2 {
                        let e = eSide == 0 ? succ(c) : pred(c)
                        var eo = Int(position[e]) &- start
                        if eo < 0 { eo &+= n }
                        if eo < segmentLength || isFixed(c, e) { continue }
                        let gain = gx &+ d(c, e) &- d(y, e)
                        if gain > best.gain {
                            // Forward frame: cf is followed by df.
                            let cf = eSide == 0 ? c : e, df = eSide == 0 ? e : c
                            // x joins c; in the frame, `reversed` joins cf–s2 and s1–df.
                            let reversed = eSide == 0 ? (x == s2) : (y == s2)
                            best = BestMove(
                                move: .orOpt(p: p, s1: s1, s2: s2, nx: nx, cf: cf, df: df, reversed: reversed),
                                gain: gain)
                        }
                    }
                }
            }
        }
    }

    /// Makes `move` and queues the stops whose edges it changed.
    private func make(_ move: LocalMove) {
        switch move {
        case .twoOpt(let a, let b, let c, let e):
            twoOptMove(a, b, c, e)
            push(a); push(b); push(c); push(e)
        case .orOpt(let p, let s1, let s2, let nx, let cf, let df, let reversed):
            twoOptMove(p, s1, cf, df)  // p cf … nx s2…s1 df
            if cf != nx { twoOptMove(p, cf, nx, s2) }  // p nx … cf s2…s1 df
            if !reversed && s1 != s2 { twoOptMove(cf, s2, s1, df) }  // cf s1…s2 df
            push(p); push(nx); push(s1); push(s2); push(cf); push(df)
        }
    }

    // MARK: Sequential 3-opt chain

    /// The most 3-opt steps of a chain (1 is plain 3-opt): deeper chains find more, at a cost per stop.
    static let maxSteps = 3

    /// Applies a 2-opt move (as ``twoOptMove(_:_:_:_:)``) and journals it.
    @inline(__always) private func flip(_ a: Int, _ b: Int, _ c: Int, _ e: Int) {
        twoOptMove(a, b, c, e)
        let j = journal + 4 &* journalCount
        j[0] = Int32(truncatingIfNeeded: a); j[1] = Int32(truncatingIfNeeded: b)
        j[2] = Int32(truncatingIfNeeded: c); j[3] = Int32(truncatingIfNeeded: e)
        journalCount &+= 1
    }

    /// Undoes journalled flips, last first, down to `count`.
    private func undo(to count: Int) {
        while journalCount > count {
            journalCount &-= 1
            let j = journal + 4 &* journalCount
            twoOptMove(Int(j[0]), Int(j[2]), Int(j[1]), Int(j[3]))
        }
    }

    /// Whether `b` lies on the path from `a` to `c` following successors (ends included).
    @inline(__always) private func between(_ a: Int, _ b: Int, _ c: Int) -> Bool {
        let pa = position[a], pb = position[b], pc = position[c]
        if pa <= pc { return pa <= pb && pb <= pc }
        return pb >= pa || pb <= pc
    }

    @inline(__always) private func wasAdded(_ a: Int, _ b: Int) -> Bool {
        var i = 0
        let x = Int32(truncatingIfNeeded: a), y = Int32(truncatingIfNeeded: b)
        while i < addedCount {
            let p = added[2 &* i], q = added[2 &* i &+ 1]
            if (p == x && q == y) || (p == y && q == x) { return true }
            i &+= 1
        }
        return false
    }

    @inline(__always) private func noteAdded(_ a: Int, _ b: Int) {
        added[2 &* addedCount] = Int32(truncatingIfNeeded: a)
        added[2 &* addedCount &+ 1] = Int32(truncatingIfNeeded: b)
        addedCount &+= 1
    }

    /// A sequential 3-opt move from (t1, t2); `kind` is nil until a search finds one.
    private struct Move { var kind: ThreeOptKind?, t3 = 0, t4 = 0, t5 = 0, t6 = 0, gain = Int.min }

    /// The shapes of a sequential 3-opt move that removes (t1, t2), (t3, t4) and (t5, t6).
    private enum ThreeOptKind {
        /// A plain 2-opt move: only (t3, t4) removed, closed by (t4, t1).
        case twoOpt
        /// A 2-opt move, then a second from its new end: two flips.
        case twoFlips
        /// The segments [t2…t5] and [t6…t3] swap places.
        case segmentSwap
        /// The segments [t2…t6] and [t5…t3] are both reversed in place.
        case bothReversed
    }

    /// Searches every sequential 3-opt move that removes (t1, t2) (with `g0` = removed minus
    /// added so far, (t1, t2) counted as removed) over the candidate lists; `close` gets the move
    /// with the best closed gain, `open` the 3-opt move with the best gain before its closing
    /// edge (to go on from).
    private func searchThreeOpt(_ t1: Int, _ t2: Int, _ g0: Int, _ close: inout Move, _ open: inout Move) {
        if succ(t1) == t2 {
            searchThreeOpt(Forward.self, t1, t2, g0, &close, &open)
        } else {
            searchThreeOpt(Backward.self, t1, t2, g0, &close, &open)
        }
    }

    /// ``searchThreeOpt(_:_:_:_:_:)`` with the tour read in direction `D` (t2 = D's successor of
    /// t1), compiled once per direction so the walk has no direction tests.
    private func searchThreeOpt<D: WalkDirection>(
        _: D.Type, _ t1: Int, _ t2: Int, _ g0: Int, _ close: inout Move, _ open: inout Move
    ) {
        @inline(__always) func walkNext(_ x: Int) -> Int { D.isForward ? succ(x) : pred(x) }
        @inline(__always) func walkPrevious(_ x: Int) -> Int { D.isForward ? pred(x) : succ(x) }
        @inline(__always) func btw(_ a: Int, _ b: Int, _ c: Int) -> Bool {
            D.isForward ? between(a, b, c) : between(c, b, a)
        }
        let checkAdded = addedCount > 0
        let after2 = walkNext(t2)
        let b2 = t2 &* k
        for m in 0..<k {
            let t3 = Int(neighbours[b2 &+ m])
            let g1 = g0 &- Int(neighbourDistance[b2 &+ m])
            if g1 <= 0 { break }
            if t3 == t1 || t3 == after2 { continue }
            for side in 0..<2 {
                let t4 = side == 0 ? walkPrevious(t3) : walkNext(t3)
                if t4 == t1 || isFixed(t3, t4) || (checkAdded && wasAdded(t3, t4)) { continue }
                let g2base = g1 &+ d(t3, t4)
                if side == 0 {
                    let c2 = g2base &- d(t4, t1)
                    if c2 > close.gain { close = Move(kind: .twoOpt, t3: t3, t4: t4, t5: 0, t6: 0, gain: c2) }
                }
                let b4 = t4 &* k
                for m2 in 0..<k {
                    let t5 = Int(neighbours[b4 &+ m2])
                    let g2 = g2base &- Int(neighbourDistance[b4 &+ m2])
                    if g2 <= 0 { break }
                    if t5 == t3 || t5 == t1 || t5 == t2 { if side == 0 || t5 != t2 { continue } }
                    if side == 0 {
                        // After the 2-opt the tour reads t1 t4 … t2 t3 …: the path t2…t4 reversed.
                        let t6 = btw(t2, t5, t4) ? walkNext(t5) : walkPrevious(t5)
                        if t6 == t4 || t6 == t1 || isFixed(t5, t6) || (checkAdded && wasAdded(t5, t6)) { continue }
                        let gOpen = g2 &+ d(t5, t6)
                        let c3 = gOpen &- d(t6, t1)
                        if c3 > close.gain { close = Move(kind: .twoFlips, t3: t3, t4: t4, t5: t5, t6: t6, gain: c3) }
                        if gOpen > open.gain {
                            open = Move(kind: .twoFlips, t3: t3, t4: t4, t5: t5, t6: t6, gain: gOpen)
                        }
                    } else {
                        // t2 … t3 closes into a cycle; t5 must lie on it.
                        if !btw(t2, t5, t3) { continue }
                        for choice in 0..<2 {
                            if choice == 0 ? t5 == t3 : t5 == t2 { continue }
                            let t6 = choice == 0 ? walkNext(t5) : walkPrevious(t5)
                            if isFixed(t5, t6) || (checkAdded && wasAdded(t5, t6)) { continue }
                            let gOpen = g2 &+ d(t5, t6)
                            let c3 = gOpen &- d(t6, t1)
                            let kind: ThreeOptKind = choice == 0 ? .segmentSwap : .bothReversed
                            if c3 > close.gain { close = Move(kind: kind, t3: t3, t4: t4, t5: t5, t6: t6, gain: c3) }
                            if gOpen > open.gain {
                                open = Move(kind: kind, t3: t3, t4: t4, t5: t5, t6: t6, gain: gOpen)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Makes `move` (from t1, t2) with journalled flips; returns the new neighbour of t1 in
    /// place of t2.
    private func apply(_ t1: Int, _ t2: Int, _ mv: Move) -> Int {
        let (t3, t4, t5, t6) = (mv.t3, mv.t4, mv.t5, mv.t6)
        noteAdded(t2, t3)
        switch mv.kind {
        case .twoOpt?:
            flip(t2, t1, t3, t4)
            return t4
        case .twoFlips?:
            flip(t2, t1, t3, t4)  // t1 t4 … t2 t3
            flip(t4, t1, t5, t6)
        case .segmentSwap?:  // t1 [t2…t5] [t6…t3] t4 → t1 [t6…t3] [t2…t5] t4
            flip(t1, t2, t3, t4)  // t1 t3…t6 t5…t2 t4
            flip(t1, t3, t6, t5)  // t1 t6…t3 t5…t2 t4
            flip(t3, t5, t2, t4)  // t1 t6…t3 t2…t5 t4
        case .bothReversed?, nil:  // t1 [t2…t6] [t5…t3] t4, both reversed
            flip(t1, t2, t6, t5)  // t1 t6…t2 t5…t3 t4
            flip(t2, t5, t3, t4)  // t1 t6…t2 t3…t5 t4
        }
        noteAdded(t4, t5)
        return t6
    }

    /// A Lin–Kernighan search (S. Lin, B. W. Kernighan, Operations Research 21, 1973) from `t1`
    /// whose steps are sequential 3-opt moves, as in LKH (K. Helsgaun, European J. Operational
    /// Research 126 (1), 2000, section 4.3, there with 5-opt steps); the moves are made as 2-opt
    /// flips (D. Applegate, W. Cook, A. Rohe, INFORMS J. Computing 15 (1), 2003): each step takes the best closed 3-opt move over the candidate lists when it
    /// shortens the tour, otherwise makes the 3-opt move with the best open gain and goes on from
    /// its new end (at most ``maxSteps`` steps, edges added by the chain never removed again);
    /// flips are journalled and undone when the chain finds nothing.
    /// - Complexity: O(steps · (K² + flip length)).
    private func threeOptChain(_ t1: Int) -> Bool {
        for side in 0..<2 {
            var t2 = side == 0 ? succ(t1) : pred(t1)
            if isFixed(t1, t2) { continue }
            journalCount = 0
            addedCount = 0
            var g0 = d(t1, t2)
            var gained = 0
            for step in 0..<Self.maxSteps {
                var close = Move(), open = Move()
                searchThreeOpt(t1, t2, g0, &close, &open)
                if close.gain > 0 {
                    _ = apply(t1, t2, close)
                    gained = close.gain
                    break
                }
                if open.kind == nil || step == Self.maxSteps - 1 { break }
                t2 = apply(t1, t2, open)
                g0 = open.gain
            }
            if gained > 0 {
                for i in 0..<(4 * journalCount) { push(Int(journal[i])) }
                journalCount = 0
                length -= gained
                checkInvariants()
                return true
            }
            undo(to: 0)
        }
        return false
    }

    // MARK: Candidates

    /// Subgradient iterations for the 1-tree penalties at most: enough for candidates, not a bound.
    static let ascentIterations = 150
    /// Nearest neighbours per stop in the ascent's sparse graph (``SparseGraph``).
    static let ascentGraphNeighbours = 10
    /// The share of a time budget the penalties may take; on short budgets kicks use time better.
    static let ascentPercent = 5.0

    /// Rebuilds the candidate lists: five in eight by α-nearness on the distances transformed by
    /// 1-tree penalties (``oneTreePenalties(graph:upperBound:iterations:stop:)`` on a sparse graph,
    /// the current tour's length as the upper bound), the rest nearest on the same distances
    /// (some optimal edges are α-near but far from nearest); each list sorted by true distance, as
    /// the searches stop at the first neighbour whose partial gain is no longer positive.
    /// - Parameter stop: read after each subgradient iteration; true ends the ascent.
    private func refineCandidates(_ stop: () -> Bool) {
        let graph = SparseGraph(count: n, nearest: ascentNearest, k: ascentNearest.count / n, distance: dist)
        let pi = oneTreePenalties(graph: graph, upperBound: length, iterations: Self.ascentIterations, stop: stop)
            .penalties
        let trees = SpanningTreeBuilder(graph)
        let lists = pi.withUnsafeBufferPointer { pi in
            _ = trees.build(penalties: pi.baseAddress!, root: 0, excluded: -1)
            return alphaNeighbours(
                count: n, k: k, alphaCount: (k * 5 + 4) / 8,
                parent: Array(UnsafeBufferPointer(start: trees.parent, count: n)),
                order: Array(UnsafeBufferPointer(start: trees.order, count: n)),
                distance: dist, penalties: pi.baseAddress!)
        }
        for i in 0..<n {
            let sorted = lists[(i * k)..<(i * k + k)].sorted { (d(i, Int($0)), $0) < (d(i, Int($1)), $1) }
            for m in 0..<k { neighbours[i * k + m] = sorted[m] }
        }
        for e in 0..<(n * k) { neighbourDistance[e] = Int32(truncatingIfNeeded: d(e / k, Int(neighbours[e]))) }
    }

    // MARK: Iterated local search

    /// A double bridge at a random place: three adjacent segments B C D (each of at most
    /// `longestSegment` stops and n/4, or up to n/3 one time in ``globalEvery``) become D C B, so
    /// all four edges around them change; returns whether it found a place that keeps every fixed
    /// edge. Swapping only two segments changes three edges, a move the 3-opt chain often undoes at
    /// once. Random places, not candidates: kicks at candidates did worse.
    private func kick(longestSegment: Int) -> Bool {
        let global = random.next() % UInt64(SymmetricTourSearch.globalEvery) == 0
        let maxSegment = global ? max(1, n / 3) : max(1, min(longestSegment, n / 4))
        for _ in 0..<8 {
            let i = Int(random.next() % UInt64(n))
            let l1 = 1 + Int(random.next() % UInt64(maxSegment))
            let l2 = 1 + Int(random.next() % UInt64(maxSegment))
            let l3 = 1 + Int(random.next() % UInt64(maxSegment))
            guard l1 + l2 + l3 + 2 <= n else { continue }
            @inline(__always) func at(_ p: Int) -> Int { Int(tour[(i + p) % n]) }
            let a = at(0), b0 = at(1), b1 = at(l1), c0 = at(l1 + 1), c1 = at(l1 + l2)
            let d0 = at(l1 + l2 + 1), d1 = at(l1 + l2 + l3), e = at(l1 + l2 + l3 + 1)
            if isFixed(a, b0) || isFixed(b1, c0) || isFixed(c1, d0) || isFixed(d1, e) { continue }
            let delta = d(a, d0) + d(d1, c0) + d(c1, b0) + d(b1, e) - d(a, b0) - d(b1, c0) - d(c1, d0) - d(d1, e)
            reverseSegmentOrder(after: i, l1, l2, l3)
            length += delta
            push(a); push(b0); push(b1); push(c0); push(c1); push(d0); push(d1); push(e)
            checkInvariants()
            return true
        }
        return false
    }

    /// Rewrites positions i+1 … i+l1+l2+l3 (cyclically), three adjacent segments of l1, l2 and
    /// l3 stops, as the third segment, then the second, then the first, each in its own direction.
    private func reverseSegmentOrder(after i: Int, _ l1: Int, _ l2: Int, _ l3: Int) {
        @inline(__always) func at(_ p: Int) -> Int32 { tour[(i &+ p) % n] }
        for q in 0..<l3 { scratch[q] = at(l1 + l2 + 1 + q) }
        for q in 0..<l2 { scratch[l3 + q] = at(l1 + 1 + q) }
        for q in 0..<l1 { scratch[l3 + l2 + q] = at(1 + q) }
        for q in 0..<(l1 + l2 + l3) {
            let p = (i + 1 + q) % n
            tour[p] = scratch[q]
            position[Int(scratch[q])] = Int32(p)
        }
    }

    /// Makes `order` the current tour (its position index too); the length is the caller's.
    private func load(_ order: [Int32]) {
        for p in 0..<n {
            tour[p] = order[p]
            position[Int(order[p])] = Int32(p)
        }
    }

    private func save() {
        savedTour.update(from: tour, count: n)
        savedPosition.update(from: position, count: n)
    }

    private func restore() {
        tour.update(from: savedTour, count: n)
        position.update(from: savedPosition, count: n)
    }

    /// Rounds of one walk, per stop: after 15·n rounds the search merges the walk's best with
    /// the best before it and starts a new walk from the first local optimum (with the candidates
    /// it has); a walk can stay in one deep basin for a long time, and each fresh walk brings the
    /// merge a tour from another.
    static let walkRoundsPerStop = 15

    /// Rounds of a merge's search, per stop of its reduced problem: it settles within a few, as
    /// the reduced problem is small and starts from a good tour.
    static let mergeRoundsPerStop = 10

    /// Nearest stops a merge also sets free beside each stop where the two tours differ
    /// (``TourMerge/Halo``): an edge both tours share there may be one a better tour lacks.
    static let mergeHalo = 3

    /// Local search from the current tour, new candidate lists, then kicks while the budget
    /// allows, in walks of ``walkRoundsPerStop``·n rounds (each kicked and repaired tour kept by
    /// the acceptance rule above, otherwise undone), each walk's best merged with the best tour
    /// before it (``merge(_:_:budget:)``); the best tour of all walks and merges is kept.
    /// - Returns: the number of kicks.
    func run(_ budget: SearchBudget) -> Int {
        queueAll()
        localSearch()
        if budget.deadline == .infinity || isMergeSearch {
            refineCandidates { false }
        } else {
            let start = budget.clock()
            let stopAt = start + Self.ascentPercent / 100 * (budget.deadline - start)
            refineCandidates { budget.clock() >= stopAt }
        }
        save()
        let walkStart = Array(UnsafeBufferPointer(start: tour, count: n)), walkStartLength = length
        let walkRounds = Self.walkRoundsPerStop * n
        let earlyRounds = Self.earlyRoundsPerStop * n
        var current = length
        var walkBest = length
        var best = length
        var kept = walkStart
        var walkKept = walkStart
        var before = walkStart, beforeLength = length
        let threshold = Self.acceptPerMille * length / max(n, 1) / 1000
        func mergeWalk() {
            guard !isMergeSearch else { return }
            let (shorter, longer) = walkBest <= beforeLength ? (walkKept, before) : (before, walkKept)
            guard let (merged, mergedLength) = merge(shorter, longer, budget: budget), mergedLength < best else {
                return
            }
            kept = merged
            best = mergedLength
        }
        var round = 0
        while budget.allows(round) {
            round += 1
            if round % walkRounds == 0 {
                mergeWalk()
                load(walkStart)
                length = walkStartLength
                current = length
                walkBest = length
                walkKept = walkStart
                before = kept
                beforeLength = best
                save()
            }
            let early = round % walkRounds < earlyRounds
            // A merge's problem has a fixed edge at every other stop or so: a kick may find no
            // place, and the round is spent.
            guard kick(longestSegment: early ? Self.earlyKickSegment : Self.kickSegment) else { continue }
            localSearch()
            if length <= current || length <= walkBest + threshold {
                current = length
                save()
                if length < walkBest {
                    walkBest = length
                    for p in 0..<n { walkKept[p] = tour[p] }
                }
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
        // The last walk, cut short by the budget, is merged too unless time is up.
        if budget.deadline == .infinity || budget.clock() < budget.deadline { mergeWalk() }
        load(kept)
        length = best
        return round
    }

    /// Tours `shorter` and `longer` merged by a search of their reduced problem (``TourMerge``,
    /// with a halo of ``mergeHalo`` nearest stops where that leaves at most half of the stops)
    /// for ``mergeRoundsPerStop`` rounds per stop, within `budget`'s deadline, and the merged
    /// tour's length (never more than `shorter`'s); nil when they are the same tour, differ in
    /// too few stops to leave a problem worth a search, or in more than half of them (a new
    /// problem, not a merge, and its matrix would be as large as this one's).
    private func merge(_ shorter: [Int32], _ longer: [Int32], budget: SearchBudget) -> ([Int32], Int)? {
        let halo = TourMerge.Halo(size: Self.mergeHalo, nearest: ascentNearest, width: ascentNearest.count / n)
        let reduction = shorter.withUnsafeBufferPointer { a in
            longer.withUnsafeBufferPointer { b in
                TourMerge(
                    a.baseAddress!, b.baseAddress!, n: n, distance: dist, limit: n / 2, halo: halo,
                    isRequired: { isFixed($0, $1) })
                    ?? TourMerge(a.baseAddress!, b.baseAddress!, n: n, distance: dist, limit: n / 2)
            }
        }
        guard let reduction, reduction.count >= 8 else { return nil }
        let search = SymmetricTourSearch(
            n: reduction.count, matrix: reduction.matrix, neighbourCount: k, fixedEdges: reduction.fixedEdges,
            seed: random.next(), start: reduction.start, isMergeSearch: true)
        _ = search.run(
            SearchBudget(
                clock: budget.clock, deadline: budget.deadline, rounds: Self.mergeRoundsPerStop * reduction.count))
        let tour = reduction.expand(search.order)
        var total = 0
        for p in 0..<n { total += d(Int(tour[p]), Int(tour[p + 1 == n ? 0 : p + 1])) }
        #if ROUTE_OPTIMIZER_INVARIANTS
        var keptFixed = 0, fixedSlots = 0
        for p in 0..<n where isFixed(Int(tour[p]), Int(tour[p + 1 == n ? 0 : p + 1])) { keptFixed += 1 }
        for slot in 0..<(2 * n) where fixedMate[slot] >= 0 { fixedSlots += 1 }
        precondition(keptFixed == fixedSlots / 2, "a merge dropped a fixed edge")
        #endif
        return (tour, total)
    }

    @inline(__always) private func checkInvariants() {
        #if ROUTE_OPTIMIZER_INVARIANTS
        for p in 0..<n { precondition(Int(position[Int(tour[p])]) == p, "position index out of step at \(p)") }
        precondition(length == recount(), "kept length \(length) != recount \(recount())")
        #endif
    }
}

/// The direction a search walks the tour in, as a type so each direction gets its own compiled
/// search (``SymmetricTourSearch``'s 3-opt step).
private protocol WalkDirection { static var isForward: Bool { get } }
private enum Forward: WalkDirection { static var isForward: Bool { true } }
private enum Backward: WalkDirection { static var isForward: Bool { false } }
