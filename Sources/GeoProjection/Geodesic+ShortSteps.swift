import GeoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Geodesic {
    /// The longest chord ``stepMeters(from:to:)`` returns as the step's length; longer steps are
    /// solved with Karney's algorithm.
    public static let longestChordStepMeters: Meters = 1_000

    /// The length of one step of a recorded track: the geodesic's length to within
    /// ``chordErrorBoundMeters(forStep:)`` (about 1 µm for a 1 km step, 10⁻¹² m for a 10 m step),
    /// about ten times faster than ``distanceMeters(from:to:)``, which it calls for steps longer
    /// than ``longestChordStepMeters``.
    ///
    /// A short step's length is the straight chord between its ends in Earth-centred coordinates.
    /// The bound: a geodesic's curvature as a space curve is the surface's normal curvature along
    /// it (its geodesic curvature is 0), at most 1 / (a(1 − e²)), the meridian's curvature at the
    /// equator. By Schur's comparison theorem, a curve of length s and curvature at most κ, with
    /// κs ≤ π, has a chord of at least (2/κ)·sin(κs/2), the chord of a circular arc; so
    /// 0 ≤ s − chord ≤ κ²s³/24. Rounding adds a few nanometres (coordinates of 6.4·10⁶ m in
    /// doubles).
    public func stepMeters(from start: Coordinate, to end: Coordinate) -> Meters {
        stepMeters(chord: chordMeters(from: start, to: end), from: start, to: end)
    }

    /// The step's length given its chord: the chord up to ``longestChordStepMeters``, Karney's beyond.
    func stepMeters(chord: Meters, from start: Coordinate, to end: Coordinate) -> Meters {
        chord <= Self.longestChordStepMeters ? chord : distanceMeters(from: start, to: end)
    }

    /// The most a step of `length` metres exceeds its chord on this ellipsoid: κ²s³/24 with κ the
    /// largest normal curvature, 1 / (a(1 − e²)) for an oblate ellipsoid (see
    /// ``stepMeters(from:to:)``).
    public func chordErrorBoundMeters(forStep length: Meters) -> Meters {
        let eccentricitySquared = flattening * (2 - flattening)
        let curvature = 1 / (equatorialRadius * min(1 - eccentricitySquared, 1))
        return curvature * curvature * length * length * length / 24
    }

    /// The straight-line distance between two points on the ellipsoid's surface.
    func chordMeters(from start: Coordinate, to end: Coordinate) -> Meters {
        Self.chordMeters(earthCentred(start), earthCentred(end))
    }

    /// The straight-line distance between two points in Earth-centred coordinates.
    static func chordMeters(_ a: (x: Double, y: Double, z: Double), _ b: (x: Double, y: Double, z: Double)) -> Meters {
        let dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }

    /// Earth-centred, Earth-fixed coordinates of a point at height 0.
    func earthCentred(_ point: Coordinate) -> (x: Double, y: Double, z: Double) {
        let eccentricitySquared = flattening * (2 - flattening)
        let latitude = point.latitude * .pi / 180, longitude = point.longitude * .pi / 180
        let sinLatitude = sin(latitude), cosLatitude = cos(latitude)
        // N, the prime vertical radius of curvature.
        let normal = equatorialRadius / (1 - eccentricitySquared * sinLatitude * sinLatitude).squareRoot()
        let horizontal = normal * cosLatitude
        return (
            horizontal * cos(longitude), horizontal * sin(longitude), normal * (1 - eccentricitySquared) * sinLatitude
        )
    }
}
