import ArgumentParser
import GeoFormats
import RaceKitCore
import RaceModel
import RacePlanning
import RaceSimulation
import RouteOptimizer

/// `racekit rehearse`: a Monte Carlo rehearsal of a race with synthetic participants.
struct RehearseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rehearse",
        abstract: "Run a race many times with synthetic participants and report what to fix before the day.",
        discussion: """
            Each run synthesizes a field (see racekit synth; run r uses seed S + r) and replays it. The report gives \
            the finish-time distribution, each stop's share of arrivals the engine did not register under the GPS \
            noise, the most participants at a stop at once, and recommendations such as "stop 7: raise the radius \
            to 25 m".

            Participants the race lists run their own course; the others are spread over the first course and the \
            courses with the same stops (its variants), each to the one with the fewest participants so far. When \
            the race has several courses, the report compares them: length (haversine between the stops' centres, \
            along the course), runners per run, OK finishes, median and 90 % running time, and the spread: slowest \
            median minus fastest, and longest course minus shortest.

            --variants K first reorders the first course into K fair variants, as racekit optimize --variants K \
            does (the same orders as racekit optimize RACE.json --variants K --max-excess P --time-limit 0 \
            --iterations 1000 --seed S), spreads the listed participants over them, and rehearses those.

            --json prints the report as one JSON object (format racekit.rehearsal/1: finishTime, statuses, \
            stops, recommendations, and courses with several courses; docs/simulation-output.md).
            """
    )

    @Argument(help: "The race file.") var race: String
    @Option(parsing: .unconditional, help: "How many runs (\(OptionLimits.rehearseRuns.text)).") var runs: Int = 20
    @Option(parsing: .unconditional, help: "Participants per run (\(OptionLimits.rehearseParticipants.text)).")
    var participants: Int = 12
    @OptionGroup var seed: SeedOption
    @OptionGroup var movement: MovementOptions
    @Option(
        parsing: .unconditional,
        help:
            "Reorder the first course into K fair variants (racekit optimize --variants) and rehearse them (\(OptionLimits.variants.text))."
    )
    var variants: Int?
    @Option(
        parsing: .unconditional,
        help:
            "With --variants: longest a variant may be, in percent over the best (default 5; \(OptionLimits.maxExcess.text))."
    )
    var maxExcess: Double?
    @Option(
        parsing: .unconditional,
        help:
            "With --variants: seconds of search instead of 1000 rounds (the orders may then depend on the machine; \(OptionLimits.rehearseTimeLimit.text))."
    )
    var timeLimit: Double?
    @OptionGroup var json: JSONOption

    func validate() throws {
        try OptionRange.require(
            [OptionLimits.rehearseRuns.problem(runs), OptionLimits.rehearseParticipants.problem(participants)]
                + movement.problems + [OptionLimits.variants.problem(variants)])
        guard variants != nil || (maxExcess == nil && timeLimit == nil) else {
            throw ValidationError("--max-excess and --time-limit go with --variants.")
        }
        try OptionRange.require(
            OptionLimits.maxExcess.problem(maxExcess),
            OptionLimits.rehearseTimeLimit.problem(timeLimit))
    }

    func run() throws {
        try reportingInputErrors {
            var race = try loadRace(self.race)
            try requireCourse(race, file: self.race, command: "rehearse")
            var preamble = ""
            var variantSummary: JSONValue?
            if let variants {
                let generated = try self.variants(of: race, count: variants)
                race = generated.race
                // The real excess of each variant; the bound is enforced, so fewer variants are said so.
                preamble =
                    "variants of course \"\(generated.original.id)\" (within \(DecimalText.fixed(generated.set.maxExcessPercent, digits: 1)) % of the best):\n"
                    + zip(generated.variants, generated.set.variants).map { course, variant in
                        "  \(course.course.id) (+\(DecimalText.fixed(variant.excessPercent, digits: 1)) %): \(course.order.joined(separator: " → "))\n"
                    }.joined()
                    + (generated.set.shortfall.map { "  \($0)\n" } ?? "")
                variantSummary = Self.summary(generated)
            }
            var options = SyntheticField.Options(participants: participants)
            options.speedMetersPerSecond = movement.speed
            options.noiseMeters = movement.noise
            // Rehearsals measure the race, not the cast: no deliberate stragglers or missed stops.
            options.stragglers = 0
            options.stopMissers = 0
            let progress = Progress(total: runs, label: "rehearsing")
            let rehearsal: Rehearsal
            do throws(ReplayError) {
                rehearsal = try Rehearsal(race: race, runs: runs, options: options, seed: seed.value) { _ in
                    progress.advance()
                }
            } catch {
                throw InputError(SourceLocation(file: self.race), error.description)
            }
            progress.finish()
            var report = rehearsal.json
            if case .object(let members) = report, let variantSummary {
                report = .object(members + [JSONMember("variants", variantSummary)])
            }
            Standard.output(json.isOn ? report.serialized() + "\n" : preamble + rehearsal.table)
        }
    }

    /// `--variants` in the JSON: how many were asked for, the bound, each variant's real excess, and why fewer (or null).
    private static func summary(_ generated: CourseVariants) -> JSONValue {
        let set = generated.set
        let each: [JSONValue] = zip(generated.variants, set.variants).map { course, variant in
            .object([
                JSONMember("course", .string(course.course.id)), JSONMember("length", .number(Double(course.length))),
                JSONMember("excessPercent", .number((variant.excessPercent * 1000).rounded() / 1000)),
            ])
        }
        return .object([
            JSONMember("requested", .number(Double(set.requested))),
            JSONMember("maxExcessPercent", .number(set.maxExcessPercent)),
            JSONMember("courses", .array(each)), JSONMember("note", set.shortfall.map(JSONValue.string) ?? .null),
        ])
    }

    /// The race with its first course reordered into `count` fair variants, deterministic for
    /// the seed unless a time limit bounds the search.
    private func variants(of race: Race, count: Int) throws -> CourseVariants {
        let reordering: CourseReordering
        do throws(CourseReorderingError) { reordering = try CourseReordering(race: race) } catch {
            throw InputError(SourceLocation(file: self.race), error.description)
        }
        // Without a time limit the solver stops after its default 1000 rounds.
        let options = RouteSolver.Options(timeLimit: timeLimit, iterations: nil, seed: seed.value)
        do throws(InputError) {
            return try reordering.variants(count: count, maxExcessPercent: maxExcess ?? 5, options: options)
        } catch {
            throw InputError(error.code, error.message, at: SourceLocation(file: self.race))
        }
    }
}
