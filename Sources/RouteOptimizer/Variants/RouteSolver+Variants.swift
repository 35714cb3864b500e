extension RouteSolver {
    /// K different orders of the same stops, each at most `maxExcessPercent` longer than the best,
    /// that share as few directed consecutive legs as possible.
    ///
    /// Method (a Lagrangian penalty on shared legs, the idea behind route-diversity methods such as
    /// "penalty-based alternative routes", e.g. Bader et al., "Alternative Route Graphs in Road
    /// Networks", TAPAS 2011): after the best order, each next variant is solved on the matrix
    /// with every leg already used by a chosen variant made `w × uses` longer, for a few weights w
    /// from the allowed excess downwards; the candidate with the fewest shared legs whose real
    /// length is within the bound is kept (ties: the shorter). The reverse of a chosen order is
    /// always a candidate too (for a closed tour with symmetric distances it has the same length
    /// and shares no directed leg). When no candidate fits the bound, the shortest one is kept
    /// and its excess is reported as it is.
    ///
    /// The time limit (if any) is shared out over all solves.
    /// - Throws: `invalidOption` for `count < 1` or a negative excess; the solver's errors.
    /// - Complexity: `count × 4` solver runs.
    public static func fairVariants(_ problem: RouteProblem, count: Int, maxExcessPercent: Double,
                                    options: Options = Options()) throws(RouteOptimizerError) -> RouteVariantSet {
        guard count >= 1 else { throw RouteOptimizerError(.invalidOption, "the number of variants must be at least 1") }
        guard maxExcessPercent >= 0, maxExcessPercent.isFinite else {
            throw RouteOptimizerError(.invalidOption, "the allowed excess must be a non-negative percentage")
        }
        let weightsPerVariant = 4
        let share = 1 / Double(1 + (count - 1) * weightsPerVariant)
        let closed = problem.shape.isClosed
        let best = try solve(problem, options: options, budget: SearchBudget(options, share: share))
        let bound = best.length + Int((Double(best.length) * maxExcessPercent / 100).rounded(.down))
        var chosen = [best]
        var uses: [Leg: Int] = [:]
        for leg in best.legs(closed: closed) { uses[leg, default: 0] += 1 }

        while chosen.count < count {
            var candidates: [RouteSolution] = []
            for variant in chosen {
                var reversed = Array(variant.order.reversed())
                if closed { reversed = [reversed.last!] + reversed.dropLast() }
                if problem.violations(of: reversed).isEmpty {
                    candidates.append(RouteSolution(order: reversed, length: problem.length(of: reversed), isProvenOptimal: false,
                                                    iterations: 0, method: variant.method))
                }
            }
            var weight = max(1, bound - best.length)
            for attempt in 0..<weightsPerVariant {
                let penalised = penalisedMatrix(problem.matrix, uses: uses, weight: weight)
                var attemptOptions = options
                attemptOptions.seed = options.seed &+ UInt64(chosen.count * 31 + attempt)
                let solved = try solve(problem.replacingMatrix(penalised), options: attemptOptions,
                                       budget: SearchBudget(attemptOptions, share: share))
                candidates.append(RouteSolution(order: solved.order, length: problem.length(of: solved.order), isProvenOptimal: false,
                                                iterations: solved.iterations, method: solved.method))
                weight = max(1, weight / 3)
            }
            func shared(_ s: RouteSolution) -> Int { s.legs(closed: closed).reduce(0) { $0 + (uses[$1] != nil ? 1 : 0) } }
            let fitting = candidates.filter { $0.length <= bound }
            let pick = fitting.min { (shared($0), $0.length) < (shared($1), $1.length) }
                ?? candidates.min { $0.length < $1.length }!
            chosen.append(pick)
            for leg in pick.legs(closed: closed) { uses[leg, default: 0] += 1 }
        }

        let legSets = chosen.map { Set($0.legs(closed: closed)) }
        let sharedMatrix = legSets.map { a in legSets.map { b in a.intersection(b).count } }
        var variants: [RouteVariant] = []
        var seen = Set<Leg>()
        let shortest = chosen.map(\.length).min()!
        for (k, solution) in chosen.enumerated() {
            let sharedLegs = k == 0 ? 0 : legSets[k].intersection(seen).count
            seen.formUnion(legSets[k])
            variants.append(RouteVariant(solution: solution,
                                         excessPercent: shortest > 0 ? 100 * Double(solution.length - shortest) / Double(shortest) : 0,
                                         sharedLegs: sharedLegs))
        }
        return RouteVariantSet(variants: variants, maxExcessPercent: maxExcessPercent, shared: sharedMatrix)
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
