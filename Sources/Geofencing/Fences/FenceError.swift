import GeoCore

/// A fence that cannot be built, with the offending value.
public enum FenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A circle radius that is zero, negative or not finite.
    case invalidRadius(Meters)
    /// A polygon ring with fewer than three distinct vertices.
    case ringTooShort(polygon: Int, ring: Int, vertices: Int)
    /// A polygon with a vertex 90° or more from its centre: larger than any race area.
    case polygonTooLarge(polygon: Int, ring: Int, vertex: Int)
    /// A multipolygon with no polygons.
    case emptyPolygon

    /// What is wrong, naming the offending value (and polygon, ring and vertex where there is one).
    public var description: String {
        switch self {
        case .invalidRadius(let r):
            return "radius \(r) m must be a finite number greater than 0"
        case .ringTooShort(let p, let r, let n):
            return "polygon \(p) ring \(r) has \(n) distinct vertices; at least 3 are needed"
        case .polygonTooLarge(let p, let r, let v):
            return "polygon \(p) ring \(r) vertex \(v) lies a quarter of the globe or more from the polygon's centre"
        case .emptyPolygon:
            return "a polygon fence needs at least one polygon"
        }
    }
}
