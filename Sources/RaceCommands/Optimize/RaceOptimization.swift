import Foundation
import GeoFormats
import RaceModel
import RacePlanning
import RouteOptimizer

/// `racekit optimize RACE.json`: reorders the race's first course (start and finish stay
/// where they are), optionally into K fair variants, and writes the race with the new order.
/// The reordering itself is RacePlanning's ``CourseReordering``; this prints and writes it.
struct RaceOptimization {
    let command: OptimizeCommand
    let path: String

    func run() throws {
        let race = try loadRace(path)
        let reordering: CourseReordering
        do throws(CourseReorderingError) {
            reordering = try CourseReordering(race: race, start: command.start, finish: command.finish, openPath: command.path)
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
        let options = RouteSolver.Options(timeLimit: command.timeLimit > 0 ? command.timeLimit : nil,
                                          iterations: command.iterations, seed: command.seed)
        let result = try reordering.variants(count: command.variants, maxExcessPercent: command.maxExcess, options: options,
                                             distances: distances)

        var lines = ["course \"\(result.original.id)\": \(reordering.stopIDs.count) stops, \(Self.metres(result.lengthBefore)) before, "
            + "\(Self.metres(result.variants[0].length)) after"]
        for variant in result.variants {
            lines.append("  \(variant.course.id): \(Self.metres(variant.length))  \(variant.order.joined(separator: " → "))")
        }
        if result.variants.count > 1 {
            lines.append("  variants spread \(Self.metres(result.set.spread)) (\((result.set.spreadPercent * 10).rounded() / 10) %)")
        }
        if let output = command.output {
            try OutputFile.write(Array(RaceFile.text(result.race).utf8), to: output)
            lines.append("wrote \(output)")
        }
        Standard.output(lines.joined(separator: "\n") + "\n")
    }

    static func metres(_ length: Int) -> String { length >= 10_000 ? "\((Double(length) / 100).rounded() / 10) km" : "\(length) m" }
}
