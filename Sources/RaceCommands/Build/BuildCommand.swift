import ArgumentParser
import Foundation
import GameModes
import GeoFormats
import GeoProjection
import RaceKitCore
import RaceModel

/// `racekit build`: a race file from a list of stops.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Make a race file from stops in CSV, GeoJSON or GPX.",
        discussion: """
            CSV: a header with name,lat,lon and optionally id,radius_m,points,question,options,answer (options \
            separated by |). GeoJSON (.geojson, .json): Points (with an optional radius property) become circles, \
            Polygons and MultiPolygons polygon fences; properties name, id (else the Feature's id), points, question, \
            options, answer. Numbers are plain decimals (no 0x…); points are whole numbers within ±999999999999999; \
            a CSV row has at most 256 fields. \
            Projected positions (survey data, a national grid, UTM): CSV columns x,y (or easting,northing) in \
            place of lat,lon, with --crs naming their CRS by EPSG code; they are converted to WGS 84 by PROJ, and a \
            position outside the CRS's area of use is an error (docs/coordinate-systems.md). \
            GPX: every waypoint becomes a stop, named after it; its cmt becomes the stop's notes, its desc the \
            description, its first link the link and its type (else sym) the category. \
            Stops keep the file's order; the course starts at the first and finishes \
            at the last (--course ordered), visits them in any order (any-order), or is left out (none). \
            --course route[=NAME] lays the course along a GPX route (the file's only one, or the one named): a route \
            point within 1 m of a waypoint is that stop, any other becomes a stop; a point the course already \
            visits is passed over, except a last point back at the first, which makes a loop. \
            --course optimized (or --optimize) puts the stops in the shortest order (as racekit optimize, with a \
            fixed seed and 1000 rounds, so the same file gives the same race), keeping overlapping or too-close \
            stops from following each other where it can; it starts at --start and finishes at --finish (stop ids), \
            by default at the file's first and last stop. \
            --participants reads a CSV with a header name and optionally id, team, course: each distinct team \
            name becomes a team. What each mode needs: quiz, stops with questions; score, stops with points; \
            relay, 2 to 8 participants; territory, N×N stops (9 for 3×3) and participants in two teams. \
            The race is validated after it is built, game-mode rules included (as racekit validate): issues \
            name the input's line (CSV), feature (GeoJSON) or waypoint (GPX), or the participants file; \
            errors are printed, nothing is written and the exit code is 1 (2 for an input that cannot be read).
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

    @Option(help: "Course layout: ordered, any-order, none, route[=NAME] (a GPX route) or optimized.")
    var course: CourseOption = .ordered

    @Flag(help: "The same as --course optimized.")
    var optimize = false

    @Option(help: "With --course optimized: the stop id the course starts at (default: the first stop).")
    var start: String?

    @Option(help: "With --course optimized: the stop id the course finishes at (default: the last stop).")
    var finish: String?

    @Option(parsing: .unconditional, help: "The race's time limit (\(OptionLimits.buildTimeLimit.text)).")
    var timeLimit: Double?

    @Option(help: "Participants: a CSV with a name column and optionally id, team (a team's name) and course.")
    var participants: String?

    @Option(help: "When the race starts: an RFC 3339 time with offset, such as 2026-05-02T10:00:00+02:00.")
    var startTime: String?

    @Option(help: "The venue's IANA time zone, such as Europe/Zurich.")
    var timeZone: String?

    @Option(name: .customLong("description"), help: "A description of the race for participants.")
    var raceDescription: String?

    @Option(
        help:
            "The CRS of a CSV's x,y (easting,northing) columns: an EPSG code such as EPSG:2056 (Swiss LV95) or EPSG:32632 (UTM 32N)."
    )
    var crs: String?

    /// `--course`, with `--optimize` folded in.
    var layout: CourseOption { optimize ? .optimized : course }

    func validate() throws {
        if optimize, course != .ordered, course != .optimized {
            throw ValidationError("--optimize is --course optimized; it does not go with --course \(course).")
        }
        if start != nil || finish != nil, layout != .optimized {
            throw ValidationError("--start and --finish choose the ends of --course optimized.")
        }
        if case .route = layout, URL(fileURLWithPath: input).pathExtension.lowercased() != "gpx" {
            throw ValidationError("--course route lays the course along a GPX route; \(input) is not a .gpx file.")
        }
        try OptionRange.require(
            OptionLimits.buildRadius.problem(radius),
            OptionLimits.buildTimeLimit.problem(timeLimit))
        if let crs {
            guard !["geojson", "json", "gpx"].contains(URL(fileURLWithPath: input).pathExtension.lowercased()) else {
                throw ValidationError(
                    "--crs is for a CSV's x,y columns; GeoJSON (RFC 7946) and GPX positions are always WGS 84.")
            }
            _ = try Self.projectedCRS(crs)
        }
        let modes = GameModeRegistry.standard.identifiers
        guard modes.contains(mode) else {
            throw ValidationError(
                "--mode \(DiagnosticText.sanitized(mode)) is not a game mode; use one of: \(modes.joined(separator: ", "))."
            )
        }
    }

    /// The CRS `--crs` names, or a usage error saying why there is none.
    static func projectedCRS(_ code: String) throws(ValidationError) -> ProjectedCRS {
        do {
            return try ProjectedCRS(epsg: code)
        } catch {
            throw ValidationError(
                "--crs \(DiagnosticText.sanitized(code)): \(DiagnosticText.sanitized(error.description))")
        }
    }

    func run() throws {
        try reportingInputErrors {
            let title = name ?? URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            var builder = RaceBuilder(name: title).radius(radius).mode(GameModeSelection(name: mode)).course(
                layout.builderLayout)
            if let timeLimit { builder = builder.timeLimit(minutes: timeLimit) }
            if let startTime { builder = builder.start(at: startTime, timeZone: timeZone) }
            if let timeZone, startTime == nil { builder = builder.timeZone(timeZone) }
            if let raceDescription { builder = builder.describe(raceDescription) }
            var sources: StopSources
            switch URL(fileURLWithPath: input).pathExtension.lowercased() {
            case "geojson", "json":
                let stops = try GeoJSONStops.stops(
                    from: try GeoJSONReader.read(path: input), file: input, defaultRadiusMeters: radius)
                builder = try builder.stops(fromGeoJSON: stops, file: input)
                sources = StopSources(file: input, places: stops.map { ("\(input):/features/\($0.feature)", nil) })
            case "gpx":
                let document = try GPXDocument.read(path: input)
                let waypoints = document.waypoints
                var route: GPXRoute?
                if case .route(let name) = layout { route = try Self.route(named: name, in: document, file: input) }
                guard !waypoints.isEmpty || !(route?.points.isEmpty ?? true) else {
                    throw InputError(SourceLocation(file: input), "the GPX file has no waypoints to make stops from")
                }
                builder = builder.stops(fromWaypoints: waypoints)
                var places = waypoints.indices.map { (location: input, label: Optional("waypoint \($0 + 1)")) }
                if let route {
                    let before = builder.build().stops.count
                    builder = builder.course(alongRoute: route)
                    let routeName = route.info.name.map { " \"\($0)\"" } ?? ""
                    places += (before..<builder.build().stops.count).map { _ in (input, "a point of route\(routeName)")
                    }
                }
                sources = StopSources(file: input, places: places)
            default:
                let document = try ProjectedStopList.geographic(
                    try CSVDocument(bytes: try FileBytes.read(input), file: input),
                    crs: try crs.map(Self.projectedCRS))
                builder = try StopListCSV.addStops(from: document, to: builder)
                sources = StopSources(file: input, places: document.rows.map { ("\(input):\($0.line)", nil) })
            }
            if let participants {
                builder = try ParticipantListCSV.addParticipants(
                    from: try CSVDocument(bytes: try FileBytes.read(participants), file: participants),
                    to: builder)
                sources.participantsFile = participants
            }
            var race = builder.build()
            if layout == .optimized { race = try optimizedCourse(race) }
            let issues = RaceValidator.withStandardModes.validate(race)
            for issue in issues { Standard.error(sources.formatted(issue)) }
            // A race with errors is not written anywhere: `-o` may name a file worth keeping.
            let errors = issues.filter { $0.severity == .error }
            if !errors.isEmpty {
                if layout != .optimized, errors.allSatisfy({ $0.code == StopSpacing.overlapping.issueCode }) {
                    if case .route = layout {
                        Standard.error(
                            "racekit: the route runs straight from one of these stops to the other: "
                                + "move them apart or shrink the radii (--radius), or let --course optimized choose the order"
                        )
                    } else {
                        Standard.error(
                            "racekit: only the order of the stops causes these errors: "
                                + "--course optimized keeps such stops from following each other")
                    }
                }
                throw RaceKitExitCode.problemsFound.error
            }
            let text = RaceFile.text(race)
            if let output {
                try writingOutput { () throws(InputError) in try OutputFile.write(Array(text.utf8), to: output) }
            } else {
                Standard.output(text)
            }
        }
    }
}
