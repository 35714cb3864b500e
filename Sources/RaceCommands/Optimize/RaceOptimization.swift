import Foundation
import GeoCore
import GeoFormats
import RaceModel
import RouteOptimizer

/// `racekit optimize RACE.json`: reorders the race's first course (start and finish stay
/// where they are), optionally into K fair variants, and writes the race with the new order.
struct RaceOptimization {
    let command: OptimizeCommand
    let path: String

    func run() throws {
        var race = try loadRace(path)
        guard let courseIndex = race.courses.indices.first else {
            throw InputError(SourceLocation(file: path), "the race has no course to reorder")
        }
        let course = race.courses[courseIndex]
        var ids: [String] = []
        for id in course.stopIDs where !ids.contains(id) { ids.append(id) }
        guard ids.count >= 2 else { throw InputError(SourceLocation(file: path), "course \"\(course.id)\" has fewer than two stops") }
        let startID = command.start ?? course.start, finishID = command.finish ?? course.finish
        for id in [startID, finishID].compactMap({ $0 }) where !ids.contains(id) {
            throw InputError(SourceLocation(file: path), "stop \"\(id)\" is not on course \"\(course.id)\"")
        }
        let matrix = try distances(race, ids)
        let first = startID.flatMap { ids.firstIndex(of: $0) }, last = finishID.flatMap { ids.firstIndex(of: $0) }
        let loop = startID != nil && startID == finishID
        let shape: RouteShape = loop || (last == nil && !command.path) ? .closedTour(start: first) : .openPath(start: first, finish: last)
        let problem = try RouteProblem(matrix: matrix, labels: ids, shape: shape)
        let options = RouteSolver.Options(timeLimit: command.timeLimit > 0 ? command.timeLimit : nil,
                                          iterations: command.iterations, seed: command.seed)
        let set = try RouteSolver.fairVariants(problem, count: command.variants, maxExcessPercent: command.maxExcess, options: options)

        let before = matrix.length(of: Array(0..<ids.count), closed: shape.isClosed)
        var lines = ["course \"\(course.id)\": \(ids.count) stops, \(Self.metres(before)) before, \(Self.metres(set.variants[0].solution.length)) after"]
        var courses: [Course] = []
        for (k, variant) in set.variants.enumerated() {
            let order = variant.solution.order.map { ids[$0] }
            var reordered = course
            reordered.id = k == 0 ? course.id : "\(course.id)-\(k + 1)"
            if k > 0 { reordered.name = (course.name ?? course.id) + " (variant \(k + 1))" }
            reordered.start = startID
            reordered.finish = finishID ?? (shape.isClosed ? nil : order.last)
            let inner = order.filter { $0 != reordered.start && $0 != reordered.finish }
            // A course of any-order goals (a score hunt) stays any-order: only its listing follows
            // the suggested order. A sequence becomes the new sequence.
            let anyOrder = !course.controls.isEmpty && course.controls.allSatisfy { if case .anyOrder = $0 { true } else { false } }
            reordered.controls = anyOrder ? [.anyOrder(inner)] : inner.map { .stop($0) }
            courses.append(reordered)
            lines.append("  \(reordered.id): \(Self.metres(variant.solution.length))  \(order.joined(separator: " → "))")
        }
        if set.variants.count > 1 {
            lines.append("  variants spread \(Self.metres(set.spread)) (\((set.spreadPercent * 10).rounded() / 10) %)")
        }
        race.courses.replaceSubrange(courseIndex...courseIndex, with: courses)
        // Participants on the reordered course are spread over its variants, so nobody can follow anyone.
        var next = 0
        for p in race.participants.indices where race.participants[p].course == nil || race.participants[p].course == course.id {
            race.participants[p].course = courses[next % courses.count].id
            next += 1
        }
        if let output = command.output {
            try OutputFile.write(Array(RaceFile.text(race).utf8), to: output)
            lines.append("wrote \(output)")
        }
        Standard.output(lines.joined(separator: "\n") + "\n")
    }

    /// Whole metres of haversine between the stops' centres, or the user's matrix by stop id.
    private func distances(_ race: Race, _ ids: [String]) throws -> DistanceMatrix {
        if let matrixPath = command.matrix {
            let file = try MatrixFile.read(path: matrixPath)
            guard let labels = file.labels else {
                throw InputError(SourceLocation(file: matrixPath), "a matrix for a race needs stop ids as labels (a header row)")
            }
            let index = try ids.map { id throws -> Int in
                guard let i = labels.firstIndex(of: id) else { throw InputError(SourceLocation(file: matrixPath), "stop \"\(id)\" is not in the matrix") }
                return i
            }
            return DistanceMatrix(count: ids.count) { a, b in file.matrix[index[a], index[b]] }
        }
        let centres = ids.map { id -> Coordinate in
            let stop = race.stop(id)!
            return (try? stop.fence.makeFence())?.boundingCircle.centre ?? Coordinate(uncheckedLatitude: 0, longitude: 0)
        }
        return DistanceMatrix(haversineBetween: centres)
    }

    static func metres(_ length: Int) -> String { length >= 10_000 ? "\((Double(length) / 100).rounded() / 10) km" : "\(length) m" }
}
