import RaceKitCore

extension GridIndex {
    /// Folds every hit of ``forEachHit(latitudes:longitudes:range:_:)`` over all positions into a
    /// result, splitting the positions into contiguous parts queried on `threads` threads at once.
    ///
    /// Each part starts from `initial` and `add`s its hits in position order; the parts' results
    /// are then `merge`d in position order. So a result that does not depend on how the positions
    /// are split (counts, sums, a list concatenated in order) is the same for every thread count.
    /// A position's hits all fall in one part.
    ///
    /// ```swift
    /// let hits = index.reduceHits(latitudes: lat, longitudes: lon, threads: 2, into: 0,
    ///                             { count, _, _ in count += 1 }, merge: { $0 += $1 })
    /// ```
    ///
    /// - Parameters:
    ///   - latitudes: the positions' latitudes in degrees.
    ///   - longitudes: the positions' longitudes, parallel to `latitudes`.
    ///   - threads: how many threads query parts at once (at least 1); the positions are cut into
    ///     a few parts per thread (none under 4 096 positions), each thread taking the next.
    ///   - initial: the result of no hits, where each part starts.
    ///   - add: adds one hit (position index, fence index) to a part's result. It runs on several
    ///     threads at once, each with its own result: it may only read shared state.
    ///   - merge: adds a later part's result to the results so far.
    /// - Complexity: that of ``forEachHit(latitudes:longitudes:range:_:)``, divided among the threads.
    @inlinable
    public func reduceHits<Result>(
        latitudes: UnsafeBufferPointer<Double>, longitudes: UnsafeBufferPointer<Double>, threads: Int = 1,
        into initial: Result, _ add: (inout Result, _ position: Int, _ fence: Int) -> Void,
        merge: (inout Result, Result) -> Void
    ) -> Result {
        precondition(latitudes.count == longitudes.count)
        // Each part starts from its own copy of `initial`; `add` promises to read shared state only.
        return Self.reduceParts(of: latitudes.count, threads: threads) { range in
            var partial = initial
            forEachHit(latitudes: latitudes, longitudes: longitudes, range: range) { add(&partial, $0, $1) }
            return partial
        } merge: {
            merge(&$0, $1)
        }
    }

    /// Splits positions `0..<count` into contiguous parts (`ParallelJobs.jobCount(threads:)`, fewer
    /// when there are fewer than 4 096 positions a part, as
    /// ``reduceHits(latitudes:longitudes:threads:into:_:merge:)`` does), runs `part` on each on
    /// `threads` threads at once (`ParallelJobs`) and `merge`s their results in position order.
    ///
    /// `reduceHits` calls its `add` once per hit, through a closure the query cannot see into. A
    /// caller that queries its part itself, inside `part`, gets its hit handling compiled into the
    /// query's loop (for `fence-check`'s tally, about a tenth of the query's instructions):
    ///
    /// ```swift
    /// let hits = GridIndex.reduceParts(of: count, threads: 2) { range in
    ///     var count = 0
    ///     index.forEachHit(latitudes: lat, longitudes: lon, range: range) { _, _ in count += 1 }
    ///     return count
    /// } merge: { $0 += $1 }
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many positions.
    ///   - threads: The most threads at once, the calling thread included.
    ///   - part: the result of one range of positions. It runs on several threads at once: it may
    ///     only read shared state.
    ///   - merge: adds a later part's result to the results so far.
    @inlinable
    public static func reduceParts<Result>(
        of count: Int, threads: Int, _ part: (Range<Int>) -> Result, merge: (inout Result, Result) -> Void
    ) -> Result {
        precondition(count >= 0 && threads >= 1)
        let parts = max(1, min(ParallelJobs.jobCount(threads: threads), count / 4096 + 1))
        var partials = [Result?](repeating: nil, count: parts)
        partials.withUnsafeMutableBufferPointer { results in
            withoutActuallyEscaping(part) { part in
                // Each job writes only its own slot of `results`; `part` reads shared state only.
                nonisolated(unsafe) let (results, part) = (results, part)
                ParallelJobs.perform(count: parts, workers: threads) { index in
                    results[index] = part((count * index / parts)..<(count * (index + 1) / parts))
                }
            }
        }
        var total = partials[0]!
        for partial in partials.dropFirst() { merge(&total, partial!) }
        return total
    }
}
