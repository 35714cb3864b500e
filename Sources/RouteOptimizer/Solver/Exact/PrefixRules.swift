/// Which stop may come at a position after a set of stops: the pins (a pinned position takes
/// only its stop, a pinned stop only its position), the fixed ends and the precedences.
struct PrefixRules {
    /// The stop pinned at each position, or −1.
    private var pinnedAt: [Int]
    /// The position each stop is pinned at, or −1.
    private var pinnedPosition: [Int]
    /// The stops that must come before each stop, one bit each.
    private var predecessors: [UInt64]

    /// The rules of `problem`.
    /// - Precondition: at most 64 stops.
    init(_ problem: RouteProblem) {
        let n = problem.count
        precondition(n <= 64, "a stop set is one 64-bit word")
        pinnedAt = Array(repeating: -1, count: n)
        pinnedPosition = Array(repeating: -1, count: n)
        predecessors = Array(repeating: 0, count: n)
        if let s = problem.shape.fixedStart { pin(s, 0) }
        if let f = problem.shape.fixedFinish { pin(f, n - 1) }
        for p in problem.pins { pin(p.stop, p.position) }
        for pair in problem.precedence { predecessors[pair.after] |= 1 << UInt64(pair.before) }
    }

    private mutating func pin(_ stop: Int, _ position: Int) {
        pinnedAt[position] = stop
        pinnedPosition[stop] = position
    }

    /// Whether stop `v` may come at `position`, after exactly the stops of `visited`.
    @inline(__always)
    func allows(_ v: Int, after visited: UInt64, at position: Int) -> Bool {
        let pinned = pinnedAt[position]
        if pinned >= 0 ? pinned != v : pinnedPosition[v] >= 0 { return false }
        return predecessors[v] & ~visited == 0
    }
}
