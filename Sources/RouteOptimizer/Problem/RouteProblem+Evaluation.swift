extension RouteProblem {
    /// The length of `order` (a permutation of the stops) in ``matrix``, with the return leg for a
    /// closed tour.
    /// - Complexity: O(n).
    public func length(of order: [Int]) -> Int { matrix.length(of: order, closed: shape.isClosed) }

    /// Every constraint `order` breaks, as sentences naming the stops; empty when it is feasible.
    /// - Complexity: O(n + p).
    public func violations(of order: [Int]) -> [String] {
        let n = count
        func name(_ i: Int) -> String { "'\(labels[i])'" }
        guard order.count == n, Set(order).count == n, order.allSatisfy({ (0..<n).contains($0) }) else {
            return ["the order is not a permutation of the \(n) stops"]
        }
        var found: [String] = []
        var position = [Int](repeating: 0, count: n)
        for (p, s) in order.enumerated() { position[s] = p }
        if let s = shape.fixedStart, n > 0, order[0] != s { found.append("the route must start at \(name(s))") }
        if let f = shape.fixedFinish, n > 0, order[n - 1] != f { found.append("the route must finish at \(name(f))") }
        for pin in pins where position[pin.stop] != pin.position {
            found.append("stop \(name(pin.stop)) must be at position \(pin.position), not \(position[pin.stop])")
        }
        for pair in precedence where position[pair.before] > position[pair.after] {
            found.append("stop \(name(pair.before)) must come before \(name(pair.after))")
        }
        if !timeWindows.isEmpty {
            let times = arrivalTimes(of: order)
            for (p, s) in order.enumerated() {
                if let window = timeWindows[s], times[p] > window.closes {
                    found.append("stop \(name(s)) is reached at \(times[p]), after it closes at \(window.closes)")
                }
            }
        }
        return found
    }

    /// The separations (see ``Separation``) whose stops follow each other in `order`, in the
    /// order of ``separations``; a closed tour's return leg counts.
    /// - Complexity: O(n + s) for s separations.
    public func adjacentSeparations(in order: [Int]) -> [Separation] {
        guard !separations.isEmpty, order.count > 1 else { return [] }
        var legs = Set<[Int]>()
        func add(_ a: Int, _ b: Int) { legs.insert([min(a, b), max(a, b)]) }
        for (a, b) in zip(order, order.dropFirst()) { add(a, b) }
        if shape.isClosed { add(order[order.count - 1], order[0]) }
        return separations.filter { legs.contains([min($0.first, $0.second), max($0.first, $0.second)]) }
    }

    /// The arrival time at each position of `order` (before any wait), per the type's time rules.
    /// - Complexity: O(n).
    public func arrivalTimes(of order: [Int]) -> [Int] {
        let travel = travelTimes ?? matrix
        var times: [Int] = []
        times.reserveCapacity(order.count)
        var clock = startTime
        var previous: Int? = nil
        for s in order {
            if let previous { clock += travel[previous, s] }
            times.append(clock)
            if !timeWindows.isEmpty, let window = timeWindows[s] { clock = max(clock, window.opens) }
            if !serviceTimes.isEmpty { clock += serviceTimes[s] }
            previous = s
        }
        return times
    }
}

/// How far an order is from feasible: broken pins/precedence/ends first, then total lateness.
/// Zero means feasible. Reused scratch space, so measuring allocates nothing.
struct FeasibilityMeter {
    let problem: RouteProblem
    private var position: [Int32]
    private let windows: [(opens: Int, closes: Int)]
    private let service: [Int]
    private let travel: DistanceMatrix
    private let pinnedAt: [Int32]
    let hasWindows: Bool
    let isTrivial: Bool

    init(_ problem: RouteProblem) {
        self.problem = problem
        let n = problem.count
        position = [Int32](repeating: 0, count: n)
        hasWindows = !problem.timeWindows.isEmpty
        windows = hasWindows ? problem.timeWindows.map { ($0?.opens ?? Int.min, $0?.closes ?? Int.max) } : []
        service = problem.serviceTimes.isEmpty ? [Int](repeating: 0, count: n) : problem.serviceTimes
        travel = problem.travelTimes ?? problem.matrix
        var pinned = [Int32](repeating: -1, count: n)
        if let s = problem.shape.fixedStart, n > 0 { pinned[0] = Int32(s) }
        if let f = problem.shape.fixedFinish, n > 0 { pinned[n - 1] = Int32(f) }
        for pin in problem.pins { pinned[pin.position] = Int32(pin.stop) }
        pinnedAt = pinned
        isTrivial = problem.precedence.isEmpty && problem.pins.isEmpty && !hasWindows
    }

    /// (broken constraints, total lateness); (0, 0) when `order` is feasible.
    /// - Complexity: O(n + p).
    mutating func measure(_ order: UnsafeBufferPointer<Int32>) -> (broken: Int, lateness: Int) {
        var broken = 0
        for p in 0..<order.count {
            position[Int(order[p])] = Int32(p)
            if pinnedAt[p] >= 0 && pinnedAt[p] != order[p] { broken += 1 }
        }
        for pair in problem.precedence where position[pair.before] > position[pair.after] { broken += 1 }
        var lateness = 0
        if hasWindows {
            var clock = problem.startTime
            var previous = -1
            for p in 0..<order.count {
                let s = Int(order[p])
                if previous >= 0 { clock += travel[previous, s] }
                let w = windows[s]
                if clock > w.closes { lateness += clock - w.closes }
                clock = max(clock, w.opens) + service[s]
                previous = s
            }
        }
        return (broken, lateness)
    }

    mutating func measure(_ order: [Int32]) -> (broken: Int, lateness: Int) {
        order.withUnsafeBufferPointer { measure($0) }
    }
}
