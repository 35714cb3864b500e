import ArgumentParser
import GeoFormats
import RaceKitCore
import RaceModel
import RacePlanning
import RouteOptimizer

/// `build --course`: how the course goes through the stops.
enum CourseOption: Equatable, ExpressibleByArgument, CustomStringConvertible {
    /// Start at the first stop, finish at the last, the others in file order.
    case ordered
    /// Every stop, in any order.
    case anyOrder
    /// No course.
    case none
    /// Along a GPX route: the file's only route, or the one with this name.
    case route(String?)
    /// The shortest order (``BuildCommand/optimizedCourse(_:)``).
    case optimized

    init?(argument: String) {
        switch argument {
        case "ordered": self = .ordered
        case "any-order": self = .anyOrder
        case "none": self = .none
        case "optimized": self = .optimized
        case "route": self = .route(nil)
        default:
            guard argument.hasPrefix("route="), argument.count > "route=".count else { return nil }
            self = .route(String(argument.dropFirst("route=".count)))
        }
    }

    var description: String {
        switch self {
        case .ordered: return "ordered"
        case .anyOrder: return "any-order"
        case .none: return "none"
        case .route(let name): return name.map { "route=\($0)" } ?? "route"
        case .optimized: return "optimized"
        }
    }

    var defaultValueDescription: String { description }

    /// The builder's layout: a route's course is laid by the builder afterwards, an optimized
    /// one starts in file order.
    var builderLayout: RaceBuilder.CourseLayout {
        switch self {
        case .ordered, .route, .optimized: return .ordered
        case .anyOrder: return .anyOrder
        case .none: return .none
        }
    }
}

extension BuildCommand {
    /// The solver's settings for `--course optimized`: rounds instead of a time limit, and a
    /// fixed seed, so the same input gives the same race on every machine.
    static let optimizerOptions = RouteSolver.Options(timeLimit: nil, iterations: 1_000, seed: 1)

    /// The GPX route `--course route[=NAME]` names: the one called `name`, or the file's only one.
    /// - Throws: `InputError` at the file when there is no such route, or several and no name.
    static func route(named name: String?, in document: GPXDocument, file: String) throws(InputError) -> GPXRoute {
        let names = document.routes.map { $0.info.name.map { "\"\($0)\"" } ?? "(unnamed)" }
        if let name {
            guard let route = document.routes.first(where: { $0.info.name == name }) else {
                throw InputError(
                    SourceLocation(file: file),
                    "the GPX file has no route named \"\(name)\""
                        + (names.isEmpty ? "; it has no routes" : "; its routes: \(names.joined(separator: ", "))"))
            }
            return route
        }
        guard document.routes.count == 1 else {
            throw InputError(
                SourceLocation(file: file),
                document.routes.isEmpty
                    ? "the GPX file has no route (rte) to lay the course along"
                    : "the GPX file has \(document.routes.count) routes (\(names.joined(separator: ", "))); "
                        + "choose one with --course route=NAME")
        }
        return document.routes[0]
    }

    /// The race with its course in the shortest order (``CourseReordering``, one variant),
    /// starting at `--start` and finishing at `--finish`, by default where the file's order did.
    /// - Throws: `InputError` at the input for an end that is not a stop.
    func optimizedCourse(_ race: Race) throws -> Race {
        guard race.stops.count >= 2 else { return race }
        let reordering: CourseReordering
        do throws(CourseReorderingError) {
            reordering = try CourseReordering(race: race, start: start, finish: finish)
        } catch {
            throw InputError(SourceLocation(file: input), error.description)
        }
        return try reordering.variants(count: 1, maxExcessPercent: 0, options: Self.optimizerOptions).race
    }
}
