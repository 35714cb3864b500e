import GeoCore

/// A fence's constants for the batch query, one per entry of the index (so in cell order), and
/// the test of a point against two consecutive entries at once.
///
/// ``FenceProbe`` is per fence: reading it from a cell's run is one more dependent load per
/// candidate, to a line anywhere in the probe table. A cell probe carries the same numbers in
/// the entry's own place, so a cell's candidates are a few consecutive lines, and it is laid out
/// for ``classify(_:_:latitude:longitude:)``, which decides two candidates with the same series
/// as ``FenceProbe/circleContains(latitude:longitude:)`` in `SIMD2` lanes, without a branch per
/// candidate. Only the rare undecided lane takes the per-fence path.
///
/// A polygon's entry is never decided here (infinite reach and thresholds): it always goes to the
/// per-fence path, which tests the polygon. The index keeps one ``rejecting`` probe past the last
/// entry, so a run of odd length can read a pair.
@usableFromInline
struct CellProbe: Sendable {
    @usableFromInline let latitude: Double
    @usableFromInline let longitude: Double
    @usableFromInline let cosLatitude: Double
    @usableFromInline let sinLatitude: Double
    @usableFromInline let hInside: Double
    @usableFromInline let hOutside: Double
    /// The squares of ``FenceProbe``'s reaches, rounded up: a point whose squared offset is
    /// larger is outside (−1 rejects every point, +∞ none).
    @usableFromInline let reachLatitudeSquared: Float
    @usableFromInline let reachLongitudeSquared: Float
    /// The fence's position in the index's fences.
    @usableFromInline let fence: Int32

    /// The entry of `fence`, whose per-fence constants are `probe`.
    init(_ probe: FenceProbe, fence: Int32) {
        self.fence = fence
        latitude = probe.latitude
        longitude = probe.longitude
        cosLatitude = probe.cosLatitude
        sinLatitude = probe.sinLatitude
        if probe.polygonSlot >= 0 {
            (hInside, hOutside) = (-.infinity, .infinity)
            (reachLatitudeSquared, reachLongitudeSquared) = (.infinity, .infinity)
        } else {
            (hInside, hOutside) = (probe.hInside, probe.hOutside)
            reachLatitudeSquared = Self.squareRoundedUp(probe.reachLatitude)
            reachLongitudeSquared = Self.squareRoundedUp(probe.reachLongitude)
        }
    }

    private init() {
        (latitude, longitude, cosLatitude, sinLatitude, hInside, hOutside) = (0, 0, 1, 0, 0, 0)
        (reachLatitudeSquared, reachLongitudeSquared) = (-1, -1)
        fence = -1
    }

    /// `reach²` as a `Float` no smaller than the `Double` square: |d| ≤ reach implies
    /// fl(d²) ≤ fl(reach²) ≤ this, so the squared test never rejects a point the reach admits.
    private static func squareRoundedUp(_ reach: Float) -> Float {
        let square = Double(reach) * Double(reach)
        let rounded = Float(square)
        return Double(rounded) >= square ? rounded : rounded.nextUp
    }

    /// A probe no point is inside (a negative reach): the pad after the last entry.
    static let rejecting = CellProbe()

    /// Which of the two entries certainly contain the point, and which this test cannot decide
    /// (the thin band around the boundary, offsets beyond the series' range, polygons). A lane in
    /// neither is certainly outside. The tests of ``FenceProbe/circleContains(latitude:longitude:)``
    /// on squared offsets: a squared test may admit an offset a rounding error beyond a reach or
    /// the series' range, where the series, far inside its error bound still, decides as well.
    @inlinable @inline(__always)
    static func classify(
        _ a: CellProbe, _ b: CellProbe, latitude lat: Double, longitude lon: Double
    ) -> (inside: SIMDMask<SIMD2<Int64>>, undecided: SIMDMask<SIMD2<Int64>>) {
        typealias Lanes = SIMD2<Double>
        let dLat: Lanes = Lanes(repeating: lat) - Lanes(a.latitude, b.latitude)
        let dLon: Lanes = Lanes(repeating: lon) - Lanes(a.longitude, b.longitude)
        // Squares, not absolute values: SIMD's pointwise max is a branch per lane.
        let dLat2: Lanes = dLat * dLat, dLon2: Lanes = dLon * dLon
        let reachLatitude = Lanes(Double(a.reachLatitudeSquared), Double(b.reachLatitudeSquared))
        let reachLongitude = Lanes(Double(a.reachLongitudeSquared), Double(b.reachLongitudeSquared))
        let reach = (dLat2 .<= reachLatitude) .& (dLon2 .<= reachLongitude)
        let limit = Lanes(repeating: FenceProbe.seriesLimitDegrees * FenceProbe.seriesLimitDegrees)
        let series = (dLat2 .<= limit) .& (dLon2 .<= limit)
        let h = haversineSeries(
            latitudeOffset: dLat, longitudeOffset: dLon, cosCentre: Lanes(a.cosLatitude, b.cosLatitude),
            sinCentre: Lanes(a.sinLatitude, b.sinLatitude))
        let decided = reach .& series
        let inside = decided .& (h .< Lanes(a.hInside, b.hInside))
        let outside = .!reach .| (decided .& (h .> Lanes(a.hOutside, b.hOutside)))
        return (inside, .!(inside .| outside))
    }
}
