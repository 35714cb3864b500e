import ArgumentParser
import Foundation
import GeoFormats
import RaceKitCore
import RouteOptimizer

/// `racekit optimize`: the best order of a set of stops: a race's course, a TSPLIB file, or a
/// distance matrix.
struct OptimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Put stops in the shortest order: a closed tour or an open path, with fair variants.",
        discussion: """
            Input: --tsplib FILE.tsp (GEO, EUC_2D, CEIL_2D, ATT; ids 1…n), FILE.atsp or FILE.sop (TSPLIB's \
            asymmetric and sequential ordering problems, EXPLICIT FULL_MATRIX: a closed tour, or a path from \
            the first node to the last in which a weight of -1 at (i, j) puts j before i) or --matrix FILE.csv|.json (n × n \
            whole non-negative numbers, asymmetric allowed; optional header of stop ids). Either holds \
            at most 15 000 stops: the solver keeps two n × n distance matrices, 1.8 GB at that size. \
            Up to 13 stops the order is proven optimal (Held–Karp), and so is an open path whose \
            precedences leave at most 60 000 feasible prefixes (method precedence-dp); otherwise an iterated local \
            search runs for --time-limit seconds or --iterations rounds, whichever ends first: 2-opt, \
            Or-opt and Lin–Kernighan style 3-opt chains on α-nearness candidates for symmetric \
            distances, segment moves that keep pins, precedence and time windows otherwise. --seed with \
            --iterations (and no time limit) gives the same order on every machine.

            On a race file, stops whose fences overlap or that are closer than a fence's diameter are kept from \
            following each other where an order can: a race whose only errors are such stops following each other \
            is reordered, not refused. The report lists the pairs it kept apart and those still next to each other; \
            the exit code is 1 while any remains (the race is written all the same with -o).

            --json prints one JSON object: for a race file the course, its length before and after, and each \
            variant's course id, length, excess and order; for --tsplib and --matrix the length, seconds, tour, \
            method, variants and the search's settings.

            With bestSolutions.txt beside a TSPLIB file the gap to the known optimum is printed. \
            --result-line prints one `RESULT key=value …` line, the form the peer scripts in Benchmarks/peers print.
            """
    )

    @Argument(
        help:
            "A race file: its first course is reordered (start and finish stay; --matrix may give walking times by stop id)."
    )
    var race: String?

    @Option(help: "A TSPLIB .tsp, .atsp or .sop file.")
    var tsplib: String?

    @Option(
        help:
            "A distance matrix: CSV (optionally with a header of stop ids) or JSON ([[…]] or {\"labels\",\"matrix\"}).")
    var matrix: String?

    @Option(
        parsing: .upToNextOption,
        help:
            "Open path with fixed ends: --open START FINISH (stop ids; on a race file they replace the course's start and finish)."
    )
    var open: [String] = []

    @Option(
        help:
            "Fixed first stop (id). With --finish or --path the route is an open path, otherwise a closed tour from here."
    )
    var start: String?

    @Option(help: "Fixed last stop of an open path (id).")
    var finish: String?

    @Flag(help: "An open path (no return leg) even without --finish.")
    var path = false

    @Option(
        parsing: .unconditional,
        help: "Seconds of search (0 with --iterations for no time limit; \(OptionLimits.optimizeTimeLimit.text)).")
    var timeLimit: Double = 1

    @Option(
        parsing: .unconditional,
        help: "Perturbation rounds of the local search (reproducible runs; \(OptionLimits.iterations.text)).")
    var iterations: Int?

    @OptionGroup var seed: SeedOption

    @Option(
        parsing: .unconditional,
        help:
            "Independent searches at once, one per thread, each with its own seed and the whole budget; the shortest order wins (\(OptionLimits.optimizeThreads.text))."
    )
    var threads: Int = 1

    @Option(
        parsing: .unconditional,
        help:
            "Fair variants: up to K different orders of the same stops, fewer (and said so) when fewer fit --max-excess (\(OptionLimits.variants.text))."
    )
    var variants: Int = 1

    @Option(
        parsing: .unconditional,
        help: "Longest a variant may be, in percent over the shortest; enforced (\(OptionLimits.maxExcess.text)).")
    var maxExcess: Double = 5

    @Option(
        name: .shortAndLong, help: "Write the order here: a TSPLIB .tour for --tsplib, otherwise one stop id per line.")
    var output: String?

    @OptionGroup var json: JSONOption

    @Flag(help: "Print one RESULT line (the form of the peer scripts in Benchmarks/peers).")
    var resultLine = false

    func validate() throws {
        if race != nil {
            guard tsplib == nil else { throw ValidationError("A race file and --tsplib do not go together.") }
        } else {
            guard (tsplib == nil) != (matrix == nil) else {
                throw ValidationError("Give a race file, --tsplib FILE or --matrix FILE.")
            }
        }
        guard open.isEmpty || open.count == 2 else { throw ValidationError("--open takes two stop ids: START FINISH.") }
        guard open.isEmpty || (start == nil && finish == nil) else {
            throw ValidationError("Use either --open START FINISH or --start/--finish.")
        }
        try OptionRange.require(
            OptionLimits.optimizeTimeLimit.problem(timeLimit),
            OptionLimits.iterations.problem(iterations),
            OptionLimits.optimizeThreads.problem(threads),
            OptionLimits.variants.problem(variants),
            OptionLimits.maxExcess.problem(maxExcess))
        guard timeLimit > 0 || iterations != nil else { throw ValidationError("--time-limit 0 needs --iterations.") }
        guard !(json.isOn && resultLine) else { throw ValidationError("Choose one of --json and --result-line.") }
        guard race == nil || !resultLine else {
            throw ValidationError("--result-line is for --tsplib and --matrix, not a race file.")
        }
    }

    func run() throws {
        do {
            if let race {
                try reportingInputErrors { try RaceOptimization(command: self, path: race).run() }
            } else {
                try optimize()
            }
        } catch let error as InputError {
            Standard.error("racekit: \(error)")
            throw RaceKitExitCode.badInput.error
        }
    }

    private func optimize() throws {
        let load = Stopwatch()
        let input = try OptimizeInput.load(tsplib: tsplib, matrix: matrix)
        let loadSeconds = load.seconds

        let labels = input.labels
        func index(_ id: String) throws -> Int { try RouteProblem.index(of: id, in: labels) }
        let startID = open.first ?? start, finishID = open.count == 2 ? open[1] : finish
        let first = try startID.map(index), last = try finishID.map(index)
        var shape: RouteShape =
            (last != nil || path || !open.isEmpty) ? .openPath(start: first, finish: last) : .closedTour(start: first)
        var problem = try RouteProblem(matrix: input.matrix, labels: labels, shape: shape)
        if let stated = input.statedProblem {
            guard first == nil, last == nil, !path else {
                throw ValidationError(
                    "A TSPLIB ATSP or SOP file states its own tour or path: no --start, --finish, --open or --path.")
            }
            problem = stated
            shape = stated.shape
        }
        let searches = RouteSolver.parallelSearches(requested: threads, stops: problem.count)
        if searches < threads {
            Standard.error(
                "racekit: note: \(searches) searches at once, not \(threads): each keeps its own \(problem.count) × \(problem.count) matrix"
            )
        }
        let options = RouteSolver.Options(
            timeLimit: timeLimit > 0 ? timeLimit : nil, iterations: iterations, seed: seed.value, threads: searches)

        let solve = Stopwatch()
        let set = try RouteSolver.fairVariants(problem, count: variants, maxExcessPercent: maxExcess, options: options)
        let seconds = solve.seconds

        let best = set.variants[0].solution
        let report = OptimizeReport(
            instance: input.name, n: problem.count, mode: Self.mode(shape, labels), length: best.length,
            optimum: shape.isClosed || input.statedProblem != nil ? input.bestKnown : nil, seconds: seconds,
            loadSeconds: loadSeconds,
            tour: best.order.map { labels[$0] }, iterations: best.iterations, method: best.method.rawValue,
            provenOptimal: best.isProvenOptimal, inputLength: problem.length(of: Array(0..<problem.count)),
            variants: variants > 1 ? set.variants.map { OptimizeReport.Variant($0, labels: labels) } : nil,
            spread: variants > 1 ? set.spread : nil, variantsRequested: variants > 1 ? variants : nil,
            maxExcessPercent: variants > 1 ? maxExcess : nil, note: set.shortfall,
            timeLimit: timeLimit > 0 ? timeLimit : nil, seed: seed.value, iterationLimit: iterations, threads: searches)
        if let output {
            let text = tsplib != nil ? report.tourFile : report.tour.joined(separator: "\n") + "\n"
            try reportingInputErrors {
                try writingOutput { () throws(InputError) in try OutputFile.write(Array(text.utf8), to: output) }
            }
        }
        if json.isOn {
            Standard.output(try JSONOutput.string(report) + "\n")
        } else if resultLine {
            Standard.output(report.resultLine + "\n")
        } else {
            Standard.output(report.table)
        }
    }

    private static func mode(_ shape: RouteShape, _ labels: [String]) -> String {
        switch shape {
        case .closedTour: return "closed"
        case .openPath(let s, let f): return "open:\(s.map { labels[$0] } ?? "*")-\(f.map { labels[$0] } ?? "*")"
        }
    }
}
