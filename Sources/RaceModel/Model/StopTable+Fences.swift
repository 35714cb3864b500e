import GeoFormats
import Geofencing

// The bridge from the stops format's plain columns (GeoFormats) to the geofence engine:
// GeoFormats knows no fences, Geofencing no file formats.
extension StopTable {
    /// One circle fence per stop, in the table's order (the order `GridIndex` numbers them by).
    public var fences: [Fence] {
        zip(centres, radiiMeters).map { centre, radius in
            // The table's radii are finite and positive (its initialiser's precondition).
            .circle(try! CircleFence(centre: centre, radiusMeters: radius))
        }
    }

    /// A table of circle fences, to write in the stops format.
    /// - Precondition: `ids` and `fences` are parallel and every fence is a circle (the format
    ///   has no polygons).
    public init(ids: [Int], fences: [Fence]) {
        precondition(ids.count == fences.count, "one id per fence")
        let circles = fences.map { fence in
            guard case .circle(let circle) = fence else { preconditionFailure("the stops format holds circles only") }
            return circle
        }
        self.init(ids: ids, centres: circles.map(\.centre), radiiMeters: circles.map(\.radiusMeters))
    }
}
