import RaceKitCore

extension RouteSolver {
    /// Up to K different orders of the same stops, each at most `maxExcessPercent` longer than the
    /// shortest of them, that share as few directed consecutive legs as possible. Fewer when no
    /// further different order fits the bound (``RouteVariantSet/requested`` keeps K).
    ///
    /// Method (a Lagrangian penalty on shared legs, the idea behind route-diversity methods such as
    /// "penalty-based alternative routes", e.g. Bader et al., "Alternative Route Graphs in Road
    /// Networks", TAPAS 2011): after the best order, each next variant is solved on the matrix
    /// with every leg already used by a chosen variant made `w × uses` longer, for a few weights w
    /// from the allowed excess downwards; the candidate with the fewest shared legs whose real
    /// length is within the bound is kept (ties: the shorter). The reverse of a chosen order is
    /// always a candidate too (for a closed tour with symmetric distances it has the same length
    /// and shares no directed leg), and so, for up to `neighbourhoodLimit` stops, is every
    /// order one segment reversal or one moved stop away from a chosen one: with both ends fixed and few stops the
    /// penalised solves can all land back on a chosen order or beyond the bound, while a near
    /// neighbour of the best order still fits. Up to `exhaustiveLimit` stops every feasible
    /// order is a candidate, so the choice is exact there. A candidate that repeats a chosen order (the
    /// same directed legs) is never picked. When no different candidate fits the bound, the
    /// search stops there: the bound is a promise, so the set is smaller rather than over it. (A
    /// penalised solve that finds an order shorter than the first makes the bound tighter: the
    /// variants then over it are dropped and the shortest goes first.)
    ///
    /// The time limit (if any) is shared out over all solves.
    /// - Throws: `invalidOption` for `count < 1` or a negative excess; the solver's errors.
    /// - Complexity: `count × 4` solver runs.
    public static func fairVariants(
        _ problem: RouteProblem, count: Int, maxExcessPercent: Double,
        options: Options = Options()
    ) throws(InputError) -> RouteVariantSet {
        guard count >= 1 else { throw InputError(.invalidOption, "the number of variants must be at least 1") }
        guard maxExcessPercent >= 0, maxExcessPercent.isFinite else {
            throw InputError(.invalidOption, "the allowed excess must be a non-negative percentage")
        }
        let weightsPerVariant = 4
        let share = 1 / Double(1 + (count - 1) * weightsPerVariant)
        let closed = problem.shape.isClosed
        let best = try solve(problem, options: options, budget: SearchBudget(options, share: share))
        let bound = longestAllowed(best.length, maxExcessPercent)
        var chosen = [best]
        var uses: [Leg: Int] = [:]
        for leg in best.legs(closed: closed) { uses[leg, default: 0] += 1 }

        var chosenLegSets = [Set(best.legs(closed: closed))]
        let adjacentInBest = problem.adjacentSeparations(in: best.order).count
        let everyOrder =
            problem.count <= Self.exhaustiveLimit ? allFeasibleOrders(of: problem, method: best.method) : []
        while chosen.count < count {
            var candidates = everyOrder
            if everyOrder.isEmpty && problem.count <= Self.neighbourhoodLimit {
                for variant in chosen { candidates += neighbours(of: variant, in: problem) }
            }
            for variant in chosen {
                var reversed = Array(variant.order.reversed())
                if closed { reversed = [reversed.last!] + reversed.dropLast() }
                if problem.violations(of: reversed).isEmpty {
                    candidates.append(
                        RouteSolution(
                            order: reversed, length: problem.length(of: reversed), isProvenOptimal: false,
                            iterations: 0, method: variant.method))
                }
            }
            var weight = max(1, min(bound - best.length, Int(Int32.max)))  // entries are 32-bit anyway
            for attempt in 0..<weightsPerVariant {
                let penalised = penalisedMatrix(problem.matrix, uses: uses, weight: weight)
                var attemptOptions = options
                attemptOptions.seed = options.seed &+ UInt64(chosen.count * 31 + attempt)
                let solved = try solve(
                    problem.replacingMatrix(penalised), options: attemptOptions,
                    budget: SearchBudget(attemptOptions, share: share))
                candidates.append(
                    RouteSolution(
                        order: solved.order, length: problem.length(of: solved.order), isProvenOptimal: false,
                        iterations: solved.iterations, method: solved.method))
                weight = max(1, weight / 3)
            }
            func shared(_ s: RouteSolution) -> Int {
                s.legs(closed: closed).reduce(0) { $0 + (uses[$1] != nil ? 1 : 0) }
            }
            // A variant may not put more separated pairs next to each other than the best order does.
            let fitting = candidates.filter {
                $0.length <= bound && !chosenLegSets.contains(Set($0.legs(closed: closed)))
                    && problem.adjacentSeparations(in: $0.order).count <= adjacentInBest
            }
            guard let pick = fitting.min(by: { (shared($0), $0.length) < (shared($1), $1.length) }) else { break }
            chosen.append(pick)
            chosenLegSets.append(Set(pick.legs(closed: closed)))
            for leg in pick.legs(closed: closed) { uses[leg, default: 0] += 1 }
        }

        // The excess is over the shortest variant: keep those within the bound of it, shortest first.
        let shortestFound = chosen.map(\.length).min()!
        let finalBound = longestAllowed(shortestFound, maxExcessPercent)
        chosen = chosen.filter { $0.length <= finalBound }
        if let k = chosen.firstIndex(where: { $0.length == shortestFound }), k > 0 {
            chosen.insert(chosen.remove(at: k), at: 0)
        }
        let legSets = chosen.map { Set($0.legs(closed: closed)) }
        let sharedMatrix = legSets.map { a in legSets.map { b in a.intersection(b).count } }
        var variants: [RouteVariant] = []
        var seen = Set<Leg>()
        let shortest = chosen.map(\.length).min()!
        for (k, solution) in chosen.enumerated() {
            let sharedLegs = k == 0 ? 0 : legSets[k].intersection(seen).count
            seen.formUnion(legSets[k])
            variants.append(
                RouteVariant(
                    solution: solution,
                    excessPercent: shortest > 0 ? 100 * Double(solution.length - shortest) / Double(shortest) : 0,
                    sharedLegs: sharedLegs))
        }
        return RouteVariantSet(
            variants: variants, requested: count, maxExcessPercent: maxExcessPercent, shared: sharedMatrix)
    }

