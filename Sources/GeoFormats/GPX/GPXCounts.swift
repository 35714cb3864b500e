/// Counts and coordinate sums over a GPX event stream: what `racekit inspect` reports and what
/// the gpx-quirks test files' `expected.csv` pins for each file.
///
/// Feed it every event of a ``GPXReader``; it keeps O(1) state.
public struct GPXCounts: Hashable, Sendable {
    public var tracks = 0
    public var segments = 0
    public var trackPoints = 0
    /// Track points that carry a time the reader could parse.
    public var timedTrackPoints = 0
    public var routes = 0
    public var routePoints = 0
    public var waypoints = 0
    public var warnings = 0
    /// Sum of the latitudes of every track, route and waypoint, in document order.
    public var latitudeSum = 0.0
    public var longitudeSum = 0.0
    /// Sum of the track points' latitudes only (the peers' `sum_lat`).
    public var trackLatitudeSum = 0.0
    public var trackLongitudeSum = 0.0

    public init() {}

    /// Accounts for one event.
    @inlinable
    public mutating func add(_ event: GPXEvent) {
        switch event {
        case .trackPoint(let p):
            trackPoints += 1
            if p.time != nil { timedTrackPoints += 1 }
            latitudeSum += p.latitude
            longitudeSum += p.longitude
            trackLatitudeSum += p.latitude
            trackLongitudeSum += p.longitude
        case .routePoint(let p):
            routePoints += 1
            latitudeSum += p.latitude
            longitudeSum += p.longitude
        case .waypoint(let p):
            waypoints += 1
            latitudeSum += p.latitude
            longitudeSum += p.longitude
        case .trackStart: tracks += 1
        case .segmentStart: segments += 1
        case .routeStart: routes += 1
        case .warning: warnings += 1
        default: break
        }
    }
}
