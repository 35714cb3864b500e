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
            GeoJSONText.geometry(g, into: &out)
        case .feature(let f):
            GeoJSONText.feature(f, into: &out)
        case .featureCollection(let features):
            out += "{\"type\":\"FeatureCollection\""
            var bounds = BoundingBoxAccumulator()
            for f in features {
                f.geometry?.forEachPosition { bounds.add(latitude: $0.latitude, longitude: $0.longitude) }
            }
            if let b = bounds.box {
                out +=
                    ",\"bbox\":[" + [b.west, b.south, b.east, b.north].map(DecimalText.plain).joined(separator: ",")
                    + "]"
            }
            out += ",\"features\":[\n"
            for (k, f) in features.enumerated() {
                GeoJSONText.feature(f, into: &out)
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

enum GeoJSONText {
    static func feature(_ f: GeoJSONFeature, into out: inout String) {
        out += "{\"type\":\"Feature\""
        if let id = f.id { out += ",\"id\":" + id.serialized(pretty: false) }
        out += ",\"geometry\":"
        if let g = f.geometry { geometry(g, into: &out) } else { out += "null" }
        out +=
            ",\"properties\":"
            + (f.properties.isEmpty ? "{}" : JSONValue.object(f.properties).serialized(pretty: false))
        out += "}"
    }

    static func geometry(_ g: GeoJSONGeometry, into out: inout String) {
        out += "{\"type\":\"\(g.typeName)\","
        switch g {
        case .point(let p): out += "\"coordinates\":"; position(p, into: &out)
        case .multiPoint(let ps), .lineString(let ps): out += "\"coordinates\":"; positions(ps, into: &out)
        case .multiLineString(let lines):
            out += "\"coordinates\":["
            for (k, l) in lines.enumerated() { if k > 0 { out += "," }; positions(l, into: &out) }
            out += "]"
        case .polygon(let rings): out += "\"coordinates\":"; polygon(rings, into: &out)
        case .multiPolygon(let polygons):
            out += "\"coordinates\":["
            for (k, p) in polygons.enumerated() { if k > 0 { out += "," }; polygon(p, into: &out) }
            out += "]"
        case .geometryCollection(let gs):
            out += "\"geometries\":["
            for (k, g) in gs.enumerated() { if k > 0 { out += "," }; geometry(g, into: &out) }
            out += "]"
        }
        out += "}"
    }

    static func position(_ p: GeoJSONPosition, into out: inout String) {
        out += "[" + DecimalText.plain(p.longitude) + "," + DecimalText.plain(p.latitude)
        if let a = p.altitude { out += "," + DecimalText.plain(a) }
        out += "]"
    }

    static func positions(_ ps: [GeoJSONPosition], into out: inout String) {
        out += "["
        for (k, p) in ps.enumerated() { if k > 0 { out += "," }; position(p, into: &out) }
        out += "]"
    }

    static func polygon(_ rings: [[GeoJSONPosition]], into out: inout String) {
        out += "["
        for (k, ring) in rings.enumerated() {
            if k > 0 { out += "," }
            let counterClockwise = GeoJSONRing.signedArea(ring) > 0
            positions(counterClockwise == (k == 0) ? ring : ring.reversed(), into: &out)
        }
        out += "]"
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