    /// `length` plus `percent` % of it, rounded down; a huge percentage allows any length (no overflow).
    static func longestAllowed(_ length: Int, _ percent: Double) -> Int {
        let extra = (Double(length) * percent / 100).rounded(.down)
        return extra < Double(Int.max / 4) ? length + Int(extra) : Int.max / 2
    }

    /// Courses up to this many stops take every feasible order as a candidate (at most 8! orders).
    static let exhaustiveLimit = 8

    /// Every order of the stops that keeps the problem's constraints.
    static func allFeasibleOrders(of problem: RouteProblem, method: RouteSolution.Method) -> [RouteSolution] {
        var out: [RouteSolution] = []
        var order = Array(0..<problem.count)
        func permute(_ k: Int) {
            if k == order.count {
                if problem.violations(of: order).isEmpty {
                    out.append(
                        RouteSolution(
                            order: order, length: problem.length(of: order), isProvenOptimal: false,
                            iterations: 0, method: method))
                }
                return
            }
            for i in k..<order.count {
                order.swapAt(k, i)
                permute(k + 1)
                order.swapAt(k, i)
            }
        }
        permute(0)
        return out
    }

    /// Courses up to this many stops also try every order one segment reversal or one moved
    /// stop away from a chosen one (O(n²) orders of O(n) each).
    static let neighbourhoodLimit = 60

    /// Every order that reverses one segment of `solution`'s order (positions i…j, i < j) or
    /// moves the stop at position i to position j (i ≠ j), and still keeps the problem's
    /// constraints (fixed ends, precedence, pins, time windows).
    static func neighbours(of solution: RouteSolution, in problem: RouteProblem) -> [RouteSolution] {
        let order = solution.order
        var out: [RouteSolution] = []
        func add(_ candidate: [Int]) {
            guard problem.violations(of: candidate).isEmpty else { return }
            out.append(
                RouteSolution(
                    order: candidate, length: problem.length(of: candidate), isProvenOptimal: false,
                    iterations: 0, method: solution.method))
        }
        for i in order.indices {
            for j in order.indices where j != i {
                if j > i {
                    var reversed = order
                    reversed[i...j].reverse()
                    add(reversed)
                }
                // Moving to the next position is the same as reversing those two: skip it.
                guard j != i + 1 else { continue }
                var moved = order
                moved.insert(moved.remove(at: i), at: j)
                add(moved)
            }
        }
        return out
    }

    /// `matrix` with each used leg lengthened by `weight × uses` (clamped to 32 bits).
    static func penalisedMatrix(_ matrix: DistanceMatrix, uses: [Leg: Int], weight: Int) -> DistanceMatrix {
        var entries = matrix.entries
        for (leg, count) in uses {
            let k = leg.from * matrix.count + leg.to
            entries[k] = Int32(clamping: Int(entries[k]) + weight * count)
        }
        return DistanceMatrix(count: matrix.count, entries: entries)
    }
}
