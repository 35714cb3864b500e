#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Great-circle distance on the mean sphere (``Earth/meanRadiusMeters``): the distance every
/// fence check uses.
///
/// The formula and its evaluation order are exactly those of the reference in
/// the peer benchmarks (`Benchmarks/peers`), so a decision `distance <= radius` made here is the one the
/// reference makes, bit for bit:
///
///     h = sin(Δφ/2)² + cos φ₁ · cos φ₂ · sin(Δλ/2)²
///     d = 2R · asin(min(1, √h))
///
/// with Δφ = (lat₂ − lat₁)·K and Δλ = (lon₂ − lon₁)·K, K = π/180 (not φ₂ − φ₁).
/// Source: R. W. Sinnott, "Virtues of the Haversine", Sky and Telescope 68 (2), 1984.
public enum Haversine {
    /// The haversine of the central angle between two points, `h` above (0 … 1).
    @inlinable
    public static func h(_ lat1: Degrees, _ lon1: Degrees, _ lat2: Degrees, _ lon2: Degrees) -> Double {
        let k = Earth.radiansPerDegree
        let a = sin((lat2 - lat1) * k / 2)
        let b = sin((lon2 - lon1) * k / 2)
        return a * a + cos(lat1 * k) * cos(lat2 * k) * (b * b)
    }

    /// The distance in metres that corresponds to a haversine value `h`.
    @inlinable
    public static func meters(fromH h: Double) -> Meters {
        2.0 * Earth.meanRadiusMeters * asin(min(1, h.squareRoot()))
    }

    /// The haversine great-circle distance between two points, in metres.
    /// - Complexity: O(1); five trigonometric calls.
    @inlinable
    public static func distanceMeters(_ lat1: Degrees, _ lon1: Degrees, _ lat2: Degrees, _ lon2: Degrees) -> Meters {
        meters(fromH: h(lat1, lon1, lat2, lon2))
    }

    /// The haversine great-circle distance between two coordinates, in metres.
    @inlinable
    public static func distanceMeters(_ a: Coordinate, _ b: Coordinate) -> Meters {
        distanceMeters(a.latitude, a.longitude, b.latitude, b.longitude)
    }
}

extension Coordinate {
    /// Haversine distance to `other` on the mean sphere, in metres. See ``Haversine``.
    @inlinable
    public func distanceMeters(to other: Coordinate) -> Meters {
        Haversine.distanceMeters(self, other)
    }
}
