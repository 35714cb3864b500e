import GeoCore

/// Iterated local search for any problem: asymmetric distances, open or closed, fixed ends,
/// pins, precedence and time windows.
///
/// The order is an array; positions outside `lo…hi` (a fixed start, a fixed finish, the start of
/// a closed tour) never move. Moves, first improvement over a full scan:
/// - Or-opt (I. Or, 1976): a segment of 1–3 stops moved to any other gap, as it is or reversed;
/// - 2-opt (G. A. Croes, 1958) with the reversed segment's own cost, read in O(1) from prefix
///   sums of the forward and backward leg costs, so asymmetric matrices are handled exactly
///   (the "orientation-aware" 2-opt of asymmetric local search; for a symmetric matrix it is the
///   plain 2-opt).
/// A move's length change is computed in O(1); only an improving move is then checked against
/// the constraints (``FeasibilityMeter``, O(n)). Kicks swap two adjacent segments (a double
/// bridge, which keeps every leg's direction: O. Martin, S. W. Otto, E. W. Felten, 1991); a kicked
/// order is repaired towards feasibility (single-stop moves) and kept only if feasible and no
/// longer after the local search (iterated local search,
/// Lourenço, Martin, Stützle 2003).
///
/// When the first order breaks a constraint, a repair phase minimises (broken constraints,
/// lateness, length) lexicographically with single-stop moves before the search proper.
final class ConstrainedOrderSearch {
    let n: Int
    private let matrix: DistanceMatrix
    private let closed: Bool
    private let lo: Int, hi: Int
    private var meter: FeasibilityMeter
    private let constrained: Bool
    private(set) var order: [Int32]
    private var candidate: [Int32]
    private var forward: [Int], backward: [Int]
    private(set) var length: Int
    private var random: SplitMix64

    init(_ problem: RouteProblem, initial: [Int], seed: UInt64) {
        n = problem.count
        matrix = problem.matrix
        closed = problem.shape.isClosed
        lo = problem.shape.fixedStart != nil ? 1 : 0
        hi = problem.shape.fixedFinish != nil ? n - 2 : n - 1
        meter = FeasibilityMeter(problem)
        constrained = !meter.isTrivial
        order = initial.map { Int32($0) }
        candidate = order
        forward = [Int](repeating: 0, count: n + 1)
        backward = forward
        length = problem.matrix.length(of: initial, closed: problem.shape.isClosed)
        random = SplitMix64(seed: seed)
    }

    @inline(__always) private func d(_ a: Int32, _ b: Int32) -> Int { matrix[Int(a), Int(b)] }

    /// The cost of the leg into position `p` from `p − 1` (0 for the first stop of an open path).
    @inline(__always) private func into(_ p: Int) -> Int {
        if p > 0 && p < n { return d(order[p - 1], order[p]) }
        return 0
    }

    private func refreshPrefixSums() {
        forward[0] = 0; backward[0] = 0
        for p in 0..<(n - 1) {
            forward[p + 1] = forward[p] + d(order[p], order[p + 1])
            backward[p + 1] = backward[p] + d(order[p + 1], order[p])
        }
    }

    /// The stop after position `p` (wrapping for a closed tour), or -1.
    @inline(__always) private func after(_ p: Int) -> Int32 { p + 1 < n ? order[p + 1] : (closed ? order[0] : -1) }
    /// The stop before position `p`, or -1 (position 0 of a closed tour has the last stop before it).
    @inline(__always) private func before(_ p: Int) -> Int32 { p > 0 ? order[p - 1] : (closed ? order[n - 1] : -1) }
    @inline(__always) private func leg(_ a: Int32, _ b: Int32) -> Int { a < 0 || b < 0 ? 0 : d(a, b) }

    /// Whether `candidate` is feasible (always, for an unconstrained problem).
    private func candidateIsFeasible() -> Bool {
        guard constrained else { return true }
        let m = meter.measure(candidate)
        return m.broken == 0 && m.lateness == 0
    }

    /// Writes into `candidate` the order with segment `i..<i+L` moved to gap `g` (before the
    /// stop now at position g), optionally reversed.
    private func buildRelocation(_ i: Int, _ length: Int, _ g: Int, reversed: Bool) {
        var w = 0
        func emitSegment() {
            for q in 0..<length { candidate[w] = order[reversed ? i + length - 1 - q : i + q]; w += 1 }
        }
        for p in 0...n {
            if p == g { emitSegment() }
            if p == n { break }
            if p >= i && p < i + length { continue }
            candidate[w] = order[p]; w += 1
        }
    }

