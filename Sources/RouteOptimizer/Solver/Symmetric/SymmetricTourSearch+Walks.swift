/// The iterated local search of ``SymmetricTourSearch``: rounds of kick, repair and acceptance in
/// walks from the first local optimum, each walk's best merged with the best tour before it.
extension SymmetricTourSearch {
    /// A kicked tour is kept when it is at most this many thousandths of an average edge (of the
    /// first local optimum) longer than the best tour so far: a walk must cross ridges to leave a basin.
    static let acceptPerMille = 1000

    /// Rounds of one walk, per stop: after 15·n rounds the search merges the walk's best with
    /// the best before it and starts a new walk from the first local optimum (with the candidates
    /// it has); a walk can stay in one deep basin for a long time, and each fresh walk brings the
    /// merge a tour from another.
    static let walkRoundsPerStop = 15

    /// Rounds of a merge's search, per stop of its reduced problem: it settles within a few, as
    /// the reduced problem is small and starts from a good tour.
    static let mergeRoundsPerStop = 10

    /// Nearest stops a merge also sets free beside each stop where the two tours differ
    /// (``TourMerge/Halo``): an edge both tours share there may be one a better tour lacks.
    static let mergeHalo = 3

    /// Local search from the current tour, new candidate lists, then kicks while the budget
    /// allows, in walks of ``walkRoundsPerStop``·n rounds (each kicked and repaired tour kept by
    /// the acceptance rule above, otherwise undone), each walk's best merged with the best tour
    /// before it (``merge(_:_:budget:)``); the best tour of all walks and merges is kept.
    /// - Returns: the number of kicks.
    func run(_ budget: SearchBudget) -> Int {
        queueAll()
        localSearch()
        if budget.deadline == .infinity || isMergeSearch {
            refineCandidates { false }
        } else {
            let start = budget.clock()
            let stopAt = start + Self.ascentPercent / 100 * (budget.deadline - start)
            refineCandidates { budget.clock() >= stopAt }
        }
        save()
        let walkStart = Array(UnsafeBufferPointer(start: tour, count: n)), walkStartLength = length
        let walkRounds = Self.walkRoundsPerStop * n
        let earlyRounds = Self.earlyRoundsPerStop * n
        var current = length
        var walkBest = length
        var best = length
        var kept = walkStart
        var walkKept = walkStart
        var before = walkStart, beforeLength = length
        let threshold = Self.acceptPerMille * length / max(n, 1) / 1000
        func mergeWalk() {
            guard !isMergeSearch else { return }
            let (shorter, longer) = walkBest <= beforeLength ? (walkKept, before) : (before, walkKept)
            guard let (merged, mergedLength) = merge(shorter, longer, budget: budget), mergedLength < best else {
                return
            }
            kept = merged
            best = mergedLength
        }
        var round = 0
        while budget.allows(round) {
            round += 1
            if round % walkRounds == 0 {
                mergeWalk()
                load(walkStart)
                length = walkStartLength
                current = length
                walkBest = length
                walkKept = walkStart
                before = kept
                beforeLength = best
                save()
            }
            let early = round % walkRounds < earlyRounds
            // A merge's problem has a fixed edge at every other stop or so: a kick may find no
            // place, and the round is spent.
            guard kick(longestSegment: early ? Self.earlyKickSegment : Self.kickSegment) else { continue }
            localSearch()
            if length <= current || length <= walkBest + threshold {
                current = length
                save()
                if length < walkBest {
                    walkBest = length
                    for p in 0..<n { walkKept[p] = tour[p] }
                }
                if length < best {
                    best = length
                    for p in 0..<n { kept[p] = tour[p] }
                }
            } else {
                restore()
                length = current
            }
            #if ROUTE_OPTIMIZER_INVARIANTS
            precondition(length == recount(), "kept length \(length) != recount \(recount())")
            #endif
        }
        // The last walk, cut short by the budget, is merged too unless time is up.
        if budget.deadline == .infinity || budget.clock() < budget.deadline { mergeWalk() }
        load(kept)
        length = best
        return round
    }

    /// Tours `shorter` and `longer` merged by a search of their reduced problem (``TourMerge``,
    /// with a halo of ``mergeHalo`` nearest stops where that leaves at most half of the stops)
    /// for ``mergeRoundsPerStop`` rounds per stop, within `budget`'s deadline, and the merged
    /// tour's length (never more than `shorter`'s); nil when they are the same tour, differ in
    /// too few stops to leave a problem worth a search, or in more than half of them (a new
    /// problem, not a merge, and its matrix would be as large as this one's).
    private func merge(_ shorter: [Int32], _ longer: [Int32], budget: SearchBudget) -> ([Int32], Int)? {
        let halo = TourMerge.Halo(size: Self.mergeHalo, nearest: ascentNearest, width: ascentNearest.count / n)
        let reduction = shorter.withUnsafeBufferPointer { a in
            longer.withUnsafeBufferPointer { b in
                TourMerge(
                    a.baseAddress!, b.baseAddress!, n: n, distance: dist, limit: n / 2, halo: halo,
                    isRequired: { isFixed($0, $1) })
                    ?? TourMerge(a.baseAddress!, b.baseAddress!, n: n, distance: dist, limit: n / 2)
            }
        }
        guard let reduction, reduction.count >= 8 else { return nil }
        let search = SymmetricTourSearch(
            n: reduction.count, matrix: reduction.matrix, neighbourCount: k, fixedEdges: reduction.fixedEdges,
            seed: random.next(), start: reduction.start, isMergeSearch: true)
        _ = search.run(
            SearchBudget(
                clock: budget.clock, deadline: budget.deadline, rounds: Self.mergeRoundsPerStop * reduction.count))
        let tour = reduction.expand(search.order)
        var total = 0
        for p in 0..<n { total += d(Int(tour[p]), Int(tour[p + 1 == n ? 0 : p + 1])) }
        #if ROUTE_OPTIMIZER_INVARIANTS
        var keptFixed = 0, fixedSlots = 0
        for p in 0..<n where isFixed(Int(tour[p]), Int(tour[p + 1 == n ? 0 : p + 1])) { keptFixed += 1 }
        for slot in 0..<(2 * n) where fixedMate[slot] >= 0 { fixedSlots += 1 }
        precondition(keptFixed == fixedSlots / 2, "a merge dropped a fixed edge")
        #endif
        return (tour, total)
    }
}
