import GeoCore
import RaceKitCore
import RaceModel
import RouteOptimizer

/// A race's first course as a stop-order problem: its distinct stops, which of them stay fixed
/// (start and finish), and whether the order is a closed tour or an open path. From it come the
/// K fair orders of ``variants(count:maxExcessPercent:options:distances:)``, written back into
/// the race as courses.
///
/// `racekit optimize RACE.json` and `racekit rehearse RACE.json --variants K` share this one
/// reading of a race, so the variants a rehearsal measures are the ones the optimizer writes.
public struct CourseReordering: Sendable {
    /// The race, unchanged.
    public let race: Race
    /// Where the reordered course sits in `race.courses` (the first course).
    public let courseIndex: Int
    /// The course's distinct stop ids in course order: the labels of the problem's rows.
    public let stopIDs: [String]
    /// The stop every order begins with, if any.
    public let start: String?
    /// The stop every order ends with, if any.
    public let finish: String?
    /// A closed tour (back to the start, or no ends at all) or an open path.
    public let shape: RouteShape
    /// The course's pairs of stops that should not follow each other (``SeparatedPair``): every
    /// order keeps as few of them next to each other as it can.
    public let separatedPairs: [SeparatedPair]

    /// The course being reordered.
    public var course: Course { race.courses[courseIndex] }

    /// Reads the race's first course. `start` and `finish` replace the course's own ends;
    /// without a finish the order is a closed tour unless `openPath` is set. A start equal to
    /// the finish is a loop: a closed tour from there.
    /// - Throws: ``CourseReorderingError`` for a race without a course, a course with fewer than
    ///   two stops or more than `RouteSolver.maximumStops`, or an end that is not on the course.
    public init(race: Race, start: String? = nil, finish: String? = nil, openPath: Bool = false)
        throws(CourseReorderingError)
    {
        guard let courseIndex = race.courses.indices.first else { throw .noCourse }
        let course = race.courses[courseIndex]
        var ids: [String] = []
        var seen = Set<String>()
        for id in course.stopIDs where seen.insert(id).inserted { ids.append(id) }
        guard ids.count >= 2 else { throw .tooFewStops(course: course.id) }
        guard ids.count <= RouteSolver.maximumStops else { throw .tooManyStops(course: course.id, count: ids.count) }
        let startID = start ?? course.start, finishID = finish ?? course.finish
        for id in [startID, finishID].compactMap({ $0 }) where !ids.contains(id) {
            throw .stopNotOnCourse(stop: id, course: course.id)
        }
        let first = startID.flatMap { ids.firstIndex(of: $0) }, last = finishID.flatMap { ids.firstIndex(of: $0) }
        let loop = startID != nil && startID == finishID
        self.race = race
        self.courseIndex = courseIndex
        self.stopIDs = ids
        self.start = startID
        self.finish = finishID
        self.shape =
            loop || (last == nil && !openPath) ? .closedTour(start: first) : .openPath(start: first, finish: last)
        let context = ValidationContext(race: race)
        separatedPairs = context.spacingPairs(among: ids.compactMap { context.stopIndex[$0] }).map {
            SeparatedPair(first: race.stops[$0.first].id, second: race.stops[$0.second].id, spacing: $0.spacing)
        }
    }

    /// Whole metres of haversine between the stops' centres (`Stop.centre`), rows in
    /// ``stopIDs`` order: the same distances as `Race.lengthMeters(of:)` adds up.
    public var haversineDistances: DistanceMatrix {
        let centres = stopIDs.map { race.stop($0)?.centre ?? Coordinate(uncheckedLatitude: 0, longitude: 0) }
        return DistanceMatrix(haversineBetween: centres)
    }

