import Dispatch

extension GridIndex {
    /// Folds every hit of ``forEachHit(latitudes:longitudes:range:_:)`` over all positions into a
    /// result, splitting the positions into `threads` contiguous parts queried in parallel.
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
    ///   - threads: how many parts to query in parallel (at least 1); fewer when there are
    ///     fewer than 4 096 positions a part.
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
        precondition(latitudes.count == longitudes.count && threads >= 1)
        let count = latitudes.count
        let parts = max(1, min(threads, count / 4096 + 1))
        var partials = [Result](repeating: initial, count: parts)
        partials.withUnsafeMutableBufferPointer { results in
            withoutActuallyEscaping(add) { add in
                // The buffers and `initial` are only read, `add` promises to read shared state only,
                // and each iteration writes only its own slot of `results`.
                nonisolated(unsafe) let (results, latitudes, longitudes, add, initial) = (
                    results, latitudes, longitudes, add, initial
                )
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    var partial = initial
                    let range = (count * part / parts)..<(count * (part + 1) / parts)
                    forEachHit(latitudes: latitudes, longitudes: longitudes, range: range) { add(&partial, $0, $1) }
                    results[part] = partial
                }
            }
        }
        var total = partials[0]
        for partial in partials.dropFirst() { merge(&total, partial) }
        return total
    }
}
