import GeoCore

/// The arithmetic the haversine series needs: `Double` for one fence (``FenceProbe``), `SIMD2<Double>`
/// for two at once (``CellProbe``), so the series and its error bound are written once.
@usableFromInline
protocol HaversineSeriesLanes {
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Double) -> Self
    static func * (lhs: Double, rhs: Self) -> Self
    static func - (lhs: Double, rhs: Self) -> Self
}

extension Double: HaversineSeriesLanes {}
extension SIMD2<Double>: HaversineSeriesLanes {}

/// The haversine `h = sin²(Δφ/2) + cos φ₁ cos φ₂ sin²(Δλ/2)` by short Taylor series, for offsets
/// of at most ``FenceProbe/seriesLimitDegrees`` from a centre of latitude cosine `cosCentre` and
/// sine `sinCentre`; the error bound is ``FenceProbe``'s.
@inlinable @inline(__always)
func haversineSeries<Lanes: HaversineSeriesLanes>(
    latitudeOffset dLat: Lanes, longitudeOffset dLon: Lanes, cosCentre: Lanes, sinCentre: Lanes
) -> Lanes {
    let halfK = Earth.radiansPerDegree / 2
    // Reciprocals, not divisions: the band absorbs the last-bit difference.
    let sixth = 1.0 / 6, twentieth = 1.0 / 20, half = 0.5, twelfth = 1.0 / 12
    let x: Lanes = dLat * halfK, y: Lanes = dLon * halfK
    let x2: Lanes = x * x, y2: Lanes = y * y
    let sinX: Lanes = x * (1.0 - x2 * sixth * (1.0 - x2 * twentieth))
    let sinY: Lanes = y * (1.0 - y2 * sixth * (1.0 - y2 * twentieth))
    let dPhi: Lanes = 2.0 * x
    let d2: Lanes = dPhi * dPhi
    // cos(φ + Δφ) = cos φ cos Δφ − sin φ sin Δφ, both of Δφ by series.
    let cosDPhi: Lanes = 1.0 - d2 * half * (1.0 - d2 * twelfth)
    let sinDPhi: Lanes = dPhi * (1.0 - d2 * sixth * (1.0 - d2 * twentieth))
    let cosLat: Lanes = cosCentre * cosDPhi - sinCentre * sinDPhi
    return sinX * sinX + cosLat * cosCentre * (sinY * sinY)
}