    /// A user's matrix (walking times, say) cut down to the course's stops, matched by stop id.
    /// - Throws: ``CourseReorderingError/matrixWithoutStopIDs`` or
    ///   ``CourseReorderingError/stopNotInMatrix(stop:)``.
    public func distances(from file: MatrixFile) throws(CourseReorderingError) -> DistanceMatrix {
        guard let labels = file.labels else { throw .matrixWithoutStopIDs }
        var rows: [Int] = []
        for id in stopIDs {
            guard let row = labels.firstIndex(of: id) else { throw .stopNotInMatrix(stop: id) }
            rows.append(row)
        }
        return DistanceMatrix(count: stopIDs.count) { a, b in file.matrix[rows[a], rows[b]] }
    }

    /// Up to `count` fair orders of the course (`RouteSolver.fairVariants(_:count:maxExcessPercent:options:)`:
    /// fewer when fewer different orders fit `maxExcessPercent`) and the race rewritten with them.
    ///
    /// The first variant keeps the course's id; variant k (from 2) is `ID-k`, named
    /// "NAME (variant k)". Each keeps the start and finish (an open path without a fixed finish
    /// ends where its order ends). A course of any-order goals (a score hunt) stays any-order,
    /// listed in the suggested order; a sequence becomes the new sequence. Participants on the
    /// course (or on no course, which means the first) are dealt round-robin over the variants,
    /// in the order the race lists them, so nobody can simply follow anyone.
    /// - Parameters:
    ///   - count: how many variants, at least 1.
    ///   - maxExcessPercent: how much longer than the shortest a variant may be, in percent.
    ///   - options: the solver's time limit, iterations and seed.
    ///   - distances: the matrix to order by, rows in ``stopIDs`` order;
    ///     ``haversineDistances`` when `nil`.
    /// - Throws: the optimizer's errors (a count below 1, a negative excess, …).
    /// - Complexity: that of `fairVariants` (`count × 4` solver runs).
    public func variants(
        count: Int, maxExcessPercent: Double, options: RouteSolver.Options,
        distances: DistanceMatrix? = nil
    ) throws(InputError) -> CourseVariants {
        let matrix = distances ?? haversineDistances
        let row = Dictionary(uniqueKeysWithValues: stopIDs.enumerated().map { ($1, $0) })
        let separations = separatedPairs.map { Separation(row[$0.first]!, row[$0.second]!) }
        let problem = try RouteProblem(matrix: matrix, labels: stopIDs, shape: shape, separations: separations)
        let set = try RouteSolver.fairVariants(
            problem, count: count, maxExcessPercent: maxExcessPercent, options: options)
        let original = course
        let anyOrder =
            !original.controls.isEmpty
            && original.controls.allSatisfy { if case .anyOrder = $0 { true } else { false } }
        var variants: [CourseVariants.Variant] = []
        for (k, variant) in set.variants.enumerated() {
            let order = variant.solution.order.map { stopIDs[$0] }
            var reordered = original
            reordered.id = k == 0 ? original.id : "\(original.id)-\(k + 1)"
            if k > 0 { reordered.name = (original.name ?? original.id) + " (variant \(k + 1))" }
            reordered.start = start
            reordered.finish = finish ?? (shape.isClosed ? nil : order.last)
            let inner = order.filter { $0 != reordered.start && $0 != reordered.finish }
            reordered.controls = anyOrder ? [.anyOrder(inner)] : inner.map { .stop($0) }
            variants.append(
                CourseVariants.Variant(
                    course: reordered, order: order, length: variant.solution.length,
                    adjacentPairs: SeparatedPair.adjacent(separatedPairs, on: reordered)))
        }
        var rewritten = race
        rewritten.courses.replaceSubrange(courseIndex...courseIndex, with: variants.map(\.course))
        var next = 0
        for p in rewritten.participants.indices
        where rewritten.participants[p].course == nil || rewritten.participants[p].course == original.id {
            rewritten.participants[p].course = variants[next % variants.count].course.id
            next += 1
        }
        return CourseVariants(
            race: rewritten, original: original,
            lengthBefore: matrix.length(of: Array(0..<stopIDs.count), closed: shape.isClosed),
            variants: variants, set: set, separatedPairs: separatedPairs,
            adjacentBefore: SeparatedPair.adjacent(separatedPairs, on: original))
    }
}
