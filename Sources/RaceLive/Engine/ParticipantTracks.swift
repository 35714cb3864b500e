/// Each participant's fixes in time order, and for each track the first position that changed
/// since the incremental replay last took it in (``LiveRace/leaderboardState()``).
///
/// The tracks also tell a resent fix (the same time again) from a new one, by binary search,
/// without a set of every fix ever taken. A run of fixes of one participant (a native batch is
/// one participant's) finds its track once, not by hashing the participant's id per fix.
struct ParticipantTracks: Sendable {
    /// Where each participant's track is in `tracks`.
    private var slots: [String: Int] = [:]
    private var tracks: [[LiveFix]] = []
    /// Per track, the first position changed since ``takeChange(of:)``; `Int.max` for none.
    private var changedFrom: [Int] = []
    /// The participant of the last insert and their slot.
    private var last: (participant: String, slot: Int)?

    /// The fixes of `participant` in time order; `nil` before their first.
    subscript(participant: String) -> [LiveFix]? { slot(of: participant).map { tracks[$0] } }

    /// Whether `participant`'s track has a fix at `fix.time`.
    func holds(_ fix: LiveFix) -> Bool {
        guard let slot = slot(of: fix.participant) else { return false }
        return holds(time: fix.time, inTrack: slot)
    }

    /// Whether the track at `slot` (``slot(of:)``) has a fix at `time`: a run of one
    /// participant's fixes looks their track up once.
    func holds(time: Double, inTrack slot: Int) -> Bool {
        let track = tracks[slot]
        guard let last = track.last, last.time >= time else { return false }
        let index = Self.firstIndex(notEarlierThan: time, in: track)
        return index < track.count && track[index].time == time
    }

    /// Puts a fix in its place in its participant's track: at the end when in order, else after
    /// every earlier fix.
    /// - Returns: `false` for a duplicate (a fix at the same time is there), which is not inserted.
    mutating func insert(_ fix: LiveFix) -> Bool {
        let slot: Int
        if let last, last.participant == fix.participant {
            slot = last.slot
        } else if let known = slots[fix.participant] {
            slot = known
        } else {
            slot = tracks.count
            slots[fix.participant] = slot
            tracks.append([])
            changedFrom.append(Int.max)
        }
        last = (fix.participant, slot)
        let position: Int
        if let end = tracks[slot].last, end.time >= fix.time {
            position = Self.firstIndex(notEarlierThan: fix.time, in: tracks[slot])
            guard position == tracks[slot].count || tracks[slot][position].time != fix.time else { return false }
            tracks[slot].insert(fix, at: position)
        } else {
            position = tracks[slot].count
            tracks[slot].append(fix)
        }
        changedFrom[slot] = min(changedFrom[slot], position)
        return true
    }

    /// The first position of `participant`'s track that changed since the last call for them,
    /// and forgets it; `nil` when nothing changed.
    mutating func takeChange(of participant: String) -> Int? {
        guard let slot = slot(of: participant), changedFrom[slot] != Int.max else { return nil }
        defer { changedFrom[slot] = Int.max }
        return changedFrom[slot]
    }

    /// Marks every track changed from its start (the replay starts over).
    mutating func markAllChanged() { changedFrom = Array(repeating: 0, count: tracks.count) }

    /// Forgets what changed (a copy that derives from scratch does not need it).
    mutating func forgetChanges() { changedFrom = Array(repeating: Int.max, count: tracks.count) }

    /// Where `participant`'s track is; `nil` before their first fix.
    func slot(of participant: String) -> Int? {
        if let last, last.participant == participant { return last.slot }
        return slots[participant]
    }

    /// The position of the first fix at or after `time` in a track ordered by time (binary search).
    private static func firstIndex(notEarlierThan time: Double, in track: [LiveFix]) -> Int {
        var low = 0, high = track.count
        while low < high {
            let mid = (low + high) / 2
            if track[mid].time < time { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
