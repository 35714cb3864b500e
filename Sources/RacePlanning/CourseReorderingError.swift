import RouteOptimizer

/// Why a race's course cannot be reordered. The text names the course and stop involved; the
/// caller adds the file (a race file, or the matrix file for the matrix cases).
public enum CourseReorderingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The race has no course at all.
    case noCourse
    /// The course names fewer than two distinct stops: there is no order to choose.
    case tooFewStops(course: String)
    /// The course has more stops than the optimizer takes (`RouteSolver.maximumStops`).
    case tooManyStops(course: String, count: Int)
    /// A start or finish asked for is not one of the course's stops.
    case stopNotOnCourse(stop: String, course: String)
    /// A user's matrix has no stop ids, so its rows cannot be matched to the course's stops.
    case matrixWithoutStopIDs
    /// A stop of the course has no row in the user's matrix.
    case stopNotInMatrix(stop: String)

    /// The message, naming the course and stop involved (the caller adds the file).
    public var description: String {
        switch self {
        case .noCourse: return "the race has no course to reorder"
        case .tooFewStops(let course): return "course \"\(course)\" has fewer than two stops"
        case .tooManyStops(let course, let count):
            return "course \"\(course)\" has \(count) stops; the optimizer takes at most \(RouteSolver.maximumStops) "
                + "(it keeps an n × n matrix of distances)"
        case .stopNotOnCourse(let stop, let course): return "stop \"\(stop)\" is not on course \"\(course)\""
        case .matrixWithoutStopIDs: return "a matrix for a race needs stop ids as labels (a header row)"
        case .stopNotInMatrix(let stop): return "stop \"\(stop)\" is not in the matrix"
        }
    }
}
