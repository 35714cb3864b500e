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

    /// One participant's replay and what was last made of it.
    private struct Track: Sendable {
        var streaming: StreamingReplay
        /// Fixes fed, from the track's first.
        var fed = 0
        var lastTime: Seconds?
        /// The visits found (participant 0, rows in this track), cached until the track changes.
        var summary: StreamingReplay.Summary?
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
        var track = tracks[key] ?? Track(streaming: StreamingReplay(replay: replay))
        tracks[key] = nil  // fed in place below, not through a copy that shares its storage
        if unchanged < track.fed { track = Track(streaming: StreamingReplay(replay: replay)) }
        if track.fed < count {
            for i in track.fed..<count {
                let f = fix(i)
                track.streaming.ingest(
                    participant: 0, time: f.time, latitude: f.latitude, longitude: f.longitude,
                    accuracyMeters: f.accuracyMeters)
                track.lastTime = f.time
            }
            track.fed = count
            track.summary = nil
        }
        tracks[key] = track
    }

    /// Forgets the track `key` (its participant left the field).
    public mutating func remove(_ key: String) { tracks[key] = nil }

    /// The replay of the tracks `tracks`, in that order (participant 0, 1, …), then of the
    /// participants `untracked` (did not start): visits by arrival time, each row counted in
    /// the tracks laid one after another; course checks; screening; no fixes and no event log,
    /// as `StreamingSimulation` gives without kept tracks.
    /// - Parameters:
    ///   - tracks: each track's key (updated before), display name and race participant id.
    ///   - untracked: display names and race ids of participants without a track.
    public mutating func result(
        tracks order: [(key: String, name: String, participantID: String?)],
        untracked: [(name: String, participantID: String?)] = []
    ) -> ReplayResult {
        var visits: [StopVisit] = []
        var screening = FixScreeningReport()
        var lastFix: [Seconds?] = []
        var rows = 0
        for (p, entry) in order.enumerated() {
            guard var track = tracks[entry.key] else {
                preconditionFailure("track \"\(entry.key)\" was never updated")
            }
            let summary =
                track.summary ?? track.streaming.finish(names: [entry.name], participantIDs: [entry.participantID])
            if track.summary == nil {
                track.summary = summary
                tracks[entry.key] = track
            }
            for visit in summary.visits {
                var visit = visit
                visit.participant = p
                visit.fixRow += rows
                visits.append(visit)
            }
            screening.add(summary.screening, asParticipant: Int32(p), rowOffset: rows)
            lastFix.append(track.lastTime)
            rows += track.fed
        }
        visits.sort { ($0.time, $0.participant, $0.stop) < ($1.time, $1.participant, $1.stop) }
        let names = order.map(\.name) + untracked.map(\.name)
        let ids = order.map(\.participantID) + untracked.map(\.participantID)
        lastFix += [Seconds?](repeating: nil, count: untracked.count)
        return ReplayResult(
            race: replay.race, input: ReplayInput(names: names, participantIDs: ids, positions: PositionColumns()),
            visits: visits, events: [], screening: screening,
            courses: replay.courseChecks(visits: visits, lastFix: lastFix, participantIDs: ids),
            fences: replay.index.fences, lastFixTime: lastFix.compactMap { $0 }.max())
    }
}
