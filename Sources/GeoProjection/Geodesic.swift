internal import CProj
import GeoCore

/// Geodesics on an ellipsoid of revolution: shortest paths, their lengths and azimuths, through
/// PROJ's copy of GeographicLib's C library (`geodesic.h`).
///
/// The algorithms are C. F. F. Karney, *Algorithms for geodesics*, J. Geodesy 87, 43–55 (2013),
/// <https://doi.org/10.1007/s00190-012-0578-z>: accurate to about 15 nanometres on the WGS 84
/// ellipsoid for any pair of points, nearly antipodal ones included.
///
/// This is the distance for *reported* lengths (course lengths, distances run). Fence checks use
/// haversine on the mean sphere (`GeoCore.Haversine`), which differs from this by up to about 0.5 %.
///
/// The value holds only constants computed by `geod_init`, which the `geod_*` functions read and
/// never write: sharing it between threads is safe.
public struct Geodesic: Sendable {
    /// The WGS 84 ellipsoid: a = 6 378 137 m, f = 1 / 298.257223563.
    public static let wgs84 = Geodesic(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

    /// The ellipsoid's equatorial radius a.
    public let equatorialRadius: Meters
    /// The ellipsoid's flattening f = (a − b) / a.
    public let flattening: Double
    private let geodesic: geod_geodesic

    /// An ellipsoid with equatorial radius `equatorialRadius` and flattening `flattening`
    /// (0 for a sphere, negative for a prolate ellipsoid).
    public init(equatorialRadius: Meters, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
        var geodesic = geod_geodesic()
        libproj.geod_init(&geodesic, equatorialRadius, flattening)
        self.geodesic = geodesic
    }

    /// Solves the inverse problem: the shortest path from `start` to `end` (`geod_inverse`).
    /// - Returns: its length, the azimuth at `start` and the forward azimuth at `end` (the direction
    ///   of travel on arrival, not the bearing back to `start`), in degrees clockwise from north,
    ///   within −180°…180°. For coincident points or a pole the azimuths are conventional.
    public func inverse(from start: Coordinate, to end: Coordinate)
        -> (distanceMeters: Meters, initialAzimuth: Degrees, finalAzimuth: Degrees)
    {
        var distance = 0.0, initialAzimuth = 0.0, finalAzimuth = 0.0
        withUnsafePointer(to: geodesic) {
            libproj.geod_inverse(
                $0, start.latitude, start.longitude, end.latitude, end.longitude,
                &distance, &initialAzimuth, &finalAzimuth)
        }
        return (distance, initialAzimuth, finalAzimuth)
    }

    /// The length of the shortest path from `start` to `end`.
    public func distanceMeters(from start: Coordinate, to end: Coordinate) -> Meters {
        inverse(from: start, to: end).distanceMeters
    }

    /// Solves the direct problem: where a geodesic from `start` at `azimuth` ends after
    /// `distanceMeters` (`geod_direct`). A negative distance goes backwards.
    /// - Precondition: `azimuth` and `distanceMeters` are finite.
    /// - Returns: the end point and the forward azimuth there, in degrees.
    public func direct(from start: Coordinate, azimuth: Degrees, distanceMeters: Meters)
        -> (coordinate: Coordinate, finalAzimuth: Degrees)
    {
        precondition(azimuth.isFinite && distanceMeters.isFinite, "azimuth and distance must be finite")
        var latitude = 0.0, longitude = 0.0, finalAzimuth = 0.0
        withUnsafePointer(to: geodesic) {
            libproj.geod_direct(
                $0, start.latitude, start.longitude, azimuth, distanceMeters,
                &latitude, &longitude, &finalAzimuth)
        }
        // geod_direct reduces the longitude to [−180°, 180°] and the latitude stays within ±90°.
        return (Coordinate(uncheckedLatitude: latitude, longitude: longitude), finalAzimuth)
    }

    /// The length of the polyline through `points` in order: the sum of the geodesic lengths of its
    /// legs, accumulated with error compensation (`geod_polygon` in polyline mode). Empty and
    /// one-point polylines have length 0.
    /// - Complexity: O(n).
    public func lengthMeters(of points: some Collection<Coordinate>) -> Meters {
        var polyline = geod_polygon()
        libproj.geod_polygon_init(&polyline, 1)
        var length = 0.0
        withUnsafePointer(to: geodesic) { geodesic in
            for point in points {
                libproj.geod_polygon_addpoint(geodesic, &polyline, point.latitude, point.longitude)
            }
            _ = libproj.geod_polygon_compute(geodesic, &polyline, 0, 1, nil, &length)
        }
        return length
    }
}
