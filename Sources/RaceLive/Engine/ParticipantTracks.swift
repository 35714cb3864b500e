/// Each participant's fixes in time order, and for each track the first position that changed
/// since the incremental replay last took it in (``LiveRace/takeInFixes()``), with the list of
/// those tracks: taking the changes in costs what changed, not a look at every participant.
///
/// The tracks also tell a resent fix (the same time again) from a new one, by binary search,
/// without a set of every fix ever taken. A run of fixes of one participant (a native batch is
/// one participant's) finds its track once, not by hashing the participant's id per fix.
struct ParticipantTracks: Sendable {
    /// Where each participant's track is in `tracks`.
    private var slots: [String: Int] = [:]
    private var tracks: [[LiveFix]] = []
    /// Per track, its participant.
    private var owners: [String] = []
    /// Per track, the first position changed since its change was taken; `Int.max` for none.
    private var changedFrom: [Int] = []
    /// The tracks with a change, each once.
    private var changedSlots: [Int] = []
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
            owners.append(fix.participant)
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
        if changedFrom[slot] == Int.max { changedSlots.append(slot) }
        changedFrom[slot] = min(changedFrom[slot], position)
        return true
    }

    /// How many participants have a track (one with a fix at least; a track never empties).
    var trackCount: Int { tracks.count }

    /// The changed tracks of the participants `isTaken` accepts, each with its first changed
    /// position, in the order they first changed since their last take; forgets those changes
    /// and keeps the others' (a fix can be in the log before its participant is known here).
    mutating func takeChanges(
        of isTaken: (String) -> Bool
    ) -> [(participant: String, track: [LiveFix], from: Int)] {
        var taken: [(participant: String, track: [LiveFix], from: Int)] = []
        var kept: [Int] = []
        for slot in changedSlots {
            guard isTaken(owners[slot]) else {
                kept.append(slot)
                continue
            }
            taken.append((owners[slot], tracks[slot], changedFrom[slot]))
            changedFrom[slot] = Int.max
        }
        changedSlots = kept
        return taken
    }

    /// Marks every track changed from its start (the replay starts over).
    mutating func markAllChanged() {
        changedFrom = Array(repeating: 0, count: tracks.count)
        changedSlots = Array(tracks.indices)
    }

    /// Forgets what changed (a copy that derives from scratch does not need it).
    mutating func forgetChanges() {
        changedFrom = Array(repeating: Int.max, count: tracks.count)
        changedSlots = []
    }

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
