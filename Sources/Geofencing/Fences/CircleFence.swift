import GeoCore

/// A circular fence: every point within `radiusMeters` (haversine, mean sphere) of `centre`.
///
/// The boundary belongs to the fence: a point at exactly the radius is inside, as in the
/// reference `d <= radius_m` of the peer benchmarks (`Benchmarks/peers`).
public struct CircleFence: Hashable, Sendable {
    /// The centre of the circle.
    public let centre: Coordinate
    /// The radius in metres along the mean sphere; points at exactly this distance are inside.
    public let radiusMeters: Meters

    /// - Throws: ``FenceError/invalidRadius(_:)`` unless the radius is finite and positive.
    public init(centre: Coordinate, radiusMeters: Meters) throws(FenceError) {
        guard radiusMeters.isFinite, radiusMeters > 0 else { throw .invalidRadius(radiusMeters) }
        self.centre = centre
        self.radiusMeters = radiusMeters
    }

    /// Whether the point is inside: the exact reference test `haversine distance <= radius`.
    @inlinable
    public func contains(latitude: Degrees, longitude: Degrees) -> Bool {
        Haversine.distanceMeters(latitude, longitude, centre.latitude, centre.longitude) <= radiusMeters
    }

    /// Haversine distance from the point to the boundary: negative inside, positive outside.
    public func signedDistanceMeters(latitude: Degrees, longitude: Degrees) -> Meters {
        Haversine.distanceMeters(latitude, longitude, centre.latitude, centre.longitude) - radiusMeters
    }
}
