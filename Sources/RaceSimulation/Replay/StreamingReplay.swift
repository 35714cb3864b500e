import GeoCore
import Geofencing
import RaceModel

/// A replay fed one fix at a time, keeping no fixes: memory grows with the participants, the
/// fences they are inside and the visits found, not with the fixes (docs/architecture.md, "Core semantics", Events).
///
/// Feed each participant's fixes in their own time order (participants may interleave, as a
/// time-merged stream does, or come one after another, as files read in turn do); then
/// ``finish(names:participantIDs:)`` gives the visits, the course checks and the screening,
/// equal to ``RaceReplay/run(_:)`` on the same fixes stored as rows in the order they were fed
/// (the tests check this over seeded random fields). The analyses that walk the tracks again
/// (distance run per leg, cheat flags, maps) need the stored fixes and are not part of it.
public struct StreamingReplay: Sendable {
    /// The race and its fences.
    public let replay: RaceReplay
    private var workspace: EventWorkspace
    private var trackers: [ParticipantEventTracker] = []
    private var lastFix: [Seconds?] = []
    private var recorder: VisitRecorder
    /// Fixes fed so far; the next fix's row (``StopVisit/fixRow`` counts fixes in feeding order).
    public private(set) var fixCount = 0
    /// Events the engine reported so far (enters, exits, dwells, crossings).
    public private(set) var eventCount = 0

    /// A replay of `replay`'s race that has seen no fix yet.
    public init(replay: RaceReplay) {
        self.replay = replay
        workspace = EventWorkspace(detector: EventDetector(index: replay.index, rules: replay.eventRules))
        recorder = VisitRecorder(minimumDwell: replay.race.rules.minimumDwellSeconds, stops: replay.race.stops.count)
    }

    /// Participants seen so far: one more than the largest index fed.
    public var participantCount: Int { trackers.count }

    /// Screens and replays one fix of participant `participant` (0, 1, …).
    /// - Parameters:
    ///   - participant: the participant's index (0, 1, …).
    ///   - time: the fix's time in seconds on the race clock.
    ///   - latitude: the fix's latitude in degrees.
    ///   - longitude: the fix's longitude in degrees.
    ///   - accuracyMeters: horizontal accuracy, `nil` when unknown.
    /// - Returns: why the fix was rejected (see `FixRejection`), or `nil` when it was used.
    @discardableResult
    public mutating func ingest(
        participant: Int, time: Seconds, latitude: Degrees, longitude: Degrees,
        accuracyMeters: Meters? = nil
    ) -> FixRejection? {
        precondition(participant >= 0 && participant < Int(Int32.max), "participant index out of range")
        while trackers.count <= participant {
            trackers.append(ParticipantEventTracker(participant: Int32(trackers.count)))
            lastFix.append(nil)
        }
        let row = fixCount
        fixCount += 1
        // Record into a local (swapped out, so its arrays stay uniquely referenced and are not
        // copied) rather than through `self` inside the closure.
        var recorder = VisitRecorder(minimumDwell: 0, stops: 0)
        swap(&recorder, &self.recorder)
        var events = 0
        let rejection = trackers[participant].ingest(
            row: row, time: time, latitude: latitude, longitude: longitude,
            accuracyMeters: accuracyMeters, workspace: &workspace
        ) { event in
            recorder.record(event)
            events += 1
        }
        swap(&recorder, &self.recorder)
        eventCount += events
        lastFix[participant] = time
        return rejection
    }

    /// Counts the changes to the visits found so far (a visit found, or closed by its exit):
    /// while it stays the same, ``finish(names:participantIDs:)`` finds the same visits.
    var visitChangeCount: Int { recorder.changeCount }

    /// The visits found so far, open ones included, by arrival time (then participant, then
    /// stop): ``finish(names:participantIDs:)``'s, without its course checks.
    var sortedVisits: [StopVisit] { recorder.sortedVisits() }

    /// The fixes screened so far: ``finish(names:participantIDs:)``'s screening.
    var screening: FixScreeningReport { workspace.report }

    /// Visits found so far, open ones included.
    var foundVisitCount: Int { recorder.visits.count }

    /// The visits found since there were `count`, by arrival time (then participant, then stop).
    func visits(foundAfter count: Int) -> [StopVisit] {
        recorder.visits[count...].sorted { ($0.time, $0.participant, $0.stop) < ($1.time, $1.participant, $1.stop) }
    }

    /// What the replay found, for participants named `names` (``participantCount`` or more;
    /// a participant without fixes did not start) with their race ids, when known.
    public func finish(names: [String], participantIDs: [String?]? = nil) -> Summary {
        precondition(names.count >= trackers.count, "a name for every participant fed")
        let ids = participantIDs ?? names.map { _ in nil }
        var lastFix = lastFix
        lastFix += [Seconds?](repeating: nil, count: names.count - lastFix.count)
        let visits = recorder.sortedVisits()
        return Summary(
            names: names, visits: visits, screening: workspace.report,
            courses: replay.courseChecks(visits: visits, lastFix: lastFix, participantIDs: ids),
            eventCount: eventCount)
    }

    /// The result of a streaming replay: ``ReplayResult`` without the fixes and the event log.
    public struct Summary: Sendable {
        /// Display names, by participant index.
        public let names: [String]
        /// Every visit of every stop, by arrival time.
        public let visits: [StopVisit]
        /// Accepted and rejected fixes.
        public let screening: FixScreeningReport
        /// Per participant, in index order.
        public let courses: [CourseCheck]
        /// How many enter, exit, dwell and cross events the detector emitted.
        public let eventCount: Int
    }
}
