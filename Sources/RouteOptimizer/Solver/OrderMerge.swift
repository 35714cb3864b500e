/// Two feasible orders of a problem without pins or time windows merged by solving again only
/// where they differ: each run of legs both orders share becomes one reduced stop (a fixed path),
/// the reduced problem keeps the precedences between paths, and its best order, found by the
/// exact solvers when it is small enough or by a search from the shorter order, is read back as a
/// full order. The result is never longer than the shorter order.
///
/// The constrained counterpart of ``TourMerge`` (K. Helsgaun's tour merging in LKH; W. Cook and
/// P. Seymour solve the same reduced problem exactly). On directed orders a shared leg is one
/// both take in the same direction, and a path keeps its direction.
struct OrderMerge {
    /// The full problem's stops of each reduced stop, in path order.
    private let paths: [[Int]]
    /// The reduced problem: one stop per path, a leg from a path's last stop to another's first.
    let problem: RouteProblem
    /// The shorter order in reduced stops.
    let start: [Int]

    /// Reduces orders `a` (the shorter) and `b` of `problem`, both keeping its constraints; nil
    /// when they share every leg or the problem has pins or time windows (a path's position or
    /// arrival time would depend on the paths before it).
    /// - Precondition: `a` and `b` are feasible orders of `problem` with the same fixed ends.
    init?(_ problem: RouteProblem, _ a: [Int], _ b: [Int]) {
        guard problem.pins.isEmpty, problem.timeWindows.isEmpty, a != b else { return nil }
        let n = problem.count
        var nextInB = [Int](repeating: -1, count: n)
        for p in 0..<(n - 1) { nextInB[b[p]] = b[p + 1] }
        // A closed tour's leg back to its start is never shared, so the start begins a path and
        // the reduced tour starts where the full one does.
        var paths: [[Int]] = []
        var pathOf = [Int](repeating: 0, count: n)
        for p in 0..<n {
            if p == 0 || nextInB[a[p - 1]] != a[p] { paths.append([]) }
            paths[paths.count - 1].append(a[p])
            pathOf[a[p]] = paths.count - 1
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
        start = Array(0..<r)
    }

    /// The full order of a reduced order.
    func expand(_ reduced: [Int]) -> [Int] { reduced.flatMap { paths[$0] } }
}
