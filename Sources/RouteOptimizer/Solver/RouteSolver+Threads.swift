import Dispatch
import GeoCore
import RaceKitCore

extension RouteSolver {
    /// The seed of search `index` of ``Options/threads``: the options' own for the first, so one
    /// thread searches as before, then the outputs of a `SplitMix64` stream seeded with it.
    static func seed(ofSearch index: Int, options: Options) -> UInt64 {
        guard index > 0 else { return options.seed }
        var stream = SplitMix64(seed: options.seed)
        var seed: UInt64 = 0
        for _ in 0..<index { seed = stream.next() }
        return seed
    }

    /// How many of `requested` searches of `stops` stops run at once: as many as keep the
    /// distance matrices (``peakMatrixBytes(stops:threads:)``) within what one search takes at
    /// ``maximumStops`` (1.8 GB), at least one: 449 fit at 1 000 stops, 3 at 10 000, 1 at 15 000.
    public static func parallelSearches(requested: Int, stops: Int) -> Int {
        let budget = peakMatrixBytes(stops: maximumStops)
        let perSearch = max(4 * stops * stops, 1)
        return max(1, min(requested, budget / perSearch - 1))
    }

    /// Whether search `index` of several starts: the first always, the others unless the time
    /// limit has passed. More searches than cores run in turn, and a late one would overrun it.
    static func starts(search index: Int, budget: SearchBudget) -> Bool {
        index == 0 || budget.deadline == .infinity || budget.clock() < budget.deadline
    }

    /// ``Options/threads`` independent searches of `problem` at once (at most
    /// ``parallelSearches(requested:stops:)``), each with the whole budget and a seed of its own
    /// (``seed(ofSearch:options:)``). Independent restarts are the simplest use of more cores for
    /// an iterated local search, and a good one: its runs end in different basins, and the
    /// time-limited budget is what the user waits for anyway.
    ///
    /// The first search always runs; with a time limit, one that would start after the deadline
    /// is skipped (``starts(search:budget:)``).
    ///
    /// - Returns: the shortest order, ties to the lowest-numbered search (so a seed, a round count
    ///   and a thread count give the same order every time), with the rounds of all searches.
    /// - Throws: the first search's error when no search found an order.
    static func searchInParallel(_ problem: RouteProblem, options: Options, budget: SearchBudget) throws(InputError)
        -> RouteSolution
    {
        let count = parallelSearches(requested: options.threads, stops: problem.count)
        guard count > 1 else { return try search(problem, options: options, budget: budget) }
        var outcomes = [Result<RouteSolution, InputError>?](repeating: nil, count: count)
        outcomes.withUnsafeMutableBufferPointer { slots in
            // Each search writes only its own slot; the problem, options and budget are values.
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: count) { index in
                guard starts(search: index, budget: budget) else { return }
                var own = options
                own.seed = seed(ofSearch: index, options: options)
                slots[index] = Result { () throws(InputError) in try search(problem, options: own, budget: budget) }
            }
        }
        var best: RouteSolution?
        var rounds = 0
        var firstError: InputError?
        for outcome in outcomes {
            switch outcome {
            case .success(let solution):
                rounds += solution.iterations
                if best == nil || solution.length < best!.length { best = solution }
            case .failure(let error):
                if firstError == nil { firstError = error }
            case nil:
                break  // skipped at the deadline
            }
        }
        guard let best else { throw firstError! }
        return RouteSolution(
            order: best.order, length: best.length, isProvenOptimal: best.isProvenOptimal, iterations: rounds,
            method: best.method)
    }
}
