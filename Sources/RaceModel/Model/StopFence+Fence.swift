import Geofencing

extension StopFence {
    /// The geofence engine's fence for this stop.
    /// - Throws: `FenceError` for a radius that is not positive or a degenerate polygon.
    public func makeFence() throws(FenceError) -> Fence {
        switch self {
        case .circle(let centre, let radius): return .circle(try CircleFence(centre: centre, radiusMeters: radius))
        case .polygon(let polygons): return .polygon(try PolygonFence(polygons: polygons))
        }
    }
}
