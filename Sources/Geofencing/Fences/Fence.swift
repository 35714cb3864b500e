import GeoCore

/// A geofence: a circle or a polygon / multipolygon with holes.
///
/// The engine identifies fences by their position in the array given to ``GridIndex``; the
/// caller keeps its own ids (stop ids, names) beside that array.
public enum Fence: Hashable, Sendable {
    case circle(CircleFence)
    case polygon(PolygonFence)

    /// Whether the point is inside (boundary included). For circles this is the exact
    /// haversine reference test.
    @inlinable
    public func contains(latitude: Degrees, longitude: Degrees) -> Bool {
        switch self {
        case .circle(let c): return c.contains(latitude: latitude, longitude: longitude)
        case .polygon(let p): return p.contains(latitude: latitude, longitude: longitude)
        }
    }

    /// Distance from the point to the boundary in metres: negative inside, positive outside.
    public func signedDistanceMeters(latitude: Degrees, longitude: Degrees) -> Meters {
        switch self {
        case .circle(let c): return c.signedDistanceMeters(latitude: latitude, longitude: longitude)
        case .polygon(let p): return p.signedDistanceMeters(latitude: latitude, longitude: longitude)
        }
    }

    /// A spherical circle that contains the whole fence: its centre and radius.
    public var boundingCircle: (centre: Coordinate, radiusMeters: Meters) {
        switch self {
        case .circle(let c): return (c.centre, c.radiusMeters)
        case .polygon(let p): return (p.plane.centre, p.boundingRadiusMeters)
        }
    }

    /// The latitude/longitude box that contains the whole fence.
    public var boundingBox: GeoBoundingBox {
        let circle = boundingCircle
        return GeoBoundingBox.around(circle.centre, radiusMeters: circle.radiusMeters)
    }
}
