import GeoCore
import Geofencing
import RaceModel

/// A replay kept up to date as tracks grow: each participant has a ``StreamingReplay`` of their
/// own that is fed only the fixes added at the end of their track since the last update, and is
/// replayed from the start only when a fix was put in earlier (a phone's late fix).
///
/// The engine keeps its state per participant, so replaying each track on its own finds the
/// same visits as replaying them time-merged: ``result(tracks:untracked:)`` equals
/// `StreamingSimulation`'s replay of the same tracks fed participant after participant (the
/// tests compare it with ``RaceReplay/run(_:)`` on the whole log). A live race re-derives its
/// standings many times a second with it, in time that grows with the fixes added, not with
/// the fixes held.
public struct IncrementalReplay: Sendable {
    /// The race and its fences.
    public let replay: RaceReplay
    private var tracks: [String: Track] = [:]
    /// Changes whenever a track's visits may have changed: a track added, replayed from its
    /// start or removed, or a visit found or closed by its exit. Between two results with the
    /// same revision and the same tracks, the visits and course checks are the same; only the
    /// screening and the last fix's time can differ (fixes that reached no stop).
    public private(set) var visitRevision = 0
    /// Changes whenever an arrival may have changed: as ``visitRevision`` but for exits.
    /// Between two results with the same arrival revision and the same tracks, the visits
    /// differ at most in when they were left (`StopVisit.leftAt`), so the course checks'
    /// punches and statuses, and a game played on the arrivals, are the same.
    public private(set) var arrivalRevision = 0
    /// The last result's visits, for the revision and the track order they were gathered at.
    private var gathered: (revision: Int, keys: [String], visits: [StopVisit])?

    /// One participant's replay and what was last made of it.
    private struct Track: Sendable {
        var streaming: StreamingReplay
        /// Fixes fed, from the track's first.
        var fed = 0
        var lastTime: Seconds?
        /// The visits found (participant 0, rows in this track), cached until they change.
        var visits: [StopVisit]?
        /// The course check made of them, for the participant index and race id it was made
        /// for, cached until they change.
        var check: (participant: Int, participantID: String?, check: CourseCheck)?
    }

    /// A replay of `replay`'s race that has seen no track yet.
    public init(replay: RaceReplay) { self.replay = replay }

    /// Brings the replay of the track `key` up to the track's first `count` fixes.
    /// - Parameters:
    ///   - key: the track's key (a participant id); the same key is the same track.
    ///   - count: the fixes the track holds now.
    ///   - unchanged: how many of the fixes fed before are still the first fixes of the track;
    ///     fewer than were fed (a fix put in before them) replays the track from its start.
    ///   - fix: the `i`th fix of the track, in time order, its time on the race clock.
    public mutating func update(
        _ key: String, count: Int, unchanged: Int,
        fix: (Int) -> (time: Seconds, latitude: Degrees, longitude: Degrees, accuracyMeters: Meters?)
    ) {
        // Taken out to be fed in place below, not through a copy that shares its storage.
        let known = tracks.removeValue(forKey: key)
        var track = known ?? Track(streaming: StreamingReplay(replay: replay))
        var visitsChanged = known == nil, arrivalsChanged = known == nil
        if unchanged < track.fed {
            track = Track(streaming: StreamingReplay(replay: replay))
            visitsChanged = true
            arrivalsChanged = true
        }
        if track.fed < count {
            let changesBefore = track.streaming.visitChangeCount
            let arrivalsBefore = track.streaming.foundVisitCount
            let wasEmpty = track.fed == 0
            for i in track.fed..<count {
                let f = fix(i)
                track.streaming.ingest(
                    participant: 0, time: f.time, latitude: f.latitude, longitude: f.longitude,
                    accuracyMeters: f.accuracyMeters)
                track.lastTime = f.time
            }
            track.fed = count
            // The course check reads the visits alone, and whether there is a fix at all.
            if wasEmpty || track.streaming.visitChangeCount != changesBefore {
                visitsChanged = true
                track.visits = nil
                track.check = nil
            }
            if wasEmpty || track.streaming.foundVisitCount != arrivalsBefore { arrivalsChanged = true }
        }
        tracks[key] = track
        if visitsChanged { visitRevision &+= 1 }
        if arrivalsChanged { arrivalRevision &+= 1 }
    }

