import ArgumentParser
import GeoCore
import GeoFormats
import RaceKitCore

/// `racekit inspect FILE`: what a GPX or GeoJSON file holds — counts, distance, duration,
/// moving time, bounding box — and every warning about what could not be used.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Summarise a GPX or GeoJSON file: tracks, points, distance, duration, bounding box, warnings.",
        discussion: """
            GPX is streamed (memory stays bounded whatever the file's size). Distance is the WGS 84 \
            ellipsoidal geodesic (Karney; steps up to 1 km by their chord, within 1.04 µm of it) \
            between consecutive points of each track segment (of routes when the file has no track \
            points); duration runs from the earliest to the latest timed \
            track point; moving time adds up the steps between timed points faster than 0.5 m/s. \
            The bounding box is [west, south, east, north] with west > east across the antimeridian \
            (RFC 7946 §5.2).

            For GeoJSON, LineStrings and MultiLineStrings count as tracks (each line a segment, \
            times from the properties' coordinateProperties.times), Points and MultiPoints as waypoints.

            --json prints one JSON object: format, tracks, segments, trackPoints, timedTrackPoints, routes, \
            routePoints, waypoints, features, distanceMeters, durationSeconds, movingSeconds, bbox, warnings.
            """
    )

    @Argument(help: "A .gpx, .geojson or .json file.")
    var file: String

    @Option(
        help:
            "The file's format when its extension does not say: gpx or geojson (CSV positions: racekit convert them to GPX first)."
    )
    var format: FileFormat?

    @OptionGroup var json: JSONOption

    @Flag(help: .hidden)
    var resultLine = false

    func run() throws {
        try reportingInputErrors {
            let kind = try format ?? FileFormat(path: file)
            if resultLine {
                switch kind {
                case .gpx: Standard.output(try GPXBenchmarkLine.measure(file) + "\n")
                case .geojson: Standard.output(try GPXBenchmarkLine.measureGeoJSON(file) + "\n")
                case .csv: throw ValidationError("--result-line is for GPX and GeoJSON files")
                }
                return
            }
            let report: InspectReport
            switch kind {
            case .gpx: report = try InspectReport.gpx(file)
            case .geojson: report = try InspectReport.geojson(file)
            case .csv: throw ValidationError("inspect reads GPX and GeoJSON; \(file) looks like CSV")
            }
            Standard.output(json.isOn ? try JSONOutput.string(report) + "\n" : report.table)
        }
    }
}
