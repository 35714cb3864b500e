import Dispatch

/// A monotonic clock in seconds, injected into the solver so that tests and callers decide what
/// "time" means (a fake clock makes time-limited runs reproducible).
public typealias SolverClock = @Sendable () -> Double

/// The process's monotonic clock (`DispatchTime`), the default ``SolverClock``.
public let monotonicClock: SolverClock = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

extension RouteSolver {
    /// How long and how the solver searches.
    ///
    /// The search stops at whichever comes first: `timeLimit` seconds on `clock` or `iterations`
    /// perturbation rounds. With `iterations` and no `timeLimit`, a seed gives the same order on every
    /// machine; with a time limit, a faster machine does more rounds and may find a better order.
    public struct Options: Sendable {
        /// Seconds of search, measured on `clock`; `nil` for no limit (then `iterations` must be set).
        public var timeLimit: Double?
        /// Perturbation rounds of the iterated local search; `nil` for no limit.
        public var iterations: Int?
        /// Seed of the solver's `SplitMix64` stream.
        public var seed: UInt64
        /// Problems with at most this many stops are solved exactly (Held–Karp). At most 16.
        public var exactLimit: Int
        /// Open paths with precedences (and no time windows) whose precedences allow at most this
        /// many prefixes are solved exactly, by dynamic programming over them; 0 never. At most
        /// 1 000 000 (about 770 MB at 64 stops). Finding out that a problem has more costs about
        /// 10–20 ms at the default.
        public var exactPrefixLimit: Int
        /// Candidate neighbours per stop for the local search (by α-nearness once the first local
        /// optimum is found); the default 6 was measured best (docs/optimizer-tuning.md).
        public var neighbours: Int
        /// The clock the time limit is measured on.
        public var clock: SolverClock
        /// Independent searches run at once, each on a thread of its own with its own seed (the
        /// first with `seed`) and the whole budget; the shortest order wins. Each keeps its own
        /// copy of the matrix, so large problems run fewer
        /// (``RouteSolver/parallelSearches(requested:stops:)``).
        public var threads: Int

        /// Options with a one-second search by default; `exactLimit` is capped at 16 and
        /// `exactPrefixLimit` at 1 000 000.
        public init(
            timeLimit: Double? = 1, iterations: Int? = nil, seed: UInt64 = 1, exactLimit: Int = 13,
            exactPrefixLimit: Int = 60_000, neighbours: Int = 6, threads: Int = 1,
            clock: @escaping SolverClock = monotonicClock
        ) {
            self.timeLimit = timeLimit
            self.iterations = iterations
            self.seed = seed
            self.exactLimit = min(exactLimit, 16)
            self.exactPrefixLimit = min(max(exactPrefixLimit, 0), 1_000_000)
            self.neighbours = neighbours
            self.threads = max(threads, 1)
            self.clock = clock
        }
    }
}

/// When to stop: a deadline on an injected clock and/or a round budget.
struct SearchBudget: Sendable {
    let clock: SolverClock
    let deadline: Double
    let rounds: Int

    init(clock: @escaping SolverClock, deadline: Double, rounds: Int) {
        self.clock = clock
        self.deadline = deadline
        self.rounds = rounds
    }

    init(_ options: RouteSolver.Options, share: Double = 1) {
        clock = options.clock
        deadline = options.timeLimit.map { options.clock() + $0 * share } ?? .infinity
        rounds = options.iterations ?? (options.timeLimit == nil ? 1_000 : .max)
    }

    /// Whether round `round` may run; the clock is read every 16 rounds only.
    @inline(__always)
    func allows(_ round: Int) -> Bool {
        guard round < rounds else { return false }
        return round & 15 != 0 || deadline == .infinity || clock() < deadline
    }
}
