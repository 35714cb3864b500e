import GeoCore
import RaceKitCore

// GPX ↔ GeoJSON. Tracks become LineString (one segment) or MultiLineString features with
// per-point times in `properties.coordinateProperties.times` (the convention of Mapbox's
// togeojson and of geojson.io: an array parallel to the coordinates, RFC 3339 strings, `null`
// for a point without time); routes become LineStrings and waypoints Points. Elevation is the
// third coordinate. `properties.kind` says which ("track", "route", "waypoint") so that the way
// back restores each.

extension GeoJSONObject {
    /// Every track, route and waypoint of a GPX document as features (waypoints, routes, tracks).
    public init(gpx document: GPXDocument) {
        var features: [GeoJSONFeature] = []
        for w in document.waypoints {
            var properties = [JSONMember("kind", .string("waypoint"))]
            let d = w.details
            if let v = d.name { properties.append(JSONMember("name", .string(v))) }
            if let v = d.description { properties.append(JSONMember("desc", .string(v))) }
            if let v = d.type { properties.append(JSONMember("type", .string(v))) }
            if let v = d.symbol { properties.append(JSONMember("sym", .string(v))) }
            if let t = w.time { properties.append(JSONMember("time", .string(Timestamp.format(t)))) }
            features.append(GeoJSONFeature(geometry: .point(Self.position(w)), properties: properties))
        }
        for r in document.routes {
            let points = r.points.count == 1 ? [r.points[0], r.points[0]] : r.points
            features.append(
                GeoJSONFeature(
                    geometry: points.isEmpty ? nil : .lineString(points.map(Self.position)),
                    properties: Self.pathProperties(r.info, kind: "route", times: nil)))
        }
        for t in document.tracks {
            // RFC 7946 lines need two positions: empty segments (which the reader reports) are
            // left out, a one-point segment becomes a zero-length line, a track with no points
            // a feature without geometry (it keeps its name).
            let segments = t.segments.filter { !$0.points.isEmpty }.map {
                $0.points.count == 1 ? [$0.points[0], $0.points[0]] : $0.points
            }
            let lines = segments.map { $0.map(Self.position) }
            let timed = segments.contains { $0.contains { $0.time != nil } }
            let times: JSONValue? =
                timed ? (lines.count == 1 ? Self.times(segments[0]) : .array(segments.map(Self.times))) : nil
            let geometry: GeoJSONGeometry? =
                lines.isEmpty ? nil : lines.count == 1 ? .lineString(lines[0]) : .multiLineString(lines)
            features.append(
                GeoJSONFeature(geometry: geometry, properties: Self.pathProperties(t.info, kind: "track", times: times))
            )
        }
        self = .featureCollection(features)
    }

    private static func position(_ p: GPXPoint) -> GeoJSONPosition {
        GeoJSONPosition(longitude: p.longitude, latitude: p.latitude, altitude: p.elevation)
    }

    private static func times(_ points: [GPXPoint]) -> JSONValue {
        .array(points.map { $0.time.map { .string(Timestamp.format($0)) } ?? .null })
    }

    private static func pathProperties(_ info: GPXPathInfo, kind: String, times: JSONValue?) -> [JSONMember] {
        var properties = [JSONMember("kind", .string(kind))]
        if let v = info.name { properties.append(JSONMember("name", .string(v))) }
        if let v = info.description { properties.append(JSONMember("desc", .string(v))) }
        if let v = info.type { properties.append(JSONMember("type", .string(v))) }
        if let times { properties.append(JSONMember("coordinateProperties", .object([JSONMember("times", times)]))) }
        return properties
    }
}

