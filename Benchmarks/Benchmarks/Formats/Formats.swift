// GPX, GeoJSON and positions CSV reading and writing (GeoFormats). An iteration reads (or
// writes) the whole generated document once: MB/s = throughput × the size in its name. For the
// peers' big files and tools side by side in one run, see Benchmarks/peers/gpx.sh and fence.sh.
//   cd Benchmarks && swift package benchmark --target FormatsBenchmarks

import Benchmark
import GeoCore
import GeoFormats

/// A GPX 1.1 document of 20 tracks × 5 000 points with elevation and time (about 10 MB), as
/// devices write them.
private let document: GPXDocument = {
    var random = SplitMix64(seed: 7)
    var doc = GPXDocument()
    for t in 0..<20 {
        var lat = 46.0 + Double(t) * 0.01, lon = 13.7
        var points: [GPXPoint] = []
        for k in 0..<5_000 {
            lat += random.uniform(-0.0001...0.0001)
            lon += random.uniform(-0.0001...0.0001)
            points.append(
                GPXPoint(
                    latitude: (lat * 1e9).rounded() / 1e9, longitude: (lon * 1e9).rounded() / 1e9,
                    elevation: (random.uniform(500...2000) * 1000).rounded() / 1000,
                    time: 1_600_000_000 + Double(k)))
        }
        doc.tracks.append(GPXTrack(info: GPXPathInfo(name: "track \(t)"), segments: [GPXTrackSegment(points: points)]))
    }
    return doc
}()
private let gpxBytes = Array(document.gpxText().utf8)

/// A positions file as `fence-check` and the peers read it: 1 000 participants walking for
/// 1 000 s, one fix a second each, in time order, coordinates to 7 decimals (about 30 MB).
private let positionsBytes: [UInt8] = {
    var random = SplitMix64(seed: 11)
    let participants = 1_000
    var latitude = (0..<participants).map { _ in random.uniform(47.2...47.5) }
    var longitude = (0..<participants).map { _ in random.uniform(8.3...8.8) }
    var columns = PositionColumns()
    for t in 0..<1_000 {
        for p in 0..<participants {
            latitude[p] += random.uniform(-0.00003...0.00003)
            longitude[p] += random.uniform(-0.00004...0.00004)
            columns.append(
                participant: Int32(p), time: Double(t), latitude: (latitude[p] * 1e7).rounded() / 1e7,
                longitude: (longitude[p] * 1e7).rounded() / 1e7)
        }
    }
    let table = PositionTable(columns: columns, participantNames: (0..<participants).map { "p\($0)" })
    return Array(PositionsCSV.text(table).utf8)
}()
private let geoJSONBytes = Array(GeoJSONObject(gpx: document).jsonText().utf8)

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(5), maxIterations: 20)
    let megabytes = { (bytes: [UInt8]) in String(format: "%.1f MB", Double(bytes.count) / 1e6) }

    Benchmark("GPX streaming read, 100 000 points, \(megabytes(gpxBytes))", configuration: configuration) { _ in
        let reader = try GPXReader(bytes: gpxBytes, file: "bench.gpx", options: .init(keepExtensions: false))
        var points = 0
        while let event = try reader.next() { if case .trackPoint = event { points += 1 } }
        blackHole(points)
    }

    Benchmark("GPX whole-document read, \(megabytes(gpxBytes))", configuration: configuration) { _ in
        blackHole(try GPXDocument.parse(gpxBytes, file: "bench.gpx"))
    }

    Benchmark("GPX write, 100 000 points", configuration: configuration) { _ in
        blackHole(document.gpxText())
    }

    Benchmark("GeoJSON read, \(megabytes(geoJSONBytes))", configuration: configuration) { _ in
        blackHole(try GeoJSONReader.parse(geoJSONBytes, file: "bench.geojson"))
    }

    // The positions reader: the sequential reference, the chunked reader on one and two
    // threads, and the coordinates alone (what `fence-check` reads).
    let positions = "Positions CSV read, 1 M rows, \(megabytes(positionsBytes))"
    Benchmark("\(positions): sequential", configuration: configuration) { _ in
        blackHole(try PositionsCSV.parse(positionsBytes, file: "bench.csv"))
    }
    for threads in [1, 2] {
        Benchmark("\(positions): chunked, \(threads) thread(s)", configuration: configuration) { _ in
            blackHole(try PositionsCSV.parse(positionsBytes, file: "bench.csv", threads: threads))
        }
    }
    Benchmark("\(positions): coordinates only, 2 threads", configuration: configuration) { _ in
        blackHole(try PositionsCSV.parseCoordinates(positionsBytes, file: "bench.csv", threads: 2))
    }
    Benchmark("\(positions): coordinates folded block by block, 2 threads", configuration: configuration) { _ in
        let read = try PositionsCSV.reduceCoordinateBlocks(
            positionsBytes, file: "bench.csv", threads: 2, into: 0.0
        ) { sum, _, latitudes, longitudes in
            for k in latitudes.indices { sum += latitudes[k] - longitudes[k] }
        } merge: { total, part, _ in
            total += part
        }
        blackHole(read.result)
    }

    Benchmark("RFC 3339 time parsing, 100 000 times", configuration: configuration) { _ in
        var sum = 0.0
        for k in 0..<100_000 {
            sum += Timestamp.parse(k & 1 == 0 ? "2024-05-01T06:00:05.250Z" : "2010-08-05T14:23:59+02:00") ?? 0
        }
        blackHole(sum)
    }
}
