import GeoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension GeoBoundingBox {
    /// A box that contains the whole great-circle segment between two points `lengthMeters`
    /// apart, computed with one cosine: the event detector needs one per fix.
    ///
    /// Every point of the segment lies within d = L/2 of one of its ends (padded here by a
    /// centimetre against rounding). A point within d of an end differs from it by at most d/R
    /// in latitude, and — when that cap stays clear of the pole — by at most
    /// asin(sin(d/R) / cos φ) in longitude, φ the end's latitude (J. P. Matuschek, "Finding
    /// Points Within a Distance of a Latitude/Longitude Using Bounding Coordinates", 2011, §3.3),
    /// bounded here with the box's most poleward latitude and sin x ≤ x. A box that reaches a
    /// pole spans every longitude; one that reaches past ±180° has `west > east`.
    ///
    /// `cosMidLatitude`, when not NaN, must be cos((aLat + bLat) / 2) as the caller already
    /// computed it (the step length takes it): the box then bounds cos φ from below with it
    /// instead of calling `cos` again — cos φmax ≥ cos φmid − |φmax − φmid| in radians, a
    /// bound that widens the box by about a part in 10⁶ for a 1 Hz step.
    static func containingSegment(
        fromLatitude aLat: Degrees, longitude aLon: Degrees,
        toLatitude bLat: Degrees, longitude bLon: Degrees,
        lengthMeters: Meters, cosMidLatitude: Double = .nan
    ) -> GeoBoundingBox {
        let reach = lengthMeters / 2 * (1 + 1e-9) + 0.01
        let dLat = reach / Earth.metersPerDegree
        let south = min(aLat, bLat) - dLat, north = max(aLat, bLat) + dLat
        guard south > -90, north < 90 else {
            return GeoBoundingBox(south: max(-90, south), north: min(90, north), west: -180, east: 180)
        }
        let poleward = max(-south, north)
        var cosPoleward = -1.0
        if !cosMidLatitude.isNaN {
            // cos φmax ≥ cos φmid − (φmax − |φmid|) in radians (|cos′| ≤ 1, and φmax ≥ |φmid|),
            // less 10⁻¹⁵ against rounding: a smaller cosine only widens the box.
            let slack = (poleward - abs((aLat + bLat) * 0.5)) * Earth.radiansPerDegree
            cosPoleward = cosMidLatitude - slack - 1e-15
        }
        if !(cosPoleward > 0) { cosPoleward = cos(poleward * Earth.radiansPerDegree) }
        let ratio = (reach / Earth.meanRadiusMeters) / cosPoleward
        guard ratio < 1 else { return GeoBoundingBox(south: south, north: north, west: -180, east: 180) }
        // asin x ≤ 1.0001·x for x ≤ 0.01 (its series: x + x³/6 + …).
        let dLon = (ratio <= 0.01 ? ratio * 1.0001 : asin(ratio)) / Earth.radiansPerDegree
        var west = min(aLon, bLon), east = max(aLon, bLon)
        if east - west > 180 { (west, east) = (east, west + 360) }  // the short way, across ±180°
        west -= dLon
        east += dLon
        guard east - west < 360 else { return GeoBoundingBox(south: south, north: north, west: -180, east: 180) }
        return GeoBoundingBox(
            south: south, north: north,
            west: west < -180 ? west + 360 : west, east: east > 180 ? east - 360 : east)
    }
}
