#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A tangent plane touching the mean sphere at a centre point, reached by the gnomonic
/// projection: great circles become straight lines, so a polygon with great-circle edges, a
/// great-circle segment between two fixes, and a spherical circle around the centre (radius r
/// becomes R·tan(r/R)) are all exact in the plane.
///
/// Coordinates are metres on the plane (x east, y north at the centre). Points 90° or more from
/// the centre have no image. Polygon fences, segment crossings and boundary times use it.
/// Source: J. P. Snyder, "Map Projections — A Working Manual", USGS PP 1395 (1987), §22.
public struct GnomonicPlane: Hashable, Sendable {
    /// The tangent point: the plane's origin (x = 0, y = 0).
    public let centre: Coordinate
    @usableFromInline let sinLat0: Double
    @usableFromInline let cosLat0: Double
    @usableFromInline let lon0: Double

    /// Creates the plane tangent to the mean sphere at `centre`.
    public init(centre: Coordinate) {
        let k = Earth.radiansPerDegree
        self.centre = centre
        sinLat0 = sin(centre.latitude * k)
        cosLat0 = cos(centre.latitude * k)
        lon0 = centre.longitude * k
    }

    /// The plane position of a point in metres, or `nil` when it is 90° or more from the centre.
    @inlinable
    public func project(latitude: Degrees, longitude: Degrees) -> (x: Meters, y: Meters)? {
        let k = Earth.radiansPerDegree
        let phi = latitude * k
        let dLambda = longitude * k - lon0
        let sinPhi = sin(phi), cosPhi = cos(phi)
        let cosDL = cos(dLambda)
        let cosC = sinLat0 * sinPhi + cosLat0 * cosPhi * cosDL
        guard cosC > 1e-12 else { return nil }
        let scale = Earth.meanRadiusMeters / cosC
        return (scale * cosPhi * sin(dLambda), scale * (cosLat0 * sinPhi - sinLat0 * cosPhi * cosDL))
    }

    /// The point on the sphere at plane position (x, y) metres.
    public func unproject(x: Meters, y: Meters) -> Coordinate {
        let k = Earth.radiansPerDegree
        let rho = (x * x + y * y).squareRoot()
        if rho == 0 { return centre }
        let c = atan(rho / Earth.meanRadiusMeters)
        let sinC = sin(c), cosC = cos(c)
        let phi = asin(min(1, max(-1, cosC * sinLat0 + y * sinC * cosLat0 / rho)))
        let lambda = lon0 + atan2(x * sinC, rho * cosLat0 * cosC - y * sinLat0 * sinC)
        return Coordinate(
            uncheckedLatitude: min(90, max(-90, phi / k)),
            longitude: Coordinate.normalizedLongitude(lambda / k))
    }

    /// The plane radius of the spherical circle of `radius` metres around the centre.
    public static func planeRadius(forSphereRadius radius: Meters) -> Meters {
        Earth.meanRadiusMeters * tan(radius / Earth.meanRadiusMeters)
    }
}
