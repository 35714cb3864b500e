import GeoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A polygon or multipolygon fence with holes.
///
/// Edges are great-circle arcs. Containment is decided on the gnomonic tangent plane at the
/// polygon's centre (`GnomonicPlane`), where those arcs are straight lines, so the test is
/// exact on the sphere and needs no projection library per fix. Rings may be given open or
/// closed and wound either way; a point in a hole is outside; a point on an edge is inside.
public struct PolygonFence: Hashable, Sendable {
    /// Polygons, each a list of rings (exterior first, then holes), each ring open.
    public let polygons: [[[Coordinate]]]
    /// The tangent plane containment is computed on.
    public let plane: GnomonicPlane
    /// A spherical circle around ``plane``'s centre that contains the whole fence (for indexing).
    public let boundingRadiusMeters: Meters
    @usableFromInline let planar: [PlanarPolygon]

    /// - Parameter polygons: one or more polygons; each is rings of coordinates, exterior first.
    /// - Throws: ``FenceError`` for an empty list, a ring of fewer than three distinct vertices,
    ///   or a polygon that reaches a quarter of the globe from its centre.
    public init(polygons: [[[Coordinate]]]) throws(FenceError) {
        guard !polygons.isEmpty else { throw .emptyPolygon }
        var open: [[[Coordinate]]] = []
        for (p, rings) in polygons.enumerated() {
            guard !rings.isEmpty else { throw .ringTooShort(polygon: p, ring: 0, vertices: 0) }
            var cleaned: [[Coordinate]] = []
            for (r, ring) in rings.enumerated() {
                var vertices = ring
                if vertices.count > 1, vertices.first == vertices.last { vertices.removeLast() }
                guard Set(vertices).count >= 3 else {
                    throw .ringTooShort(polygon: p, ring: r, vertices: Set(vertices).count)
                }
                cleaned.append(vertices)
            }
            open.append(cleaned)
        }
        let centre = Self.vertexCentroid(open)
        let plane = GnomonicPlane(centre: centre)
        var planar: [PlanarPolygon] = []
        var bound: Meters = 0
        for (p, rings) in open.enumerated() {
            var planeRings: [[PlanarPoint]] = []
            for (r, ring) in rings.enumerated() {
                var points: [PlanarPoint] = []
                for (v, vertex) in ring.enumerated() {
                    let distance = centre.distanceMeters(to: vertex)
                    guard distance < 0.49 * Double.pi * Earth.meanRadiusMeters,
                        let xy = plane.project(latitude: vertex.latitude, longitude: vertex.longitude)
                    else { throw .polygonTooLarge(polygon: p, ring: r, vertex: v) }
                    bound = max(bound, distance)
                    points.append(PlanarPoint(x: xy.x, y: xy.y))
                }
                planeRings.append(points)
            }
            planar.append(PlanarPolygon(rings: planeRings))
        }
        self.polygons = open
        self.plane = plane
        self.planar = planar
        // A cap under a hemisphere is convex, so great-circle edges between vertices stay inside it.
        boundingRadiusMeters = bound * (1 + 1e-9) + 1e-3
    }

    /// Whether the point is inside one of the polygons (and not in its holes).
    public func contains(latitude: Degrees, longitude: Degrees) -> Bool {
        guard let xy = plane.project(latitude: latitude, longitude: longitude) else { return false }
        let point = PlanarPoint(x: xy.x, y: xy.y)
        return planar.contains { $0.contains(point) }
    }

    /// Distance on the tangent plane from the point to the nearest edge: negative inside,
    /// positive outside. Metres to within a part in 10⁷ for fences under 10 km across.
    public func signedDistanceMeters(latitude: Degrees, longitude: Degrees) -> Meters {
        guard let xy = plane.project(latitude: latitude, longitude: longitude) else { return .infinity }
        let point = PlanarPoint(x: xy.x, y: xy.y)
        let distance = planar.map { $0.distanceToBoundary(point) }.min() ?? .infinity
        return planar.contains { $0.contains(point) } ? -distance : distance
    }

    /// The polygons as laid on ``plane`` (metres).
    public var planarPolygons: [PlanarPolygon] { planar }

    /// The normalised mean of the vertices' unit vectors: a centre that works across the
    /// antimeridian and near the poles, where averaging degrees would not.
    private static func vertexCentroid(_ polygons: [[[Coordinate]]]) -> Coordinate {
        let k = Earth.radiansPerDegree
        var x = 0.0, y = 0.0, z = 0.0
        for ring in polygons.lazy.flatMap({ $0 }) {
            for c in ring {
                let phi = c.latitude * k, lambda = c.longitude * k
                x += cos(phi) * cos(lambda)
                y += cos(phi) * sin(lambda)
                z += sin(phi)
            }
        }
        let norm = (x * x + y * y + z * z).squareRoot()
        guard norm > 0 else { return polygons[0][0][0] }
        let lat = asin(max(-1, min(1, z / norm))) / k
        let lon = (x == 0 && y == 0) ? 0 : atan2(y, x) / k
        return Coordinate(uncheckedLatitude: lat, longitude: Coordinate.normalizedLongitude(lon))
    }
}
