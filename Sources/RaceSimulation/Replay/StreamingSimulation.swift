import GeoCore
import Geofencing
import RaceModel

/// What `racekit simulate` reports, built one participant's whole track at a time: memory
/// grows with the participants, their visits, legs and flags, not with the fixes, unless the
/// tracks are kept for a map.
///
/// Each track is replayed (``StreamingReplay``) and analysed (distance run per leg, cheat
/// flags) as it comes, then dropped; ``finish(names:participantIDs:)`` ranks the legs against
/// the field. The report made from it equals ``RaceReport/init(replay:startEpoch:game:cheatLimits:warnings:)``
/// on the same tracks merged into one ``ReplayInput`` (the tests compare every format byte for
/// byte). The maps of the HTML and GeoJSON reports draw the tracks: for those, keep them.
public struct StreamingSimulation: Sendable {
    private var replay: StreamingReplay
    private let limits: CheatFlags.Limits
    /// Every fix fed, participant after participant, when the tracks are kept.
    private var kept: PositionColumns?
    private var participantIDs: [String?] = []
    private var legs: [LegAnalysis.Leg] = []
    private var flags: [CheatFlags.Flag] = []
    private var lastFixTime: Seconds?

    /// A simulation of `replay`'s race that has seen no track yet.
    /// - Parameters:
    ///   - replay: the race and its fences.
    ///   - cheatLimits: the limits the cheat flags use.
    ///   - keepingTracks: keep every fix, in feeding order, for reports that draw the tracks.
    public init(replay: RaceReplay, cheatLimits: CheatFlags.Limits = CheatFlags.Limits(), keepingTracks: Bool = false) {
        self.replay = StreamingReplay(replay: replay)
        limits = cheatLimits
        kept = keepingTracks ? PositionColumns() : nil
    }

    /// Tracks added so far; the next track is participant ``trackCount``.
    public var trackCount: Int { participantIDs.count }

    /// Replays and analyses the next participant's whole track.
    /// - Parameters:
    ///   - track: the participant's fixes in time order, on the race clock (their
    ///     `participant` column is not read).
    ///   - participantID: the race participant the track belongs to, when known (their course
    ///     is the one checked).
    public mutating func add(_ track: PositionColumns, participantID: String?) {
        let p = participantIDs.count
        participantIDs.append(participantID)
        let firstRow = replay.fixCount, firstVisit = replay.foundVisitCount
        for i in 0..<track.count {
            replay.ingest(
                participant: p, time: track.time[i], latitude: track.latitude[i], longitude: track.longitude[i],
                accuracyMeters: track.accuracyMeters(at: i))
            kept?.append(
                participant: Int32(p), time: track.time[i], latitude: track.latitude[i],
                longitude: track.longitude[i], accuracy: track.accuracyMeters(at: i))
        }
        let race = replay.replay.race
        // Only this track was fed since, so the visits found since are its own. The analyses
        // read the visits' rows in the track; the flags report rows in feeding order.
        let visits = replay.visits(foundAfter: firstVisit)
        let local = visits.map { visit in
            var visit = visit
            visit.fixRow -= firstRow
            return visit
        }
        let check = CourseCheck(
            race: race, course: replay.replay.course(forParticipantID: participantID), visits: visits,
            lastFixTime: track.time.last)
        if let last = track.time.last { lastFixTime = max(lastFixTime ?? last, last) }
        let rows = Array(0..<track.count)
        let fences = replay.replay.index.fences
        legs += LegAnalysis.legs(of: p, check: check, rows: rows, positions: track, fences: fences)
        flags += CheatFlags.flags(
            of: p, rows: rows, positions: track, visits: local, course: check.course, race: race, fences: fences,
            limits: limits
        ).map { flag in
            var flag = flag
            flag.fixRow += firstRow
            return flag
        }
    }

    /// The replay (no event log; its input holds the fixes only when the tracks are kept) and
    /// the analyses, for participants named `names`: one per track added, in order, then any
    /// without a track (did not start).
    /// - Parameters:
    ///   - names: display names, by participant index.
    ///   - untrackedIDs: the race participant of each name beyond the tracks (the tracks' own
    ///     come from ``add(_:participantID:)``).
    public func finish(names: [String], participantIDs untrackedIDs: [String?] = []) -> Result {
        precondition(
            names.count == trackCount + untrackedIDs.count, "a name for every track and every participant without one")
        let ids = participantIDs + untrackedIDs
        let summary = replay.finish(names: names, participantIDs: ids)
        let input = ReplayInput(names: names, participantIDs: ids, positions: kept ?? PositionColumns())
        let result = ReplayResult(
            race: replay.replay.race, input: input, visits: summary.visits, events: [], screening: summary.screening,
            courses: summary.courses, fences: replay.replay.index.fences,
            lastFixTime: lastFixTime)
        return Result(
            replay: result, legs: LegAnalysis(legs: legs, participantCount: names.count),
            flags: CheatFlags(flags: flags)
        )
    }

    /// A streamed replay with its analyses, ready for ``RaceReport/init(_:startEpoch:game:warnings:)``.
    public struct Result: Sendable {
        /// The replay: visits, screening and course checks, no event log, fixes only when kept.
        public let replay: ReplayResult
        /// Per-leg figures.
        public let legs: LegAnalysis
        /// Suspicious moments.
        public let flags: CheatFlags
    }
}