extension GPXDocument {
    /// Tracks, routes and waypoints from GeoJSON features: LineStrings and MultiLineStrings are
    /// tracks (routes when `properties.kind` is "route"), with times from
    /// `coordinateProperties.times` (RFC 3339 strings or seconds since 1970); Points and
    /// MultiPoints are waypoints. Polygons have no GPX form: each is reported as a warning.
    /// - Throws: `InputError` when `times` does not match the coordinates.
    public init(geoJSON object: GeoJSONObject, file: String) throws(InputError) {
        self.init(version: "1.1")
        for (k, f) in object.features.enumerated() {
            let path = "/features/\(k)"
            let name = f[property: "name"].flatMap { if case .string(let s) = $0 { return s } else { return nil } }
            let kind = f[property: "kind"].flatMap { if case .string(let s) = $0 { return s } else { return nil } }
            var info = GPXPathInfo(name: name)
            if case .string(let s)? = f[property: "desc"] { info.description = s }
            if case .string(let s)? = f[property: "type"] { info.type = s }
            var timesValue: JSONValue?
            if case .object(let members)? = f[property: "coordinateProperties"] {
                timesValue = members.first { $0.key == "times" }?.value
            }
            func point(_ p: GeoJSONPosition, time: Double?) -> GPXPoint {
                GPXPoint(
                    latitude: p.latitude, longitude: p.longitude == 180 ? 180 : p.longitude, elevation: p.altitude,
                    time: time)
            }
            func times(_ value: JSONValue?, count: Int, at subpath: String) throws(InputError) -> [Double?] {
                guard let value else { return Array(repeating: nil, count: count) }
                guard case .array(let items) = value, items.count == count else {
                    throw InputError(
                        SourceLocation(file: file),
                        "\(subpath): coordinateProperties.times must be an array of \(count) times, one per position")
                }
                var out: [Double?] = []
                for (j, item) in items.enumerated() {
                    switch item {
                    case .null: out.append(nil)
                    case .number(let n): out.append(n)
                    case .string(let s):
                        guard let t = Timestamp.parse(s) else {
                            throw InputError(
                                SourceLocation(file: file),
                                "\(subpath)/\(j): time '\(s.prefix(40))' is not an RFC 3339 date-time")
                        }
                        out.append(t)
                    default:
                        throw InputError(
                            SourceLocation(file: file), "\(subpath)/\(j): a time must be a string, a number or null")
                    }
                }
                return out
            }
            switch f.geometry {
            case .point(let p)?:
                var w = point(p, time: nil)
                if case .string(let s)? = f[property: "time"] { w.time = Timestamp.parse(s) }
                var d = GPXPointDetails()
                d.name = name
                d.description = info.description
                d.type = info.type
                if case .string(let s)? = f[property: "sym"] { d.symbol = s }
                w.details = d
                waypoints.append(w)
            case .multiPoint(let ps)?:
                for p in ps {
                    var w = point(p, time: nil)
                    var d = GPXPointDetails()
                    d.name = name
                    w.details = d
                    waypoints.append(w)
                }
            case .lineString(let line)?:
                let t = try times(timesValue, count: line.count, at: path + "/properties/coordinateProperties/times")
                let points = zip(line, t).map { point($0, time: $1) }
                if kind == "route" {
                    routes.append(GPXRoute(info: info, points: points))
                } else {
                    tracks.append(GPXTrack(info: info, segments: [GPXTrackSegment(points: points)]))
                }
            case .multiLineString(let lines)?:
                var segments: [GPXTrackSegment] = []
                for (j, line) in lines.enumerated() {
                    var lineTimes: JSONValue?
                    if case .array(let perLine)? = timesValue, perLine.count == lines.count {
                        lineTimes = perLine[j]
                    } else if timesValue != nil && timesValue != .null {
                        throw InputError(
                            SourceLocation(file: file),
                            "\(path)/properties/coordinateProperties/times: a MultiLineString needs one array of times per line"
                        )
                    }
                    let t = try times(
                        lineTimes, count: line.count, at: path + "/properties/coordinateProperties/times/\(j)")
                    segments.append(GPXTrackSegment(points: zip(line, t).map { point($0, time: $1) }))
                }
                tracks.append(GPXTrack(info: info, segments: segments))
            case nil:
                if kind == "track" {
                    tracks.append(GPXTrack(info: info))
                } else if kind == "route" {
                    routes.append(GPXRoute(info: info))
                }
            case let g?:
                warningCount += 1
                warnings.append(
                    GPXWarning(SourceLocation(file: file), "\(path): a \(g.typeName) has no GPX form; not converted"))
            }
        }
    }
}