    /// One scan for an improving Or-opt move; applies the first feasible one.
    private func relocate() -> Bool {
        guard hi - lo >= 1 else { return false }
        for i in lo...hi {
            for length in 1...3 where i + length - 1 <= hi && length < n - 1 {
                let s1 = order[i], s2 = order[i + length - 1]
                let a = before(i), b = after(i + length - 1)
                let removed = leg(a, s1) + leg(s2, b) - leg(a, b)
                var inner = 0, innerReversed = 0
                for q in 0..<(length - 1) {
                    inner += d(order[i + q], order[i + q + 1])
                    innerReversed += d(order[i + q + 1], order[i + q])
                }
                for g in lo...(hi + 1) where g < i || g > i + length {
                    let x = g > 0 ? order[g - 1] : (closed ? order[n - 1] : -1)
                    let y = g < n ? order[g] : (closed ? order[0] : -1)
                    let base = -removed - leg(x, y)
                    let plain = base + leg(x, s1) + leg(s2, y)
                    let flipped = base + leg(x, s2) + leg(s1, y) + innerReversed - inner
                    for flip in 0..<(length == 1 ? 1 : 2) {
                        let reversed = flip == 1
                        let delta = reversed ? flipped : plain
                        guard delta < 0 else { continue }
                        buildRelocation(i, length, g, reversed: reversed)
                        guard candidateIsFeasible() else { continue }
                        swap(&order, &candidate)
                        self.length += delta
                        return true
                    }
                }
            }
        }
        return false
    }

    /// One scan for an improving 2-opt move (reverse positions i…j); applies the first feasible one.
    private func reverseSegments() -> Bool {
        guard hi - lo >= 1 else { return false }
        refreshPrefixSums()
        for i in lo..<hi {
            let a = before(i)
            if a < 0 && closed { continue }
            for j in (i + 1)...hi {
                let b = after(j)
                if closed && i == 0 && j == n - 1 { continue }
                let delta = leg(a, order[j]) + leg(order[i], b) - leg(a, order[i]) - leg(order[j], b)
                    + (backward[j] - backward[i]) - (forward[j] - forward[i])
                guard delta < 0 else { continue }
                candidate = order
                candidate[i...j].reverse()
                guard candidateIsFeasible() else { continue }
                swap(&order, &candidate)
                length += delta
                return true
            }
        }
        return false
    }

    /// Or-opt and 2-opt until neither improves.
    func localSearch() {
        while relocate() || reverseSegments() {}
        #if ROUTE_OPTIMIZER_INVARIANTS
        precondition(length == matrix.length(of: order.map(Int.init), closed: closed), "kept length out of step")
        #endif
    }

    /// Moves single stops to minimise (broken, lateness, length); whether the order became feasible.
    func repair() -> Bool {
        var score = meter.measure(order)
        while score.broken > 0 || score.lateness > 0 {
            var improved = false
            for i in 0..<n where !improved {
                for g in 0...n where g != i && g != i + 1 {
                    buildRelocation(i, 1, g, reversed: false)
                    let s = meter.measure(candidate)
                    if (s.broken, s.lateness) < (score.broken, score.lateness) {
                        swap(&order, &candidate)
                        score = s
                        improved = true
                        break
                    }
                }
            }
            if !improved { return false }
        }
        length = matrix.length(of: order.map(Int.init), closed: closed)
        return true
    }

    /// Swaps two adjacent segments inside `lo…hi` at random.
    private func kick() {
        let span = hi - lo + 1
        guard span >= 3 else { return }
        let maxSegment = max(1, min(50, span / 3))
        let l1 = 1 + Int(random.next() % UInt64(maxSegment))
        let l2 = 1 + Int(random.next() % UInt64(maxSegment))
        guard l1 + l2 <= span else { return }
        let i = lo + Int(random.next() % UInt64(span - l1 - l2 + 1))
        candidate = order
        var w = i
        for q in 0..<l2 { candidate[w] = order[i + l1 + q]; w += 1 }
        for q in 0..<l1 { candidate[w] = order[i + q]; w += 1 }
        swap(&order, &candidate)
        length = matrix.length(of: order.map(Int.init), closed: closed)
    }

    /// Local search, then kicks while the budget allows; keeps the best feasible order.
    /// - Returns: the number of kicks.
    func run(_ budget: SearchBudget) -> Int {
        localSearch()
        var best = order, bestLength = length
        var round = 0
        while budget.allows(round) {
            round += 1
            kick()
            if constrained {
                let m = meter.measure(order)
                // Repair the kicked order towards feasibility (precedence and pins make most kicks
                // infeasible); give it up if that fails.
                if (m.broken > 0 || m.lateness > 0) && !repair() { order = best; length = bestLength; continue }
            }
            localSearch()
            if length <= bestLength {
                best = order; bestLength = length
            } else {
                order = best; length = bestLength
            }
        }
        order = best
        length = bestLength
        return round
    }
}
