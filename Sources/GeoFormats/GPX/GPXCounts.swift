/// Counts and coordinate sums over a GPX event stream: what `racekit inspect` reports and what
/// the gpx-quirks test files' `expected.csv` pins for each file.
///
/// Feed it every event of a ``GPXReader``; it keeps O(1) state.
public struct GPXCounts: Hashable, Sendable {
    /// Tracks (GPX `trk`).
    public var tracks = 0
    /// Track segments.
    public var segments = 0
    /// Track points.
    public var trackPoints = 0
    /// Track points that carry a time the reader could parse.
    public var timedTrackPoints = 0
    /// Routes (GPX `rte`).
    public var routes = 0
    /// Route points.
    public var routePoints = 0
    /// Waypoints.
    public var waypoints = 0
    /// Warnings the reader reported.
    public var warnings = 0
    /// Sum of the latitudes of every track, route and waypoint, in document order.
    public var latitudeSum = 0.0
    /// Sum of the longitudes of every track, route and waypoint, in document order.
    public var longitudeSum = 0.0
    /// Sum of the track points' latitudes only (the peers' `sum_lat`).
    public var trackLatitudeSum = 0.0
    /// Sum of the track points' longitudes only (the peers' `sum_lon`).
    public var trackLongitudeSum = 0.0

    /// Zero counts, ready for the first event.
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
