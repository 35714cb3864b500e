import GeoCore
import RaceKitCore

// GeoJSON (RFC 7946) as values. Positions are [longitude, latitude(, altitude)] in that order
// (§3.1.1); coordinates are WGS 84 degrees, validated when read.

/// One position: longitude and latitude in degrees, altitude in metres when given.
public struct GeoJSONPosition: Hashable, Sendable {
    /// Degrees east (the first number of a position).
    public var longitude: Degrees
    /// Degrees north (the second number).
    public var latitude: Degrees
    /// Metres above the WGS 84 ellipsoid, when a third number is given.
    public var altitude: Meters?

    /// Creates a position.
    public init(longitude: Degrees, latitude: Degrees, altitude: Meters? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
    }
}

/// A GeoJSON geometry (RFC 7946 §3.1).
public indirect enum GeoJSONGeometry: Hashable, Sendable {
    case point(GeoJSONPosition)
    case multiPoint([GeoJSONPosition])
    case lineString([GeoJSONPosition])
    case multiLineString([[GeoJSONPosition]])
    /// Rings, exterior first; each ring closed (first position == last).
    case polygon([[GeoJSONPosition]])
    case multiPolygon([[[GeoJSONPosition]]])
    case geometryCollection([GeoJSONGeometry])

    /// The RFC 7946 type name.
    public var typeName: String {
        switch self {
        case .point: return "Point"
        case .multiPoint: return "MultiPoint"
        case .lineString: return "LineString"
        case .multiLineString: return "MultiLineString"
        case .polygon: return "Polygon"
        case .multiPolygon: return "MultiPolygon"
        case .geometryCollection: return "GeometryCollection"
        }
    }

    /// Every position, in order (for bounding boxes and sums).
    public func forEachPosition(_ body: (GeoJSONPosition) -> Void) {
        switch self {
        case .point(let p): body(p)
        case .multiPoint(let ps), .lineString(let ps): ps.forEach(body)
        case .multiLineString(let lines), .polygon(let lines): for l in lines { l.forEach(body) }
        case .multiPolygon(let polygons): for p in polygons { for r in p { r.forEach(body) } }
        case .geometryCollection(let gs): for g in gs { g.forEachPosition(body) }
        }
    }
}

/// A feature: a geometry (or none) with properties (RFC 7946 §3.2).
public struct GeoJSONFeature: Hashable, Sendable {
    /// A string or number identifier, as written.
    public var id: JSONValue?
    /// The feature's geometry; `nil` for `"geometry": null`.
    public var geometry: GeoJSONGeometry?
    /// The `properties` object's members in order; empty for `null`.
    public var properties: [JSONMember]

    /// Creates a feature.
    public init(id: JSONValue? = nil, geometry: GeoJSONGeometry?, properties: [JSONMember] = []) {
        self.id = id
        self.geometry = geometry
        self.properties = properties
    }

    /// The first property named `key`.
    public subscript(property key: String) -> JSONValue? {
        properties.first { $0.key == key }?.value
    }
}

/// A whole GeoJSON text: a geometry, a feature or a feature collection (RFC 7946 §2).
public enum GeoJSONObject: Hashable, Sendable {
    case geometry(GeoJSONGeometry)
    case feature(GeoJSONFeature)
    case featureCollection([GeoJSONFeature])

    /// The object's features: itself, its members, or one feature around a bare geometry.
    public var features: [GeoJSONFeature] {
        switch self {
        case .geometry(let g): return [GeoJSONFeature(geometry: g)]
        case .feature(let f): return [f]
        case .featureCollection(let fs): return fs
        }
    }
}
