import ArgumentParser
import GeoFormats
import RaceKitCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `racekit convert IN OUT`: between GPX, GeoJSON and CSV positions.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert between GPX, GeoJSON and CSV positions (format from the extension, or --from/--to).",
        discussion: """
            GPX → GeoJSON keeps every waypoint (Point), route and track (LineString, MultiLineString \
            for several segments) as a feature, with elevation as the third coordinate and per-point \
            times in properties.coordinateProperties.times. GeoJSON → GPX turns lines into tracks \
            (routes when properties.kind is "route") and points into waypoints; polygons have no GPX \
            form and are reported. CSV positions (participant,t,lat,lon[,accuracy]; t in seconds \
            since 1970, rows ordered by t, as fence-check --positions reads them) become one track per participant and back; track points without a time \
            cannot be positions and are counted on stderr. GPX is written as GPX 1.1.
            """
    )

    @Argument(help: "The input file.")
    var input: String

    @Argument(help: "The output file.")
    var output: String

    @Option(help: "The input's format: gpx, geojson or csv.")
    var from: FileFormat?

    @Option(help: "The output's format: gpx, geojson or csv.")
    var to: FileFormat?

    /// Warnings printed on stderr before the rest are only counted.
    static let maxShownWarnings = 20

    func run() throws {
        try reportingInputErrors {
            let source = try from ?? FileFormat(path: input)
            let target = try to ?? FileFormat(path: output)
            var geoJSON: GeoJSONObject?
            let document: GPXDocument
            switch source {
            case .gpx:
                document = try GPXDocument.read(path: input)
            case .geojson:
                let object = try GeoJSONReader.read(path: input)
                geoJSON = object
                document = try GPXDocument(geoJSON: object, file: input)
            case .csv:
                document = GPXDocument(positions: try PositionsCSV.read(path: input))
            }
            let shown = source == .geojson && target == .geojson ? [] : document.warnings.prefix(Self.maxShownWarnings)
            for warning in shown { Standard.error("racekit: \(warning)") }
            if document.warningCount > shown.count && !shown.isEmpty {
                Standard.error(
                    "racekit: … and \(document.warningCount - shown.count) more warnings (racekit inspect --json lists them)"
                )
            }
            var summary = ""
            switch target {
            case .gpx:
                try writingOutput { () throws(InputError) in try document.write(to: output) }
                summary =
                    "\(document.tracks.count) tracks, \(document.routes.count) routes, \(document.waypoints.count) waypoints"
            case .geojson:
                let object = geoJSON ?? GeoJSONObject(gpx: document)
                try writingOutput { () throws(InputError) in try object.write(to: output) }
                summary = "\(object.features.count) features"
            case .csv:
                let (table, untimed) = PositionTable.fromGPX(document)
                if untimed > 0 {
                    Standard.error(
                        "racekit: warning: \(untimed) track points without a time cannot be positions and were not written"
                    )
                }
                if document.routes.count + document.waypoints.count > 0 {
                    Standard.error(
                        "racekit: warning: \(document.routes.count) routes and \(document.waypoints.count) waypoints have no place in a positions file and were not written"
                    )
                }
                try writingOutput { () throws(InputError) in try PositionsCSV.write(table, to: output) }
                summary = "\(table.columns.count) positions of \(table.participantNames.count) participants"
            }
            Standard.output("wrote \(output) (\(target.rawValue)): \(summary)\n")
        }
    }
}
