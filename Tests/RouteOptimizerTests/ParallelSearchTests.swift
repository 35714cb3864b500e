import GeoCore
import RaceKitCore
import Synchronization
import Testing

@testable import RouteOptimizer

/// ``RouteSolver/Options/threads``: independent searches at once, the shortest order winning.
struct ParallelSearchTests {
    /// The kinds of problem each solver path gets: the symmetric search, the constrained one
    /// (asymmetric with precedence), and separations on the symmetric one.
    static let kinds = ["symmetric", "constrained", "separated"]

    static func problem(_ kind: String, seed: UInt64) throws -> RouteProblem {
        var random = SplitMix64(seed: seed)
        switch kind {
        case "symmetric":
            return try Reference.problem(
                40, symmetric: true, closed: true, precedence: false, pins: false, windows: false, random: &random)
        case "constrained":
            return try Reference.problem(
                30, symmetric: false, closed: false, precedence: true, pins: false, windows: false, random: &random)
        default:
            let n = 30
            let matrix = Reference.matrix(n, symmetric: true, random: &random)
            let pairs = (0..<4).map { k in Separation(2 * k, 2 * k + 1) }
            return try RouteProblem(matrix: matrix, shape: .closedTour(start: 0), separations: pairs)
        }
    }

    @Test(
        "N searches at once give the first shortest order of N single searches with their seeds, every time",
        arguments: kinds, [1, 2, 3] as [UInt64])
    func matchesSingleSearches(kind: String, seed: UInt64) throws {
        let problem = try Self.problem(kind, seed: seed)
        let threads = 3, rounds = 200
        let options = RouteSolver.Options(timeLimit: nil, iterations: rounds, seed: seed, threads: threads)
        let parallel = try RouteSolver.solve(problem, options: options)
        let again = try RouteSolver.solve(problem, options: options)
        #expect(parallel == again, "\(kind) seed \(seed): two runs differ")

        // The slow reference: each search alone, one after another, with its seed.
        var singles: [RouteSolution] = []
        for index in 0..<threads {
            let own = RouteSolver.Options(
                timeLimit: nil, iterations: rounds, seed: RouteSolver.seed(ofSearch: index, options: options))
            singles.append(try RouteSolver.solve(problem, options: own))
        }
        let shortest = singles.min { $0.length < $1.length }!
        #expect(parallel.order == shortest.order && parallel.length == shortest.length, "\(kind) seed \(seed)")
        #expect(parallel.iterations == singles.reduce(0) { $0 + $1.iterations }, "\(kind) seed \(seed)")
        #expect(parallel.length <= singles[0].length)
        #expect(problem.violations(of: parallel.order).isEmpty)
    }

    @Test("a search starts unless the time limit has passed; the first always does")
    func startsBeforeDeadline() {
        // A clock that reads ten seconds later each time: past a one-second deadline at the next reading.
        let readings = Mutex(0.0)
        let jumping: SolverClock = {
            readings.withLock {
                $0 += 10; return $0
            }
        }
        let late = SearchBudget(RouteSolver.Options(timeLimit: 1, clock: jumping))
        #expect(RouteSolver.starts(search: 0, budget: late))
        #expect(!RouteSolver.starts(search: 1, budget: late))
        #expect(!RouteSolver.starts(search: 7, budget: late))
        let early = SearchBudget(RouteSolver.Options(timeLimit: 1, clock: { 5 }))
        #expect(RouteSolver.starts(search: 3, budget: early))
        let counted = SearchBudget(RouteSolver.Options(timeLimit: nil, iterations: 10, clock: jumping))
        #expect(RouteSolver.starts(search: 3, budget: counted))
    }

    @Test("the first search keeps the options' seed; the others get distinct ones")
    func seeds() {
        let options = RouteSolver.Options(seed: 42, threads: 16)
        let seeds = (0..<16).map { RouteSolver.seed(ofSearch: $0, options: options) }
        #expect(seeds[0] == 42)
        #expect(Set(seeds).count == 16)
    }

    @Test("with no feasible order, every search fails and the solve throws noFeasibleOrder")
    func infeasible() throws {
        let problem = try Reference.twoStopsNeverBothOnTime()
        #expect {
            try RouteSolver.solve(
                problem,
                options: RouteSolver.Options(
                    timeLimit: nil, iterations: 10, seed: 1, exactLimit: 0, exactPrefixLimit: 0, threads: 2))
        } throws: { error in
            (error as? InputError)?.code == .noFeasibleOrder
        }
    }

    @Test("large problems run fewer searches at once: their matrices stay within one search's at the most stops")
    func fewerForLargeProblems() {
        let limit = RouteSolver.peakMatrixBytes(stops: RouteSolver.maximumStops)
        for stops in [10, 1_000, 5_000, 10_000, RouteSolver.maximumStops] {
            let searches = RouteSolver.parallelSearches(requested: 64, stops: stops)
            #expect(searches >= 1 && searches <= 64)
            if searches > 1 { #expect(RouteSolver.peakMatrixBytes(stops: stops, threads: searches) <= limit) }
            if searches < 64 {
                #expect(RouteSolver.peakMatrixBytes(stops: stops, threads: searches + 1) > limit, "\(stops) stops")
            }
        }
        #expect(RouteSolver.parallelSearches(requested: 64, stops: 1_000) == 64)
        #expect(RouteSolver.parallelSearches(requested: 4, stops: RouteSolver.maximumStops) == 1)
        #expect(RouteSolver.parallelSearches(requested: 1, stops: 10) == 1)
    }

    @Test("problems the exact solver takes run once, whatever the thread count")
    func exactRunsOnce() throws {
        var random = SplitMix64(seed: 5)
        let problem = try RouteProblem(
            matrix: Reference.matrix(9, symmetric: true, random: &random), shape: .closedTour(start: 0))
        let solution = try RouteSolver.solve(problem, options: RouteSolver.Options(threads: 4))
        #expect(solution.method == .heldKarp && solution.isProvenOptimal && solution.iterations == 0)
    }
}
