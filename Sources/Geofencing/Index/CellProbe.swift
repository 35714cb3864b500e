import GeoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fence's constants for the batch query, one per entry of the index (so in cell order), and
/// the test of a point against two consecutive entries at once.
///
/// ``FenceProbe`` is per fence: reading it from a cell's run is one more dependent load per
/// candidate, to a line anywhere in the probe table. A cell probe carries what the first test
/// needs in the entry's own place, 32 bytes, so a pair of candidates is about one cache line.
///
/// The test is the equirectangular one: `q = Δφ² + cos²φ₀ · Δλ²` (degrees², φ₀ the centre's
/// latitude) against two thresholds, a few multiplications for both lanes of a `SIMD2` and no
/// branch per candidate. ``relativeErrorBound(latitude:reachLatitude:reachLongitude:)`` bounds
/// how far `q` can be from the haversine `h` (scaled) anywhere in the fence's bounding box, and
/// the thresholds are `FenceProbe`'s `hInside` and `hOutside` moved by that bound, so a lane
/// decided here is decided as the reference decides it. The rest — a band under a millimetre wide
/// around a 70 m circle, polygons, circles around a pole or across the
/// antimeridian — takes the per-fence path (``FenceProbe/circleContains(latitude:longitude:)``).
///
/// No bounding-box test is needed: `q` below the inside threshold puts the point within the
/// box (where the bound holds), and a point outside the box is outside the circle anyway.
/// The index keeps one ``rejecting`` probe past the last entry, so a run of odd length can
/// read a pair.
@usableFromInline
struct CellProbe: Sendable {
    @usableFromInline let latitude: Double
    @usableFromInline let longitude: Double
    /// `cos²φ₀` rounded to a `Float` (its rounding is part of the error bound).
    @usableFromInline let longitudeWeight: Float
    /// `q` below this: certainly inside; above ``qOutside``: certainly outside (degrees²).
    @usableFromInline let qInside: Float
    @usableFromInline let qOutside: Float
    /// The fence's position in the index's fences.
    @usableFromInline let fence: Int32

    /// The entry of `fence`, whose per-fence constants are `probe`.
    init(_ probe: FenceProbe, fence: Int32) {
        self.fence = fence
        latitude = probe.latitude
        longitude = probe.longitude
        let weight = probe.cosLatitude * probe.cosLatitude
        longitudeWeight = Float(weight)
        let bound =
            (Self.relativeErrorBound(
                latitude: probe.latitude, reachLatitude: Double(probe.reachLatitude),
                reachLongitude: Double(probe.reachLongitude)) + Self.weightRounding) / (1 - Self.weightRounding)
            + Self.arithmeticSlack
        guard probe.polygonSlot < 0, bound < 0.25, probe.hInside > 0 else {
            (qInside, qOutside) = (-.infinity, .infinity)
            return
        }
        // h ≈ (Δφ² + cos²φ₀ Δλ²) · k² / 4 with k radians a degree.
        let k = Earth.radiansPerDegree
        let degreesSquaredPerH = 4 / (k * k)
        qInside = Self.roundedDown(probe.hInside * degreesSquaredPerH / (1 + bound))
        qOutside = Self.roundedUp(probe.hOutside * degreesSquaredPerH / (1 - bound))
    }

    private init() {
        (latitude, longitude, longitudeWeight) = (0, 0, 0)
        (qInside, qOutside) = (-.infinity, -.infinity)
        fence = -1
    }

    /// A probe no point is inside (every `q` is above its outside threshold): the pad after the
    /// last entry.
    static let rejecting = CellProbe()

    /// The relative error of rounding `cos²φ₀` to a `Float`.
    static let weightRounding = 0x1p-24
    /// The rounding of the few operations that compute `q` and the thresholds, generously.
    static let arithmeticSlack = 1e-12

    /// A bound on `|h − Q| / Q`, where `h = sin²(a/2) + cos φ₀ cos(φ₀ + a) sin²(b/2)` is the
    /// haversine of offsets `a` (latitude) and `b` (longitude) in radians from a centre at
    /// latitude φ₀, `Q = (a² + cos²φ₀ b²) / 4`, and `|a| ≤ A`, `|b| ≤ B` (the reaches, in
    /// radians). With `t = |tan φ₀|`:
    ///
    ///     ε = A²/12 + A²/2 + t·A + (1 + A²/2 + t·A) · B²/12
    ///
    /// Why: `x² − x⁴/3 ≤ sin²x ≤ x²` puts `sin²(a/2)` within `a⁴/48` of `a²/4` (relative to
    /// `Q ≥ a²/4`: `a²/12`) and `sin²(b/2)` within `b⁴/48` of `b²/4`; `cos(φ₀ + a) =
    /// cos φ₀ cos a − sin φ₀ sin a` with `1 − cos a ≤ a²/2` and `|sin a| ≤ |a|` puts
    /// `cos φ₀ cos(φ₀ + a)` within `cos²φ₀ (a²/2 + t·|a|)` of `cos²φ₀` (relative to
    /// `Q ≥ cos²φ₀ b²/4`: `a²/2 + t·|a|`, and the factor of the last term). Infinite when a
    /// reach is, or at a pole.
    static func relativeErrorBound(latitude: Double, reachLatitude: Degrees, reachLongitude: Degrees) -> Double {
        let k = Earth.radiansPerDegree
        let a = reachLatitude * k, b = reachLongitude * k
        let cosine = cos(latitude * k)
        guard a.isFinite, b.isFinite, cosine > 0 else { return .infinity }
        let t = abs(sin(latitude * k)) / cosine
        let latitudeTerms = a * a / 12 + a * a / 2 + t * a
        return latitudeTerms + (1 + a * a / 2 + t * a) * b * b / 12
    }

    private static func roundedDown(_ value: Double) -> Float {
        let rounded = Float(value)
        return Double(rounded) <= value ? rounded : rounded.nextDown
    }

    private static func roundedUp(_ value: Double) -> Float {
        let rounded = Float(value)
        return Double(rounded) >= value ? rounded : rounded.nextUp
    }

    /// Which of the two entries certainly contain the point, and which this test cannot decide
    /// (the thin band around the boundary, polygons, circles whose bound is too loose). A lane
    /// in neither is certainly outside.
    @inlinable @inline(__always)
    static func classify(
        _ a: CellProbe, _ b: CellProbe, latitude lat: Double, longitude lon: Double
    ) -> (inside: SIMDMask<SIMD2<Int64>>, undecided: SIMDMask<SIMD2<Int64>>) {
        typealias Lanes = SIMD2<Double>
        let dLat: Lanes = Lanes(repeating: lat) - Lanes(a.latitude, b.latitude)
        let dLon: Lanes = Lanes(repeating: lon) - Lanes(a.longitude, b.longitude)
        let weight = Lanes(Double(a.longitudeWeight), Double(b.longitudeWeight))
        let q: Lanes = dLat * dLat + weight * (dLon * dLon)
        let inside = q .< Lanes(Double(a.qInside), Double(b.qInside))
        let outside = q .> Lanes(Double(a.qOutside), Double(b.qOutside))
        return (inside, .!(inside .| outside))
    }
}
