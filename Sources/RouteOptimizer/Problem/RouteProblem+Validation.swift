import RaceKitCore

extension RouteProblem {
    /// Checks sizes, indices, pins, precedence, separations and windows; see
    /// ``init(matrix:labels:shape:precedence:pins:separations:timeWindows:serviceTimes:travelTimes:startTime:)``.
    func validate() throws(InputError) {
        let n = count
        func name(_ i: Int) -> String { "'\(labels[i])'" }
        func stop(_ i: Int, _ role: String) throws(InputError) {
            guard (0..<n).contains(i) else {
                throw InputError(.unknownStop, "\(role) refers to stop \(i), but there are \(n) stops (0…\(n - 1))")
            }
        }
        guard labels.count == n else { throw InputError(.wrongSize, "\(labels.count) labels for \(n) stops") }
        guard timeWindows.isEmpty || timeWindows.count == n else {
            throw InputError(
                .wrongSize, "\(timeWindows.count) time windows for \(n) stops (give one per stop, nil for none)")
        }
        guard serviceTimes.isEmpty || serviceTimes.count == n else {
            throw InputError(.wrongSize, "\(serviceTimes.count) service times for \(n) stops")
        }
        if let k = serviceTimes.firstIndex(where: { $0 < 0 }) {
            throw InputError(.negativeDistance, "service time \(serviceTimes[k]) of stop \(name(k)) is negative")
        }
        if let travelTimes, travelTimes.count != n {
            throw InputError(.wrongSize, "a travel-time matrix of \(travelTimes.count) stops for \(n) stops")
        }
        for pair in separations {
            try stop(pair.first, "a separation")
            try stop(pair.second, "a separation")
            guard pair.first != pair.second else {
                throw InputError(.unknownStop, "stop \(name(pair.first)) cannot be kept apart from itself")
            }
        }
        guard n > 0 else { return }

        // Positions fixed by the shape and the pins.
        var positionOf = [Int?](repeating: nil, count: n)
        var stopAt = [Int?](repeating: nil, count: n)
        func fix(_ s: Int, _ p: Int, _ why: String) throws(InputError) {
            guard (0..<n).contains(p) else {
                throw InputError(
                    .conflictingPins, "stop \(name(s)) is pinned to position \(p), but positions run 0…\(n - 1)")
            }
            if let q = positionOf[s], q != p {
                throw InputError(
                    .conflictingPins, "stop \(name(s)) is fixed at position \(q) and \(why) at position \(p)")
            }
            if let other = stopAt[p], other != s {
                throw InputError(
                    .conflictingPins, "position \(p) is taken by stop \(name(other)) and \(why) by stop \(name(s))")
            }
            positionOf[s] = p
            stopAt[p] = s
        }
        if let s = shape.fixedStart { try stop(s, "the start"); try fix(s, 0, "as the start") }
        if let f = shape.fixedFinish {
            try stop(f, "the finish")
            if n > 1 || shape.fixedStart != f { try fix(f, n - 1, "as the finish") }
        }
        for pin in pins {
            try stop(pin.stop, "a pin")
            try fix(pin.stop, pin.position, "pinned")
        }

        // Precedence: indices, self-loops, cycles (named), and agreement with fixed positions.
        var successors = [[Int]](repeating: [], count: n)
        for pair in precedence {
            try stop(pair.before, "a precedence pair")
            try stop(pair.after, "a precedence pair")
            guard pair.before != pair.after else {
                throw InputError(.precedenceCycle, "stop \(name(pair.before)) cannot come before itself")
            }
            successors[pair.before].append(pair.after)
        }
        if !precedence.isEmpty {
            if let cycle = Self.findCycle(successors) {
                throw InputError(
                    .precedenceCycle, "precedence cycle: " + (cycle + [cycle[0]]).map(name).joined(separator: " → "))
            }
            // Every stop needs room for all stops that must come before it and after it.
            for s in 0..<n {
                let after = Self.reachable(from: s, successors)
                for t in after {
                    if let p = positionOf[s], let q = positionOf[t], p >= q {
                        throw InputError(
                            .conflictingPins,
                            "stop \(name(s)) must come before \(name(t)), but they are fixed at positions \(p) and \(q)"
                        )
                    }
                }
                if let p = positionOf[s], after.count > n - 1 - p {
                    throw InputError(
                        .conflictingPins,
                        "stop \(name(s)) is fixed at position \(p), but \(after.count) stops must come after it")
                }
            }
            var predecessorsCount = [Int](repeating: 0, count: n)
            for s in 0..<n { for t in Self.reachable(from: s, successors) { predecessorsCount[t] += 1 } }
            for s in 0..<n {
                if let p = positionOf[s], predecessorsCount[s] > p {
                    throw InputError(
                        .conflictingPins,
                        "stop \(name(s)) is fixed at position \(p), but \(predecessorsCount[s]) stops must come before it"
                    )
                }
            }
        }

        // Time windows: well formed, and each stop reachable before it closes, by the shortest
        // path from the fixed start (a matrix need not obey the triangle inequality, so a detour
        // through other stops may be quicker than the direct leg; waits and service only add).
        if !timeWindows.isEmpty {
            let travel = travelTimes ?? matrix
            let fromStart = shape.fixedStart.map { Self.shortestPaths(from: $0, travel) }
            for s in 0..<n {
                guard let window = timeWindows[s] else { continue }
                guard window.opens <= window.closes else {
                    throw InputError(
                        .infeasibleTimeWindow,
                        "the time window of stop \(name(s)) closes (\(window.closes)) before it opens (\(window.opens))"
                    )
                }
                var earliest = startTime
                if let first = shape.fixedStart, first != s {
                    let departure =
                        max(startTime, timeWindows[first]?.opens ?? startTime)
                        + (serviceTimes.isEmpty ? 0 : serviceTimes[first])
                    earliest = departure + fromStart![s]
                }
                guard earliest <= window.closes else {
                    throw InputError(
                        .infeasibleTimeWindow,
                        "stop \(name(s)) closes at \(window.closes), but cannot be reached before \(earliest)")
                }
            }
        }
    }

