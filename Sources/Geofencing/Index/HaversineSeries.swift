import GeoCore

/// The haversine `h = sin²(Δφ/2) + cos φ₁ cos φ₂ sin²(Δλ/2)` by short Taylor series, for offsets
/// of at most ``FenceProbe/seriesLimitDegrees`` from a centre of latitude cosine `cosCentre` and
/// sine `sinCentre`; the error bound is ``FenceProbe``'s.
@inlinable @inline(__always)
func haversineSeries(
    latitudeOffset dLat: Double, longitudeOffset dLon: Double, cosCentre: Double, sinCentre: Double
) -> Double {
    let halfK = Earth.radiansPerDegree / 2
    // Reciprocals, not divisions: the band absorbs the last-bit difference.
    let sixth = 1.0 / 6, twentieth = 1.0 / 20, half = 0.5, twelfth = 1.0 / 12
    let x = dLat * halfK, y = dLon * halfK
    let x2 = x * x, y2 = y * y
    let sinX = x * (1.0 - x2 * sixth * (1.0 - x2 * twentieth))
    let sinY = y * (1.0 - y2 * sixth * (1.0 - y2 * twentieth))
    let dPhi = 2.0 * x
    let d2 = dPhi * dPhi
    // cos(φ + Δφ) = cos φ cos Δφ − sin φ sin Δφ, both of Δφ by series.
    let cosDPhi = 1.0 - d2 * half * (1.0 - d2 * twelfth)
    let sinDPhi = dPhi * (1.0 - d2 * sixth * (1.0 - d2 * twentieth))
    let cosLat = cosCentre * cosDPhi - sinCentre * sinDPhi
    return sinX * sinX + cosLat * cosCentre * (sinY * sinY)
}
