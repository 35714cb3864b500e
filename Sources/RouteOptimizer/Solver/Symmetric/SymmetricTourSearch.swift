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
///   (``oneTreePenalties(graph:upperBound:iterations:stop:)``);
///   and the chain of sequential k-opt moves (``threeOptChain(_:)``).
///
/// Fixed edges (for open paths built with a dummy stop) are never removed by a move or a kick.
///
/// With the invariant checks compiled in (`-Xswiftc -DROUTE_OPTIMIZER_INVARIANTS`), the tour and
/// its position index are checked after every move, and the kept length against a recount after
/// every round.
///
/// The parts are in files of their own: the local search (`+LocalSearch`), the 3-opt chain
/// (`+ThreeOptChain`), the candidate lists (`+Candidates`), the kicks (`+Kicks`) and the walks
/// with their merges (`+Walks`). Their constants were tuned on TSPLIB instances;
/// docs/optimizer-tuning.md has the measurements behind each value.
final class SymmetricTourSearch {
    let n: Int
    /// Whether this is the search of a merge's reduced problem (``merge(_:_:budget:)``): it
    /// merges no walks of its own, and its ascent is not cut to a share of the time, as the
    /// reduced problem is small.
    let isMergeSearch: Bool
    let k: Int
    /// The ``ascentGraphNeighbours`` nearest stops of each stop, row-major.
    let ascentNearest: [Int32]
    let dist: UnsafeMutablePointer<Int32>
    let neighbours: UnsafeMutablePointer<Int32>
    /// d(i, neighbours[i·k + m]), beside the lists: the searches read it for every candidate, and
    /// the matrix itself is too large for the cache from a few hundred stops on.
    let neighbourDistance: UnsafeMutablePointer<Int32>
    var tour: UnsafeMutablePointer<Int32>
    var position: UnsafeMutablePointer<Int32>
    private var savedTour: UnsafeMutablePointer<Int32>
    private var savedPosition: UnsafeMutablePointer<Int32>
    let fixedMate: UnsafeMutablePointer<Int32>  // two slots per stop, -1 when free
    /// Whether any edge is fixed: closed tours skip the lookups.
    private let hasFixedEdges: Bool
    private let queue: UnsafeMutablePointer<Int32>
    private let queued: UnsafeMutablePointer<Bool>
    let scratch: UnsafeMutablePointer<Int32>
    /// Flips of the chain being tried, four stops each (see ``flip(_:_:_:_:)``), to undo them.
    let journal: UnsafeMutablePointer<Int32>
    var journalCount = 0
    /// Edges the chain being tried has added, two stops each (they may not be removed again).
    let added: UnsafeMutablePointer<Int32>
    var addedCount = 0
    private var head = 0, tail = 0
    var queueCount = 0
    var random: SplitMix64
    /// The length of the current tour.
    var length = 0

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

    @inline(__always) func d(_ a: Int, _ b: Int) -> Int { Int(dist[a &* n &+ b]) }
    @inline(__always) func succ(_ a: Int) -> Int {
        let p = Int(position[a]) &+ 1
        return Int(tour[p == n ? 0 : p])
    }
    @inline(__always) func pred(_ a: Int) -> Int {
        let p = Int(position[a])
        return Int(tour[p == 0 ? n &- 1 : p &- 1])
    }
    @inline(__always) func isFixed(_ a: Int, _ b: Int) -> Bool {
        guard hasFixedEdges else { return false }
        let m = Int32(truncatingIfNeeded: b)
        return fixedMate[2 &* a] == m || fixedMate[2 &* a &+ 1] == m
    }

    func recount() -> Int {
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
    @inline(__always) func twoOptMove(_ a: Int, _ b: Int, _ c: Int, _ e: Int) {
        if succ(a) == b { reversePath(b, c) } else { reversePath(c, b) }
    }

    func push(_ s: Int) {
        guard !queued[s] else { return }
        queued[s] = true
        queue[tail] = Int32(s)
        tail += 1; if tail == n { tail = 0 }
        queueCount += 1
    }

    func pop() -> Int {
        let s = Int(queue[head])
        head += 1; if head == n { head = 0 }
        queueCount -= 1
        queued[s] = false
        return s
    }

    /// Makes `order` the current tour (its position index too); the length is the caller's.
    func load(_ order: [Int32]) {
        for p in 0..<n {
            tour[p] = order[p]
            position[Int(order[p])] = Int32(p)
        }
    }

    func save() {
        savedTour.update(from: tour, count: n)
        savedPosition.update(from: position, count: n)
    }

    func restore() {
        tour.update(from: savedTour, count: n)
        position.update(from: savedPosition, count: n)
    }

    @inline(__always) func checkInvariants() {
        #if ROUTE_OPTIMIZER_INVARIANTS
        for p in 0..<n { precondition(Int(position[Int(tour[p])]) == p, "position index out of step at \(p)") }
        precondition(length == recount(), "kept length \(length) != recount \(recount())")
        #endif
    }
}
