import GeoCore
import RaceKitCore

extension GeoJSONObject {
    /// The object as RFC 7946 GeoJSON text: positions as [longitude, latitude(, altitude)] in
    /// plain decimals, polygon exteriors counter-clockwise and holes clockwise (§3.1.6, the
    /// right-hand rule; winding measured on longitudes unwrapped across the antimeridian),
    /// a `bbox` on feature collections (§5, west > east across the antimeridian). One feature
    /// per line, so large files stay readable and diffable.
    public func jsonText() -> String {
        var out = ""
        switch self {
        case .geometry(let g):
            out += GeoJSONText.geometry(g).serialized(pretty: false)
        case .feature(let f):
            out += GeoJSONText.feature(f).serialized(pretty: false)
        case .featureCollection(let features):
            out += "{\"type\":\"FeatureCollection\""
            var bounds = BoundingBoxAccumulator()
            for f in features {
                f.geometry?.forEachPosition { bounds.add(latitude: $0.latitude, longitude: $0.longitude) }
            }
            if let b = bounds.box {
                let bbox = JSONValue.array([b.west, b.south, b.east, b.north].map(GeoJSONText.coordinate))
                out += ",\"bbox\":" + bbox.serialized(pretty: false)
            }
            out += ",\"features\":[\n"
            for (k, f) in features.enumerated() {
                out += GeoJSONText.feature(f).serialized(pretty: false)
                out += k + 1 < features.count ? ",\n" : "\n"
            }
            out += "]}"
        }
        return out + "\n"
    }

    /// Writes the object to `path`.
    public func write(to path: String) throws(InputError) {
        try OutputFile.write(Array(jsonText().utf8), to: path)
    }
}

/// GeoJSON objects as ``JSONValue``s, for the package's one JSON writer; coordinates in plain
/// decimals (no exponent), as GeoJSON readers expect.
enum GeoJSONText {
    static func feature(_ f: GeoJSONFeature) -> JSONValue {
        var members = [JSONMember("type", .string("Feature"))]
        if let id = f.id { members.append(JSONMember("id", id)) }
        members.append(JSONMember("geometry", f.geometry.map(geometry) ?? .null))
        members.append(JSONMember("properties", .object(f.properties)))
        return .object(members)
    }

    static func geometry(_ g: GeoJSONGeometry) -> JSONValue {
        let coordinates: JSONValue
        switch g {
        case .point(let p): coordinates = position(p)
        case .multiPoint(let ps), .lineString(let ps): coordinates = positions(ps)
        case .multiLineString(let lines): coordinates = .array(lines.map(positions))
        case .polygon(let rings): coordinates = polygon(rings)
        case .multiPolygon(let polygons): coordinates = .array(polygons.map(polygon))
        case .geometryCollection(let gs):
            return .object([
                JSONMember("type", .string(g.typeName)), JSONMember("geometries", .array(gs.map(geometry))),
            ])
        }
        return .object([JSONMember("type", .string(g.typeName)), JSONMember("coordinates", coordinates)])
    }

    static func coordinate(_ x: Double) -> JSONValue { .exactNumber(DecimalText.plain(x)) }

    static func position(_ p: GeoJSONPosition) -> JSONValue {
        var numbers = [coordinate(p.longitude), coordinate(p.latitude)]
        if let a = p.altitude { numbers.append(coordinate(a)) }
        return .array(numbers)
    }

    static func positions(_ ps: [GeoJSONPosition]) -> JSONValue { .array(ps.map(position)) }

    /// Exterior counter-clockwise, holes clockwise (RFC 7946 §3.1.6).
    static func polygon(_ rings: [[GeoJSONPosition]]) -> JSONValue {
        .array(
            rings.enumerated().map { k, ring in
                let counterClockwise = GeoJSONRing.signedArea(ring) > 0
                return positions(counterClockwise == (k == 0) ? ring : ring.reversed())
            })
    }
}

/// Ring geometry on longitude/latitude.
public enum GeoJSONRing {
    /// Twice the signed area of a ring in degrees² by the shoelace formula (positive:
    /// counter-clockwise), with longitudes unwrapped so that no edge spans more than 180°: a
    /// ring across the antimeridian gets its true orientation.
    public static func signedArea(_ ring: [GeoJSONPosition]) -> Double {
        guard ring.count >= 3 else { return 0 }
        var sum = 0.0
        var previousLon = ring[0].longitude
        var unwrapped = [previousLon]
        unwrapped.reserveCapacity(ring.count)
        for p in ring.dropFirst() {
            var lon = p.longitude
            while lon - previousLon > 180 { lon -= 360 }
            while lon - previousLon < -180 { lon += 360 }
            unwrapped.append(lon)
            previousLon = lon
        }
        for k in 0..<(ring.count - 1) {
            sum += unwrapped[k] * ring[k + 1].latitude - unwrapped[k + 1] * ring[k].latitude
        }
        return sum
    }
}

extension GeoJSONGeometry {
    /// The geometry with lines cut where they cross the antimeridian (RFC 7946 §3.1.9): a step
    /// of more than 180° in longitude is taken the short way round, across ±180°, and the line
    /// is split there with an interpolated position on each side. Other geometries are returned
    /// as they are.
    public func cutAtAntimeridian() -> GeoJSONGeometry {
        switch self {
        case .lineString(let line):
            let parts = Self.cut(line)
            return parts.count == 1 ? .lineString(parts[0]) : .multiLineString(parts)
        case .multiLineString(let lines):
            return .multiLineString(lines.flatMap(Self.cut))
        default:
            return self
        }
    }

    static func cut(_ line: [GeoJSONPosition]) -> [[GeoJSONPosition]] {
        guard line.count >= 2 else { return [line] }
        var parts: [[GeoJSONPosition]] = []
        var current = [line[0]]
        for k in 1..<line.count {
            let a = line[k - 1], b = line[k]
            let d = b.longitude - a.longitude
            if abs(d) > 180 {
                let east = d < 0  // going east across +180
                let bLon = b.longitude + (east ? 360 : -360)
                let edge = east ? 180.0 : -180.0
                let t = (edge - a.longitude) / (bLon - a.longitude)
                let lat = a.latitude + t * (b.latitude - a.latitude)
                let alt = a.altitude.flatMap { x in b.altitude.map { x + t * ($0 - x) } }
                current.append(GeoJSONPosition(longitude: edge, latitude: lat, altitude: alt))
                parts.append(current)
                current = [GeoJSONPosition(longitude: -edge, latitude: lat, altitude: alt)]
            }
            current.append(b)
        }
        parts.append(current)
        return parts
    }
}
