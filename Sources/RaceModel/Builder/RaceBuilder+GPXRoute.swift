import GeoCore
import GeoFormats

extension RaceBuilder {
    /// How close a GPX route point must be to a stop's centre to be that stop, in metres: a
    /// route drawn through waypoints repeats their positions, give or take the rounding of the
    /// file's decimals (a millionth of a degree is 0.11 m), and 1 m is also where the validator
    /// calls two stops the same place (`duplicate-position`).
    public static let routePointToleranceMeters: Meters = 1

    /// Lays an ordered course along a GPX route (`rte`), in the route's order.
    ///
    /// A route point within ``routePointToleranceMeters`` of a stop already added (a waypoint's,
    /// or an earlier route point's) is that stop, the nearest when several are; any other route
    /// point becomes a new stop, as a waypoint would (named "Route point k" when it has no name).
    /// A route point at a stop the course already visits is passed over, since a course visits
    /// each stop once (an out-and-back route comes back through its stops), except a last point
    /// back at the first, which makes the course a loop: it finishes where it starts.
    public func course(alongRoute route: GPXRoute) -> RaceBuilder {
        var builder = self
        var order: [String] = []
        var onCourse = Set<String>()
        for (k, point) in route.points.enumerated() {
            let position = Coordinate(uncheckedLatitude: point.latitude, longitude: point.longitude)
            let id: String
            if let existing = builder.stop(near: position) {
                id = existing
            } else {
                builder.addStop(point, name: "Route point \(k + 1)")
                id = builder.lastStopID!
            }
            let closesLoop = k == route.points.count - 1 && order.count >= 2 && id == order.first
            if onCourse.insert(id).inserted || closesLoop { order.append(id) }
        }
        return builder.course(through: order)
    }

    /// The id of the stop whose centre is nearest `position` within ``routePointToleranceMeters``
    /// (the first added among equals), if any.
    /// - Complexity: O(stops).
    private func stop(near position: Coordinate) -> String? {
        var best: (id: String, distance: Meters)?
        for stop in stops {
            guard let centre = stop.centre else { continue }
            let distance = centre.distanceMeters(to: position)
            if distance <= Self.routePointToleranceMeters, distance < (best?.distance ?? .infinity) {
                best = (stop.id, distance)
            }
        }
        return best?.id
    }
}
