import GeoCore
import Geofencing
import RaceModel

/// Everything a replay found: the visits, the raw events, the fixes it could not use, and
/// each participant's course check. Analyses and reports are computed from it.
public struct ReplayResult: Sendable {
    /// The race that was replayed.
    public let race: Race
    /// The tracks that were replayed; without fixes when ``StreamingSimulation`` replayed
    /// them one at a time and kept none.
    public let input: ReplayInput
    /// Every visit of every stop, by arrival time.
    public let visits: [StopVisit]
    /// The engine's enter/exit/dwell/cross events; empty from ``StreamingSimulation``.
    public let events: [FenceEvent]
    /// Accepted and rejected fixes, per reason.
    public let screening: FixScreeningReport
    /// Per participant (input order).
    public let courses: [CourseCheck]
    /// The engine's fence of each stop, parallel to `race.stops` (built once by the replay).
    public let fences: [Fence]
    /// The time of the latest fix of anyone; `nil` without fixes.
    public let lastFixTime: Seconds?
}