    /// Forgets the track `key` (its participant left the field).
    public mutating func remove(_ key: String) {
        guard tracks.removeValue(forKey: key) != nil else { return }
        visitRevision &+= 1
        arrivalRevision &+= 1
    }

    /// The replay of the tracks `tracks`, in that order (participant 0, 1, …), then of the
    /// participants `untracked` (did not start): visits by arrival time, each visit's row
    /// counted in its participant's own track; course checks; screening (sample rows counted
    /// in the tracks laid one after another); no fixes and no event log. Only the tracks
    /// updated since the last result are checked again.
    /// - Parameters:
    ///   - order: each track's key (updated before), display name and race participant id.
    ///   - untracked: display names and race ids of participants without a track.
    public mutating func result(
        tracks order: [(key: String, name: String, participantID: String?)],
        untracked: [(name: String, participantID: String?)] = []
    ) -> ReplayResult {
        let keys = order.map(\.key)
        // Fixes that reached no stop leave every visit as it was: gathered and sorted once.
        let reused = gathered.flatMap { $0.revision == visitRevision && $0.keys == keys ? $0.visits : nil }
        var visits: [StopVisit] = []
        var screening = FixScreeningReport()
        var courses: [CourseCheck] = []
        courses.reserveCapacity(order.count + untracked.count)
        var lastFixTime: Seconds?
        var rows = 0
        let replay = self.replay
        // Each track is read and its caches filled in place: a copy out of the dictionary
        // and back would copy every track's replay state on every call.
        func add(_ track: inout Track, as p: Int, _ entry: (key: String, name: String, participantID: String?)) {
            let cached = track.check.flatMap { cached in
                cached.participant == p && cached.participantID == entry.participantID ? cached.check : nil
            }
            var own: [StopVisit] = []
            if cached == nil || reused == nil {
                let found = track.visits ?? track.streaming.sortedVisits
                track.visits = found
                own = found.map { visit in
                    var visit = visit
                    visit.participant = p
                    return visit
                }
            }
            if let cached {
                courses.append(cached)
            } else {
                let check = CourseCheck(
                    race: replay.race, course: replay.course(forParticipantID: entry.participantID), visits: own,
                    lastFixTime: track.lastTime)
                track.check = (p, entry.participantID, check)
                courses.append(check)
            }
            if reused == nil { visits += own }
            screening.add(track.streaming.screening, asParticipant: Int32(p), rowOffset: rows)
            if let last = track.lastTime { lastFixTime = max(lastFixTime ?? last, last) }
            rows += track.fed
        }
        for (p, entry) in order.enumerated() {
            guard let slot = tracks.index(forKey: entry.key) else {
                preconditionFailure("track \"\(entry.key)\" was never updated")
            }
            add(&tracks.values[slot], as: p, entry)
        }
        if let reused {
            visits = reused
        } else {
            visits.sort { ($0.time, $0.participant, $0.stop) < ($1.time, $1.participant, $1.stop) }
            gathered = (visitRevision, keys, visits)
        }
        for participantID in untracked.map(\.participantID) {
            courses.append(
                CourseCheck(
                    race: replay.race, course: replay.course(forParticipantID: participantID), visits: [],
                    lastFixTime: nil))
        }
        return ReplayResult(
            race: replay.race,
            input: ReplayInput(
                names: order.map(\.name) + untracked.map(\.name),
                participantIDs: order.map(\.participantID) + untracked.map(\.participantID),
                positions: PositionColumns()),
            visits: visits, events: [], screening: screening, courses: courses, fences: replay.index.fences,
            lastFixTime: lastFixTime)
    }
}
