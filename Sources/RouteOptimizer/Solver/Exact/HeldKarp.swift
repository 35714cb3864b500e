/// Exact stop order by dynamic programming over subsets.
///
/// Source: M. Held, R. M. Karp, "A Dynamic Programming Approach to Sequencing Problems",
/// J. SIAM 10 (1), 1962 (independently R. Bellman, J. ACM 9 (1), 1962). State (set S, last stop j)
/// = the shortest path that visits exactly S and ends at j. Constraints are checked when a stop
/// is appended at position |S|: a pinned position accepts only its stop, a stop's predecessors
/// must all be in S. With time windows a state keeps every Pareto-optimal (length, departure
/// time) label instead of one length (the label-setting extension used for the TSP with time
/// windows, e.g. Dumas, Desrosiers, Gélinas, Solomon, Operations Research 43 (2), 1995): a
/// shorter path that leaves later can still be the only one that meets a later window.
enum HeldKarp {
    /// The optimal order, or `nil` when no order satisfies the constraints.
    /// - Complexity: O(2ⁿ · n²) time and O(2ⁿ · n) memory (times the label count with windows).
    static func solve(_ problem: RouteProblem) -> (order: [Int], length: Int)? {
        let n = problem.count
        precondition(n <= 20, "Held–Karp is exponential")
        if n == 0 { return ([], 0) }
        if n == 1 { return ([0], 0) }
        let rules = PrefixRules(problem)
        let closed = problem.shape.isClosed

        @inline(__always) func allowed(_ v: Int, _ mask: Int, _ position: Int) -> Bool {
            rules.allows(v, after: UInt64(truncatingIfNeeded: mask), at: position)
        }
        if problem.timeWindows.isEmpty {
            return plain(problem.matrix, n: n, closed: closed, allowed: allowed)
        }
        return windowed(problem, n: n, closed: closed, allowed: allowed)
    }

    private static func plain(
        _ d: DistanceMatrix, n: Int, closed: Bool,
        allowed: (Int, Int, Int) -> Bool
    ) -> (order: [Int], length: Int)? {
        let full = 1 << n
        let infinity = Int.max / 4
        var best = [Int](repeating: infinity, count: full * n)
        var parent = [Int8](repeating: -1, count: full * n)
        for v in 0..<n where allowed(v, 0, 0) { best[(1 << v) * n + v] = 0 }
        for mask in 1..<full {
            let position = mask.nonzeroBitCount
            if position == n { continue }
            for last in 0..<n where mask & (1 << last) != 0 {
                let base = best[mask * n + last]
                if base >= infinity { continue }
                for v in 0..<n where mask & (1 << v) == 0 && allowed(v, mask, position) {
                    let next = (mask | (1 << v)) * n + v
                    let cost = base + d[last, v]
                    if cost < best[next] { best[next] = cost; parent[next] = Int8(last) }
                }
            }
        }
        let all = full - 1
        var bestLast = -1, bestLength = infinity
        for last in 0..<n where best[all * n + last] < infinity {
            var length = best[all * n + last]
            if closed { length += d[last, firstStop(parent, all, last, n)] }
            if length < bestLength { bestLength = length; bestLast = last }
        }
        guard bestLast >= 0 else { return nil }
        var order: [Int] = []
        var mask = all, last = bestLast
        while last >= 0 {
            order.append(last)
            let previous = Int(parent[mask * n + last])
            mask &= ~(1 << last)
            last = previous
        }
        return (order.reversed(), bestLength)
    }

    /// The first stop of the path stored for state (mask, last).
    private static func firstStop(_ parent: [Int8], _ mask: Int, _ last: Int, _ n: Int) -> Int {
        var mask = mask, last = last
        while true {
            let previous = Int(parent[mask * n + last])
            if previous < 0 { return last }
            mask &= ~(1 << last)
            last = previous
        }
    }

    private struct Label {
        var length: Int
        var departure: Int
        var first: Int8
        var parentLast: Int8
        var parentIndex: Int32
    }

    private static func windowed(
        _ problem: RouteProblem, n: Int, closed: Bool,
        allowed: (Int, Int, Int) -> Bool
    ) -> (order: [Int], length: Int)? {
        let d = problem.matrix
        let travel = problem.travelTimes ?? d
        let opens = problem.timeWindows.map { $0?.opens ?? Int.min }
        let closes = problem.timeWindows.map { $0?.closes ?? Int.max }
        let service = problem.serviceTimes.isEmpty ? [Int](repeating: 0, count: n) : problem.serviceTimes
        let full = 1 << n
        var labels = [[Label]](repeating: [], count: full * n)

        func insert(_ label: Label, into state: Int) {
            var list = labels[state]
            for other in list where other.length <= label.length && other.departure <= label.departure { return }
            list.removeAll { label.length <= $0.length && label.departure <= $0.departure }
            list.append(label)
            labels[state] = list
        }
        for v in 0..<n where allowed(v, 0, 0) && problem.startTime <= closes[v] {
            insert(
                Label(
                    length: 0, departure: max(problem.startTime, opens[v]) + service[v], first: Int8(v), parentLast: -1,
                    parentIndex: -1),
                into: (1 << v) * n + v)
        }
        for mask in 1..<full {
            let position = mask.nonzeroBitCount
            if position == n { continue }
            for last in 0..<n where mask & (1 << last) != 0 {
                let list = labels[mask * n + last]
                if list.isEmpty { continue }
                for v in 0..<n where mask & (1 << v) == 0 && allowed(v, mask, position) {
                    let next = (mask | (1 << v)) * n + v
                    for (k, label) in list.enumerated() {
                        let arrival = label.departure + travel[last, v]
                        if arrival > closes[v] { continue }
                        insert(
                            Label(
                                length: label.length + d[last, v], departure: max(arrival, opens[v]) + service[v],
                                first: label.first, parentLast: Int8(last), parentIndex: Int32(k)), into: next)
                    }
                }
            }
        }
        let all = full - 1
        var bestLength = Int.max, bestState = -1, bestIndex = -1
        for last in 0..<n {
            for (k, label) in labels[all * n + last].enumerated() {
                let length = label.length + (closed ? d[last, Int(label.first)] : 0)
                if length < bestLength { bestLength = length; bestState = last; bestIndex = k }
            }
        }
        guard bestState >= 0 else { return nil }
        var order: [Int] = []
        var mask = all, last = bestState, index = bestIndex
        while last >= 0 {
            order.append(last)
            let label = labels[mask * n + last][index]
            mask &= ~(1 << last)
            last = Int(label.parentLast)
            index = Int(label.parentIndex)
        }
        return (order.reversed(), bestLength)
    }
}