    /// The shortest travel time from `source` to every stop over any path (Dijkstra on the dense
    /// matrix, whose entries are non-negative).
    /// - Complexity: O(n²).
    static func shortestPaths(from source: Int, _ travel: DistanceMatrix) -> [Int] {
        let n = travel.count
        var distance = [Int](repeating: Int.max, count: n)
        var done = [Bool](repeating: false, count: n)
        distance[source] = 0
        for _ in 0..<n {
            var u = -1
            for v in 0..<n where !done[v] && distance[v] < Int.max && (u < 0 || distance[v] < distance[u]) { u = v }
            if u < 0 { break }
            done[u] = true
            for v in 0..<n where !done[v] { distance[v] = min(distance[v], distance[u] + travel[u, v]) }
        }
        return distance
    }

    /// A directed cycle in the graph, if any (iterative depth-first search).
    static func findCycle(_ successors: [[Int]]) -> [Int]? {
        let n = successors.count
        var state = [UInt8](repeating: 0, count: n)  // 0 new, 1 on the stack, 2 done
        var parent = [Int](repeating: -1, count: n)
        for root in 0..<n where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next < successors[top.node].count {
                    stack[stack.count - 1].next += 1
                    let child = successors[top.node][top.next]
                    if state[child] == 1 {
                        var cycle = [top.node]
                        var k = top.node
                        while k != child { k = parent[k]; cycle.append(k) }
                        return cycle.reversed()
                    }
                    if state[child] == 0 {
                        state[child] = 1
                        parent[child] = top.node
                        stack.append((child, 0))
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        return nil
    }

    /// Every stop reachable from `start` (not `start` itself) in an acyclic graph.
    static func reachable(from start: Int, _ successors: [[Int]]) -> [Int] {
        var seen = [Bool](repeating: false, count: successors.count)
        seen[start] = true
        var stack = [start]
        var found: [Int] = []
        while let s = stack.popLast() {
            for t in successors[s] where !seen[t] {
                seen[t] = true
                found.append(t)
                stack.append(t)
            }
        }
        return found
    }
}
