/// Two feasible orders of a problem without pins or time windows merged by solving again only
/// where they differ: each run of legs both orders share becomes one reduced stop (a fixed path),
/// the reduced problem keeps the precedences between paths, and its best order, found by the
/// exact solvers when it is small enough or by a search from the shorter order (``start``), is
/// read back as a full order (``expand(_:)``), never longer than the shorter order.
///
/// With a halo, shared legs near a leg the orders do not share stay free too (as ``TourMerge``'s
/// halo): two good orders often share a leg next to where they differ that a better order lacks.
///
/// The constrained counterpart of ``TourMerge`` (K. Helsgaun's tour merging in LKH; W. Cook and
/// P. Seymour solve the same reduced problem exactly). On directed orders a shared leg is one
/// both take in the same direction, and a path keeps its direction.
struct OrderMerge {
    /// Shared legs set free beside each leg only one order has: the `legs` before and after it
    /// in the shorter order, unless the reduced problem would then have more than `limit` stops.
    struct Halo {
        let legs: Int
        let limit: Int
    }

    /// The full problem's stops of each reduced stop, in path order.
    private let paths: [[Int]]
    /// The reduced problem: one stop per path, a leg from a path's last stop to another's first.
    let problem: RouteProblem
    /// The shorter order in reduced stops (they are numbered along it).
    var start: [Int] { Array(0..<problem.count) }

    /// Whether orders of `problem` can be merged: no pins or time windows (a path's position or
    /// arrival time would depend on the paths before it).
    static func applies(to problem: RouteProblem) -> Bool { problem.pins.isEmpty && problem.timeWindows.isEmpty }

    /// Reduces orders `a` (the shorter) and `b` of `problem`, both keeping its constraints,
    /// with an optional `halo`; nil when they share no leg or every leg, or the merge does not
    /// apply to the problem (``applies(to:)``).
    /// - Precondition: `a` and `b` are feasible orders of `problem` with the same fixed ends.
    init?(_ problem: RouteProblem, _ a: [Int], _ b: [Int], halo: Halo? = nil) {
        guard Self.applies(to: problem), a != b else { return nil }
        let n = problem.count
        var nextInB = [Int](repeating: -1, count: n)
        for p in 0..<(n - 1) { nextInB[b[p]] = b[p + 1] }
        // Leg p, from a[p] to a[p + 1], is fixed when both orders take it. A closed tour's leg
        // back to its start is never fixed, so the start begins a path and the reduced tour
        // starts where the full one does.
        let shared = (0..<(n - 1)).map { nextInB[a[$0]] == a[$0 + 1] }
        var (paths, pathOf) = Self.paths(of: a, fixed: shared)
        if let halo, halo.legs > 0 {
            var fixed = shared
            for p in 0..<(n - 1) where !shared[p] {
                for q in max(0, p - halo.legs)...min(n - 2, p + halo.legs) { fixed[q] = false }
            }
            let widened = Self.paths(of: a, fixed: fixed)
            if widened.paths.count <= halo.limit && widened.paths.count < n { (paths, pathOf) = widened }
        }
        let r = paths.count
        guard r < n else { return nil }
        var entries = [Int32](repeating: 0, count: r * r)
        for i in 0..<r {
            let last = paths[i].last!
            for j in 0..<r where j != i { entries[i * r + j] = problem.matrix.entries[last * n + paths[j][0]] }
        }
        var seen = Set<Int>()
        var precedence: [Precedence] = []
        for pair in problem.precedence {
            let before = pathOf[pair.before], after = pathOf[pair.after]
            guard before != after, seen.insert(before * r + after).inserted else { continue }
            precedence.append(Precedence(before: before, after: after))
        }
        let shape: RouteShape
        switch problem.shape {
        case .closedTour:
            shape = .closedTour(start: 0)
        case .openPath(let first, let last):
            shape = .openPath(start: first.map { pathOf[$0] }, finish: last.map { pathOf[$0] })
        }
        // Cannot throw: the paths in a's order keep every reduced precedence, so there is no cycle.
        guard
            let reduced = try? RouteProblem(
                matrix: DistanceMatrix(count: r, entries: entries), shape: shape, precedence: precedence)
        else { return nil }
        self.paths = paths
        self.problem = reduced
    }

    /// The full order of a reduced order.
    func expand(_ reduced: [Int]) -> [Int] { reduced.flatMap { paths[$0] } }

    /// `order` cut into paths after each leg that is not `fixed`, and each stop's path.
    private static func paths(of order: [Int], fixed: [Bool]) -> (paths: [[Int]], pathOf: [Int]) {
        var paths: [[Int]] = []
        var pathOf = [Int](repeating: 0, count: order.count)
        for (p, stop) in order.enumerated() {
            if p == 0 || !fixed[p - 1] { paths.append([]) }
            paths[paths.count - 1].append(stop)
            pathOf[stop] = paths.count - 1
        }
        return (paths, pathOf)
    }
}
