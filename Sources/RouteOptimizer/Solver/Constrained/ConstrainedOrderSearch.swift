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

    let problem: RouteProblem
    let state: FreeSequence
    let n: Int, m: Int
    let k: Int
    /// `k` nearest free stops by the leg from (`outgoing`) and to (`incoming`) each stop, nearest first.
    let outgoing: UnsafeMutablePointer<Int32>
    let incoming: UnsafeMutablePointer<Int32>
    private let queue: UnsafeMutablePointer<Int32>
    private let queued: UnsafeMutablePointer<Bool>
    private var head = 0, tail = 0
    var queueCount = 0
    let saved: UnsafeMutablePointer<Int32>
    let best: UnsafeMutablePointer<Int32>
    /// The best on-time order of the current walk (since the last restart).
    let walkBest: UnsafeMutablePointer<Int32>
    /// Whether each walk's best is merged with the best order before it (``OrderMerge``).
    let mergesWalks: Bool
    var random: SplitMix64
    /// Whether to try SOP-3-exchanges: precedence decides at least ``exchangeDensity`` of the
    /// ordered pairs of free stops.
    let exchanges: Bool
    /// Whether a restart builds a fresh order (no pins between free stops, no time windows)
    /// rather than scattering the current one by kicks.
    var freshRestarts: Bool { state.layout.gaps.isEmpty && !state.layout.hasWindows }
    /// The exchange's labels: `marks[s] == stamp` when stop s is marked in the current scan.
    let marks: UnsafeMutablePointer<UInt32>
    var stamp: UInt32 = 0

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
    var restarts = 0

    // MARK: Queue of dirty stops

    func push(_ s: Int32) {
        guard s >= 0, !queued[Int(s)], state.index[Int(s)] >= 0 else { return }
        queued[Int(s)] = true
        queue[tail] = s
        tail += 1; if tail == n { tail = 0 }
        queueCount += 1
    }

    func pop() -> Int32 {
        let s = queue[head]
        head += 1; if head == n { head = 0 }
        queueCount -= 1
        queued[Int(s)] = false
        return s
    }

    /// Queues the stops on both sides of every leg `move` creates.
    func pushEnds(of move: BlockSwap) {
        push(state.stop(move.i - 1)); push(state.stop(move.i))
        push(state.stop(move.middle - 1)); push(state.stop(move.middle))
        push(state.stop(move.k - 1)); push(state.stop(move.k))
        for g in state.layout.gaps where g.t > move.i && g.t < move.k {
            push(state.stop(g.t - 1)); push(state.stop(g.t))
        }
    }
}
