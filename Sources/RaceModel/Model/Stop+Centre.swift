import GeoCore
import Geofencing

extension Stop {
    /// The point distances between stops are measured from: a circle's centre, or the centre of
    /// a polygon's bounding circle. `nil` when the fence cannot be built (the validator says why).
    public var centre: Coordinate? { (try? fence.makeFence())?.boundingCircle.centre }
}
