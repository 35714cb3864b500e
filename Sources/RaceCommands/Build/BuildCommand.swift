import ArgumentParser
import Foundation
import GeoFormats
import RaceModel

/// `racekit build`: a race file from a list of stops.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Make a race file from stops in CSV, GeoJSON or GPX.",
        discussion: """
        CSV: a header with name,lat,lon and optionally id,radius_m,points,question,options,answer (options \
        separated by |). GeoJSON (.geojson, .json): Points (with an optional radius property) become circles, \
        Polygons and MultiPolygons polygon fences; properties name, id, points, question, options, answer. \
        GPX: every waypoint becomes a stop, named after it. Stops keep the file's order; the course starts at the first and finishes \
        at the last (--course ordered), visits them in any order (any-order), or is left out (none). \
        The race is validated after it is built: errors are printed, nothing is written and the exit code is 1.
        """
    )

    @Argument(help: "The stops: a .csv, .geojson/.json or .gpx file.")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write the race file (default: standard output).")
    var output: String?

    @Option(help: "The race's name (default: the input file's name).")
    var name: String?

    @Option(parsing: .unconditional, help: "Radius for stops without one (\(OptionLimits.buildRadius.text)).")
    var radius: Double = 25

    @Option(help: "Game mode: classic, quiz, score, relay or territory.")
    var mode: String = "classic"

    @Option(help: "Course layout: ordered, any-order or none.")
    var course: CourseLayoutOption = .ordered

    @Option(parsing: .unconditional, help: "Time limit (\(OptionLimits.buildTimeLimit.text)).")
    var timeLimit: Double?

    enum CourseLayoutOption: String, ExpressibleByArgument, CaseIterable {
        case ordered, anyOrder = "any-order", none
        var layout: RaceBuilder.CourseLayout {
            switch self {
            case .ordered: return .ordered
            case .anyOrder: return .anyOrder
            case .none: return .none
            }
        }
    }

    func validate() throws {
        try OptionRange.require(
            OptionLimits.buildRadius.problem(radius),
            OptionLimits.buildTimeLimit.problem(timeLimit))
    }

    func run() throws {
        try reportingInputErrors {
            let title = name ?? URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            var builder = RaceBuilder(name: title).radius(radius).mode(GameModeSelection(name: mode)).course(course.layout)
            if let timeLimit { builder = builder.timeLimit(minutes: timeLimit) }
            switch URL(fileURLWithPath: input).pathExtension.lowercased() {
            case "geojson", "json":
                builder = builder.stops(fromGeoJSON: try GeoJSONStops.stops(from: try GeoJSONReader.read(path: input), file: input,
                                                                            defaultRadiusMeters: radius))
            case "gpx":
                let waypoints = try GPXDocument.read(path: input).waypoints
                guard !waypoints.isEmpty else { throw InputError(SourceLocation(file: input), "the GPX file has no waypoints to make stops from") }
                builder = builder.stops(fromWaypoints: waypoints)
            default:
                builder = try StopListCSV.addStops(from: try CSVDocument(bytes: try FileBytes.read(input), file: input), to: builder)
            }
            let race = builder.build()
            let issues = RaceValidator().validate(race)
            for issue in issues { Standard.error(issue.formatted(file: output ?? "race")) }
            // A race with errors is not written anywhere: `-o` may name a file worth keeping.
            if issues.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
            let text = RaceFile.text(race)
            if let output {
                try OutputFile.write(Array(text.utf8), to: output)
            } else {
                Standard.output(text)
            }
        }
    }
}
