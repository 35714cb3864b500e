import GeoFormats
import RaceKitCore

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
        return
            "RESULT workload=gpx:\(name) tool=swift-racekit bytes=\(bytes) points=\(points) seconds=\(DecimalText.fixed(seconds, digits: 3)) "
            + "load_s=0.000 MB_s=\(DecimalText.fixed(Double(bytes) / 1e6 / seconds, digits: 2)) throughput=\(Int(Double(points) / seconds)) "
            + "sum_lat=\(DecimalText.fixed(sumLatitude, digits: 6)) sum_lon=\(DecimalText.fixed(sumLongitude, digits: 6)) params=streaming,timing=read+parse status=ok"
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
        return
            "RESULT workload=geojson:\(name) tool=swift-racekit bytes=\(bytes.count) points=\(points) seconds=\(DecimalText.fixed(seconds, digits: 3)) "
            + "load_s=\(DecimalText.fixed(loadSeconds, digits: 3)) MB_s=\(DecimalText.fixed(Double(bytes.count) / 1e6 / seconds, digits: 2)) throughput=\(Int(Double(points) / seconds)) "
            + "sum_lat=\(DecimalText.fixed(sumLatitude, digits: 6)) sum_lon=\(DecimalText.fixed(sumLongitude, digits: 6)) status=ok"
    }
}
