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
        ellipsoidal geodesic (Karney) between consecutive points of each track segment (of routes \
        when the file has no track points); duration runs from the earliest to the latest timed \
        track point; moving time adds up the steps between timed points faster than 0.5 m/s. \
        The bounding box is [west, south, east, north] with west > east across the antimeridian \
        (RFC 7946 §5.2).

        For GeoJSON, LineStrings and MultiLineStrings count as tracks (each line a segment, \
        times from the properties' coordinateProperties.times), Points and MultiPoints as waypoints.
        """
    )

    @Argument(help: "A .gpx, .geojson or .json file.")
    var file: String

    @Option(help: "The file's format when its extension does not say: gpx or geojson.")
    var format: FileFormat?

    @Flag(help: "Print one JSON object: tracks, segments, trackPoints, timedTrackPoints, routes, routePoints, waypoints, features, distanceMeters, durationSeconds, movingSeconds, bbox, warnings.")
    var json = false

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
            Standard.output(json ? try JSONOutput.string(report) + "\n" : report.table)
        }
    }
}

/// The GPX RESULT line of the peer benchmarks (`Benchmarks/peers`) for racekit's streaming reader: count the
/// track points and sum their coordinates, timed over reading and parsing the file.
enum GPXBenchmarkLine {
    static func measure(_ path: String) throws(InputError) -> String {
        let clock = Stopwatch()
        let reader = try GPXReader(path: path, options: .init(keepExtensions: false))
        var points = 0
        var sumLatitude = 0.0, sumLongitude = 0.0
        while let event = try reader.next() {
            if case .trackPoint(let p) = event {
                points += 1
                sumLatitude += p.latitude
                sumLongitude += p.longitude
            }
        }
        let seconds = clock.seconds
        let bytes = (try? FileBytesSize.of(path)) ?? 0
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "RESULT workload=gpx:\(name) tool=swift-racekit bytes=\(bytes) points=\(points) seconds=\(FixedPoint.text(seconds, 3)) "
            + "load_s=0.000 MB_s=\(FixedPoint.text(Double(bytes) / 1e6 / seconds, 2)) throughput=\(Int(Double(points) / seconds)) "
            + "sum_lat=\(FixedPoint.text(sumLatitude, 6)) sum_lon=\(FixedPoint.text(sumLongitude, 6)) params=streaming,timing=read+parse status=ok"
    }

    /// The same for GeoJSON: every position of every geometry counted and summed; `seconds` is
    /// parsing and validating the bytes already in memory (`load_s` reading them), as the peers time.
    static func measureGeoJSON(_ path: String) throws(InputError) -> String {
        let load = Stopwatch()
        let bytes = try FileBytes.read(path)
        let loadSeconds = load.seconds
        let clock = Stopwatch()
        let object = try GeoJSONReader.parse(bytes, file: path)
        var points = 0
        var sumLatitude = 0.0, sumLongitude = 0.0
        for f in object.features {
            f.geometry?.forEachPosition { p in
                points += 1
                sumLatitude += p.latitude
                sumLongitude += p.longitude
            }
        }
        let seconds = clock.seconds
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "RESULT workload=geojson:\(name) tool=swift-racekit bytes=\(bytes.count) points=\(points) seconds=\(FixedPoint.text(seconds, 3)) "
            + "load_s=\(FixedPoint.text(loadSeconds, 3)) MB_s=\(FixedPoint.text(Double(bytes.count) / 1e6 / seconds, 2)) throughput=\(Int(Double(points) / seconds)) "
            + "sum_lat=\(FixedPoint.text(sumLatitude, 6)) sum_lon=\(FixedPoint.text(sumLongitude, 6)) status=ok"
    }
}
