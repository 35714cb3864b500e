/// Counts over a GPX event stream: the tracks, segments, points, routes and waypoints
/// `racekit inspect` reports.
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

    /// Zero counts, ready for the first event.
    public init() {}

    /// Accounts for one event.
    @inlinable
    public mutating func add(_ event: GPXEvent) {
        switch event {
        case .trackPoint(let p):
            trackPoints += 1
            if p.time != nil { timedTrackPoints += 1 }
        case .routePoint:
            routePoints += 1
        case .waypoint:
            waypoints += 1
        case .trackStart: tracks += 1
        case .segmentStart: segments += 1
        case .routeStart: routes += 1
        case .warning: warnings += 1
        default: break
        }
    }
}
