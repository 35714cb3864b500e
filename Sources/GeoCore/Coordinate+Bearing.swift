#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Coordinate {
    /// The initial great-circle bearing towards `other`, in degrees clockwise from north, in [0, 360).
    ///
    /// At a pole "north" is undefined: the result then depends on the pole's stored longitude, as
    /// in most libraries. Identical points give 0.
    /// Source: E. Williams, Aviation Formulary, "Course between points".
    public func initialBearingDegrees(to other: Coordinate) -> Degrees {
        let k = Earth.radiansPerDegree
        let phi1 = latitude * k, phi2 = other.latitude * k
        let dLambda = (other.longitude - longitude) * k
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        if x == 0 && y == 0 { return 0 }
        let bearing = atan2(y, x) / k
        let normalised = bearing < 0 ? bearing + 360 : bearing
        return normalised >= 360 ? 0 : normalised
    }

    /// The point reached after travelling `distance` metres along the great circle that leaves
    /// this point with initial bearing `bearing` (degrees clockwise from north) on the mean sphere.
    ///
    /// Crossing a pole or the antimeridian is handled; the longitude comes back in [−180, 180).
    /// From a pole itself, where every direction is south (or north), the bearing is read as
    /// if the pole had been reached along this coordinate's meridian (GeographicLib's
    /// convention): from the north pole, bearing θ leads down meridian λ + 180° − θ; from the
    /// south pole, up meridian λ + θ.
    /// Source: E. Williams, Aviation Formulary, "Lat/lon given radial and distance".
    public func destination(bearingDegrees bearing: Degrees, distanceMeters distance: Meters) -> Coordinate {
        let k = Earth.radiansPerDegree
        let phi1 = latitude * k, lambda1 = longitude * k
        let theta = bearing * k
        let delta = distance / Earth.meanRadiusMeters
        if abs(latitude) == 90 {
            let north = latitude > 0
            let meridian = north ? lambda1 + Double.pi - theta : lambda1 + theta
            // The point cos δ · pole + sin δ · (unit vector towards the meridian at the equator).
            let z = (north ? 1.0 : -1.0) * cos(delta)
            let x = sin(delta) * cos(meridian), y = sin(delta) * sin(meridian)
            let lon = (x == 0 && y == 0) ? longitude : atan2(y, x) / k
            // atan2, not asin: asin loses the digits of a latitude near ±90°.
            let lat = atan2(z, (x * x + y * y).squareRoot()) / k
            return Coordinate(uncheckedLatitude: lat, longitude: Self.normalizedLongitude(lon))
        }
        let sinPhi2 = min(1, max(-1, sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta)))
        let phi2 = asin(sinPhi2)
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sinPhi2)
        return Coordinate(
            uncheckedLatitude: min(90, max(-90, phi2 / k)),
            longitude: Self.normalizedLongitude(lambda2 / k))
    }

    /// Any finite longitude brought into [−180, 180).
    public static func normalizedLongitude(_ longitude: Degrees) -> Degrees {
        var lon = fmod(longitude + 180, 360)
        if lon < 0 { lon += 360 }
        let result = lon - 180
        return result >= 180 ? -180 : result
    }
}
