import Foundation
import GeoFormats
import RaceKitCore
import RaceModel
import RacePlanning
import RouteOptimizer

/// `racekit optimize RACE.json`: reorders the race's first course (start and finish stay
/// where they are, or `--open START FINISH` / `--start` / `--finish` replace them), optionally
/// into K fair variants, and writes the race with the new order. Stops that should not follow
/// each other (overlapping or too close: errors and warnings that only the order causes) are
/// kept apart where an order can; the report says which pairs it resolved and which remain, and
/// the exit code is 1 while any remains. The reordering itself is
/// RacePlanning's ``CourseReordering``; this prints (text or `--json`) and writes it.
struct RaceOptimization {
    let command: OptimizeCommand
    let path: String

    func run() throws {
        // Errors that only the order causes are what reordering resolves: they do not stop it.
        let race = try loadRace(path, allowing: [StopSpacing.overlapping.issueCode])
        let reordering: CourseReordering
        do throws(CourseReorderingError) {
            // --open START FINISH is --start START --finish FINISH on an open path, as for a matrix.
            let open = command.open
            reordering = try CourseReordering(
                race: race, start: open.first ?? command.start,
                finish: open.count == 2 ? open[1] : command.finish,
                openPath: command.path || !open.isEmpty)
        } catch {
            throw InputError(SourceLocation(file: path), error.description)
        }
        var distances: DistanceMatrix?
        if let matrixPath = command.matrix {
            let file = try MatrixFile.read(path: matrixPath)
            do throws(CourseReorderingError) { distances = try reordering.distances(from: file) } catch {
                throw InputError(SourceLocation(file: matrixPath), error.description)
            }
        }
        let options = RouteSolver.Options(
            timeLimit: command.timeLimit > 0 ? command.timeLimit : nil,
            iterations: command.iterations, seed: command.seed.value, threads: command.threads)
        let result = try reordering.variants(
            count: command.variants, maxExcessPercent: command.maxExcess, options: options,
            distances: distances)

        if let output = command.output {
            try writingOutput { () throws(InputError) in
                try OutputFile.write(Array(RaceFile.text(result.race).utf8), to: output)
            }
        }
        let report = RaceOptimizationReport(
            result, reordering: reordering, byMatrix: distances != nil, output: command.output)
        Standard.output(command.json.isOn ? try JSONOutput.string(report) + "\n" : report.text)
        // The organiser must decide about pairs no order keeps apart (move or shrink the stops),
        // and about order errors on courses this did not reorder (only the first is).
        let errors = RaceValidator.withStandardModes.validate(result.race).filter { $0.severity == .error }
        for issue in errors { Standard.error(issue.formatted(file: command.output ?? path)) }
        if !result.remainingPairs.isEmpty || !errors.isEmpty { throw RaceKitExitCode.problemsFound.error }
    }

    static func metres(_ length: Int) -> String {
        length >= 10_000 ? "\((Double(length) / 100).rounded() / 10) km" : "\(length) m"
    }
}
