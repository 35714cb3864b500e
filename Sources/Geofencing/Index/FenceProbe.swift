import GeoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fence's precomputed constants for the index's hot loop, and its containment test.
///
/// For circles the test first evaluates the haversine `h` with short Taylor series instead of
/// libm's `sin`/`cos` (no trigonometric call), then compares it with thresholds set a part in
/// 10⁹ (plus 10⁻²¹ absolute) either side of `h* = sin²(r / 2R)`. Only a point inside that thin
/// band, far from the cell, or near the antimeridian runs the exact reference formula, so the
/// answer is the reference's bit for bit:
/// - the series are used only for |Δφ|, |Δλ| ≤ 0.1°, where the first omitted terms are below
///   10⁻¹⁸ relative (sin) and 10⁻¹⁹ absolute (cos), and the rounding of the few products adds
///   a few parts in 10¹⁶ — far inside the band;
/// - beyond a thousandth of the band the reference's own `asin(√h)·2R <= r` is monotone in `h`.
@usableFromInline
struct FenceProbe: Sendable {
    @usableFromInline let latitude: Double
    @usableFromInline let longitude: Double
    @usableFromInline let cosLatitude: Double
    @usableFromInline let sinLatitude: Double
    @usableFromInline let radius: Double
    /// Half extents of the fence's bounding box in degrees (padded; +∞ when it spans the
    /// poles or wraps): a point farther off in latitude or longitude is outside.
    @usableFromInline let reachLatitude: Float
    @usableFromInline let reachLongitude: Float
    /// `h` below this: certainly inside; above `hOutside`: certainly outside.
    @usableFromInline let hInside: Double
    @usableFromInline let hOutside: Double
    /// For a polygon fence, its position in the index's polygon list (they take the general
    /// path); −1 for a circle. Kept out of line so a probe stays one cache line.
    @usableFromInline let polygonSlot: Int32

    @usableFromInline static let seriesLimitDegrees = 0.1

    /// The probe of `fence`, whose bounding box is `box` (``Fence/boundingBox``), at
    /// `polygonSlot` in the index's polygon list (−1 for a circle).
    init(_ fence: Fence, box: GeoBoundingBox, polygonSlot: Int32) {
        let k = Earth.radiansPerDegree
        switch fence {
        case .circle(let c):
            latitude = c.centre.latitude
            longitude = c.centre.longitude
            radius = c.radiusMeters
            let s = sin(c.radiusMeters / (2 * Earth.meanRadiusMeters))
            let hStar = s * s
            hInside = hStar * (1 - 1e-9) - 1e-21
            hOutside = hStar * (1 + 1e-9) + 1e-21
        case .polygon(let p):
            latitude = p.plane.centre.latitude
            longitude = p.plane.centre.longitude
            radius = p.boundingRadiusMeters
            hInside = -1
            hOutside = -1
        }
        self.polygonSlot = polygonSlot
        let centre = fence.boundingCircle.centre
        let latitudeReach = max(box.north - centre.latitude, centre.latitude - box.south)
        reachLatitude = Float(latitudeReach * (1 + 1e-6)).nextUp
        if box.spansAllLongitudes || box.crossesAntimeridian {
            reachLongitude = .infinity
        } else {
            let longitudeReach = max(box.east - centre.longitude, centre.longitude - box.west)
            reachLongitude = Float(longitudeReach * (1 + 1e-6)).nextUp
        }
        cosLatitude = cos(latitude * k)
        sinLatitude = sin(latitude * k)
    }

    /// Whether the point is inside this circle; the same answer as
    /// ``CircleFence/contains(latitude:longitude:)``. Polygons are tested by the index.
    @inlinable @inline(__always)
    func circleContains(latitude lat: Double, longitude lon: Double) -> Bool {
        let dLat = lat - latitude, dLon = lon - longitude
        if abs(dLat) > Double(reachLatitude) || abs(dLon) > Double(reachLongitude) { return false }
        let limit = Self.seriesLimitDegrees
        if abs(dLat) <= limit && abs(dLon) <= limit {
            let h = haversineSeries(
                latitudeOffset: dLat, longitudeOffset: dLon, cosCentre: cosLatitude, sinCentre: sinLatitude)
            if h < hInside { return true }
            if h > hOutside { return false }
        }
        return Haversine.distanceMeters(lat, lon, latitude, longitude) <= radius
    }

    /// Whether the fence can reach into `box`: a cheap test on the fence's padded bounding box
    /// (false only when the two boxes are apart in latitude or longitude).
    @inlinable @inline(__always)
    func mayReach(into box: GeoBoundingBox) -> Bool {
        if latitude - Double(reachLatitude) > box.north || latitude + Double(reachLatitude) < box.south { return false }
        guard reachLongitude.isFinite, !box.crossesAntimeridian, !box.spansAllLongitudes else { return true }
        return longitude + Double(reachLongitude) >= box.west && longitude - Double(reachLongitude) <= box.east
    }
}
