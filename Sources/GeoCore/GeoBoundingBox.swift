#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A latitude/longitude box that may cross the antimeridian.
///
/// As in GeoJSON (RFC 7946 §5.2), `west > east` means the box crosses the antimeridian;
/// a box around a pole spans every longitude (`west == -180`, `east == 180`).
public struct GeoBoundingBox: Hashable, Sendable {
    /// Southern edge in degrees.
    public let south: Degrees
    /// Northern edge in degrees (at least `south`).
    public let north: Degrees
    /// Western edge in degrees; greater than `east` when the box crosses the antimeridian.
    public let west: Degrees
    /// Eastern edge in degrees.
    public let east: Degrees

    /// Creates a box from its edges.
    /// - Precondition: `south <= north`.
    public init(south: Degrees, north: Degrees, west: Degrees, east: Degrees) {
        precondition(south <= north, "south \(south) above north \(north)")
        self.south = south
        self.north = north
        self.west = west
        self.east = east
    }

    /// Whether the box continues past 180° into −180°.
    public var crossesAntimeridian: Bool { west > east }

    /// Whether the box spans every longitude.
    public var spansAllLongitudes: Bool { west <= -180 && east >= 180 }

    /// The longitude intervals the box covers inside [−180, 180]: one, or two when it crosses
    /// the antimeridian.
    public var longitudeRanges: [ClosedRange<Degrees>] {
        crossesAntimeridian ? [west...180, -180...east] : [west...east]
    }

    /// Whether the box contains a point (boundaries included).
    public func contains(latitude: Degrees, longitude: Degrees) -> Bool {
        guard latitude >= south && latitude <= north else { return false }
        return crossesAntimeridian
            ? (longitude >= west || longitude <= east)
            : (longitude >= west && longitude <= east)
    }
}

extension GeoBoundingBox {
    /// The smallest box that contains every point within `radius` metres (haversine, mean
    /// sphere) of `centre`, padded outwards by a hair (a relative 1e-9 of the radius plus 1 µm)
    /// so that rounding can never leave a point of the circle outside.
    ///
    /// A circle that reaches a pole spans every longitude; one that reaches past ±180° gives a
    /// box with `west > east`; a radius of half the Earth's circumference or more gives the
    /// whole globe.
    /// Source: J. P. Matuschek, "Finding Points Within a Distance of a Latitude/Longitude Using
    /// Bounding Coordinates" (2011), §3–§4.
    public static func around(_ centre: Coordinate, radiusMeters radius: Meters) -> GeoBoundingBox {
        precondition(radius >= 0 && radius.isFinite, "radius \(radius) must be finite and not negative")
        let k = Earth.radiansPerDegree
        let delta = (radius * (1 + 1e-9) + 1e-6) / Earth.meanRadiusMeters
        if delta >= Double.pi {
            return GeoBoundingBox(south: -90, north: 90, west: -180, east: 180)
        }
        let phi = centre.latitude * k
        let south = (phi - delta) / k
        let north = (phi + delta) / k
        if south <= -90 || north >= 90 {
            return GeoBoundingBox(south: max(-90, south), north: min(90, north), west: -180, east: 180)
        }
        let ratio = sin(delta) / cos(phi)
        if ratio >= 1 {
            return GeoBoundingBox(south: south, north: north, west: -180, east: 180)
        }
        let dLon = asin(ratio) / k * (1 + 1e-12)
        if dLon >= 180 {
            return GeoBoundingBox(south: south, north: north, west: -180, east: 180)
        }
        var west = centre.longitude - dLon
        var east = centre.longitude + dLon
        if west < -180 { west += 360 }
        if east > 180 { east -= 360 }
        return GeoBoundingBox(south: south, north: north, west: west, east: east)
    }
}
