import Foundation
import GeoCore
import GeoFormats
import GeoProjection
import RaceKitCore
import RaceSimulation

/// What `racekit inspect` prints.
struct InspectReport: Encodable {
    var format: String
    var tracks = 0
    var segments = 0
    var trackPoints = 0
    var timedTrackPoints = 0
    var routes = 0
    var routePoints = 0
    var waypoints = 0
    var features: Int?
    var distanceMeters = 0.0
    var durationSeconds: Double?
    var movingSeconds = 0.0
    /// [west, south, east, north]; west > east across the antimeridian.
    var bbox: [Double]?
    var warnings: [String] = []
    var warningCount = 0

    static let maxListedWarnings = 1000

    private enum CodingKeys: String, CodingKey {
        case format, tracks, segments, trackPoints, timedTrackPoints, routes, routePoints, waypoints, features
        case distanceMeters, durationSeconds, movingSeconds, bbox, warnings, warningCount
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(format, forKey: .format)
        try c.encode(tracks, forKey: .tracks)
        try c.encode(segments, forKey: .segments)
        try c.encode(trackPoints, forKey: .trackPoints)
        try c.encode(timedTrackPoints, forKey: .timedTrackPoints)
        try c.encode(routes, forKey: .routes)
        try c.encode(routePoints, forKey: .routePoints)
        try c.encode(waypoints, forKey: .waypoints)
        try c.encode(features, forKey: .features)
        try c.encode((distanceMeters * 1000).rounded() / 1000, forKey: .distanceMeters)
        try c.encode(durationSeconds.map { ($0 * 1000).rounded() / 1000 }, forKey: .durationSeconds)
        try c.encode((movingSeconds * 1000).rounded() / 1000, forKey: .movingSeconds)
        try c.encode(bbox, forKey: .bbox)
        try c.encode(warnings, forKey: .warnings)
        try c.encode(warningCount, forKey: .warningCount)
    }

    mutating func warn(_ text: String) {
        warningCount += 1
        if warnings.count < Self.maxListedWarnings { warnings.append(text) }
    }

    /// Statistics measuring tracks by the ellipsoidal geodesic on WGS 84: the length `inspect`
    /// reports. Steps up to 1 km are measured by their chord, within 1.04 µm of Karney's
    /// geodesic (`Geodesic.stepMeters(from:to:)` states the bound), longer ones by Karney's.
    static func trackStatistics() -> TrackStatistics {
        var steps = TrackStepMeter(.wgs84)
        return TrackStatistics { steps.meters(from: $0, to: $1) }
    }

    /// Streams a GPX file.
    static func gpx(_ path: String) throws(InputError) -> InspectReport {
        let reader = try GPXReader(path: path, options: .init(keepExtensions: false))
        var counts = GPXCounts()
        var report = InspectReport(format: "gpx")
        var trackStats = Self.trackStatistics()
        var routeStats = Self.trackStatistics()
        var bounds = BoundingBoxAccumulator()
        while let event = try reader.next() {
            counts.add(event)
            switch event {
            case .segmentStart: trackStats.startSegment()
            case .routeStart: routeStats.startSegment()
            case .trackPoint(let p):
                trackStats.add(latitude: p.latitude, longitude: p.longitude, time: p.time)
                bounds.add(latitude: p.latitude, longitude: p.longitude)
            case .routePoint(let p):
                routeStats.add(latitude: p.latitude, longitude: p.longitude, time: nil)
                bounds.add(latitude: p.latitude, longitude: p.longitude)
            case .waypoint(let p):
                bounds.add(latitude: p.latitude, longitude: p.longitude)
            case .warning(let w): report.warn(w.description)
            default: break
            }
        }
        report.tracks = counts.tracks
        report.segments = counts.segments
        report.trackPoints = counts.trackPoints
        report.timedTrackPoints = counts.timedTrackPoints
        report.routes = counts.routes
        report.routePoints = counts.routePoints
        report.waypoints = counts.waypoints
        report.distanceMeters = counts.trackPoints > 0 ? trackStats.distanceMeters : routeStats.distanceMeters
        report.durationSeconds = trackStats.durationSeconds
        report.movingSeconds = trackStats.movingSeconds
        report.bbox = bounds.box.map { [$0.west, $0.south, $0.east, $0.north] }
        return report
    }

    /// Reads a GeoJSON file: lines are tracks (their lines segments, times from
    /// coordinateProperties.times), points waypoints.
    static func geojson(_ path: String) throws(InputError) -> InspectReport {
        let object = try GeoJSONReader.read(path: path)
        let document = try GPXDocument(geoJSON: object, file: path)
        var report = InspectReport(format: "geojson")
        report.features = object.features.count
        var stats = Self.trackStatistics()
        var routeStats = Self.trackStatistics()
        for track in document.tracks {
            report.tracks += 1
            for segment in track.segments {
                report.segments += 1
                stats.startSegment()
                for p in segment.points {
                    report.trackPoints += 1
                    if p.time != nil { report.timedTrackPoints += 1 }
                    stats.add(latitude: p.latitude, longitude: p.longitude, time: p.time)
                }
            }
        }
        for route in document.routes {
            report.routes += 1
            routeStats.startSegment()
            for p in route.points {
                report.routePoints += 1
                routeStats.add(latitude: p.latitude, longitude: p.longitude, time: nil)
            }
        }
        report.waypoints = document.waypoints.count
        var bounds = BoundingBoxAccumulator()
        for f in object.features {
            f.geometry?.forEachPosition { bounds.add(latitude: $0.latitude, longitude: $0.longitude) }
        }
        report.distanceMeters = report.trackPoints > 0 ? stats.distanceMeters : routeStats.distanceMeters
        report.durationSeconds = stats.durationSeconds
        report.movingSeconds = stats.movingSeconds
        report.bbox = bounds.box.map { [$0.west, $0.south, $0.east, $0.north] }
        for w in document.warnings { report.warn(w.description) }
        return report
    }

    /// The human-readable table.
    var table: String {
        var rows: [(String, String)] = [("format", format)]
        if let features { rows.append(("features", String(features))) }
        rows += [
            ("tracks", String(tracks)), ("segments", String(segments)), ("track points", String(trackPoints)),
            ("timed track points", String(timedTrackPoints)), ("routes", String(routes)),
            ("route points", String(routePoints)), ("waypoints", String(waypoints)),
            ("distance m", DecimalText.fixed(distanceMeters, digits: 1)),
            ("duration s", durationSeconds.map { DecimalText.fixed($0, digits: 1) } ?? "-"),
            ("moving s", DecimalText.fixed(movingSeconds, digits: 1)),
            ("bbox w,s,e,n", bbox.map { $0.map { DecimalText.fixed($0, digits: 6) }.joined(separator: ",") } ?? "-"),
            ("warnings", String(warningCount)),
        ]
        var out = TextTable.labelled(rows, valueColumn: 20)
        for w in warnings { out += w + "\n" }
        if warningCount > warnings.count { out += "… and \(warningCount - warnings.count) more warnings\n" }
        return out
    }
}

enum FileBytesSize {
    static func of(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    }
}
