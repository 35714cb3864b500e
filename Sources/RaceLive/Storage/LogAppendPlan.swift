/// An append to SQLite's log, cut into what is checked and stored together: stretches of
/// consecutive sequence numbers of one race, each holding its fixes as runs (``LogFixRun``,
/// rows of `log_fix_runs`) and its other entries as rows of `log_entries`.
///
/// A run's key is its first sequence number, so the primary keys no longer refuse a sequence
/// number stored twice on their own: before a stretch is stored, ``overlapSQL`` asks whether
/// any stored entry or run lies in its range. Stretches are checked and stored one after
/// another, so a number an append repeats collides with its own earlier stretch.
struct LogAppendPlan {
    /// Entries of one race with the sequence numbers `firstSequence...lastSequence`.
    struct Stretch {
        /// The race.
        var raceID: String
        /// The first entry's sequence number.
        var firstSequence: Int64
        /// The last entry's sequence number.
        var lastSequence: Int64
        /// The stretch's fixes, as runs of one participant's fixes stored at one time.
        var runs: [LogFixRun] = []
        /// The stretch's other entries (game inputs, organiser actions).
        var others: [LogEntry] = []
    }

    /// The stretches, in the append's order.
    private(set) var stretches: [Stretch] = []

    /// Cuts `entries` into stretches and runs, keeping their order.
    init(_ entries: [LogEntry]) {
        var index = entries.startIndex
        while index < entries.endIndex {
            let first = entries[index]
            var stretch = Stretch(raceID: first.raceID, firstSequence: first.sequence, lastSequence: first.sequence)
            repeat {
                let entry = entries[index]
                guard case .fix(let fix) = entry.payload else {
                    stretch.others.append(entry)
                    index += 1
                    continue
                }
                // The run's end is found first, so its fixes are copied once into an array of
                // their number (a batch's run is hundreds of fixes).
                var end = index + 1
                while end < entries.endIndex, Self.continues(entries[end], entries[end - 1], fix.participant) {
                    end += 1
                }
                var fixes: [LiveFix] = []
                fixes.reserveCapacity(end - index)
                for next in entries[index..<end] { if case .fix(let fix) = next.payload { fixes.append(fix) } }
                stretch.runs.append(
                    LogFixRun(
                        raceID: entry.raceID, firstSequence: entry.sequence, recordedAt: entry.recordedAt,
                        participant: fix.participant, fixes: fixes))
                index = end
            } while index < entries.endIndex && entries[index].raceID == stretch.raceID
                && entries[index].sequence == entries[index - 1].sequence &+ 1
            stretch.lastSequence = entries[index - 1].sequence
            stretches.append(stretch)
        }
    }

    /// Whether `entry` belongs to the run of `participant`'s fixes that `previous` ends: a fix
    /// of the same participant, race and time of storing, numbered next.
    private static func continues(_ entry: LogEntry, _ previous: LogEntry, _ participant: String) -> Bool {
        guard case .fix(let fix) = entry.payload else { return false }
        return fix.participant == participant && entry.raceID == previous.raceID
            && entry.sequence == previous.sequence &+ 1 && entry.recordedAt == previous.recordedAt
    }

    /// Whether race `?1` has a stored entry or run with a sequence number in `?2...?3`: 1 or 0.
    /// Stored runs never overlap, so only the last one starting at or before `?3` can reach
    /// into the range; both lookups are seeks in a primary key.
    static let overlapSQL = """
        SELECT EXISTS (SELECT 1 FROM log_entries WHERE race_id = ?1 AND seq BETWEEN ?2 AND ?3)
            OR IFNULL(
                (SELECT last_seq >= ?2 FROM log_fix_runs WHERE race_id = ?1 AND first_seq <= ?3
                 ORDER BY first_seq DESC LIMIT 1), 0)
        """

    /// The columns of a `log_fix_runs` row as inserted, the race id first.
    static let runColumns = "race_id, first_seq, last_seq, recorded_at, participant, fixes"
    /// The number of ``runColumns``.
    static let runColumnCount = 6

    /// The refusal of a stretch whose range holds a stored entry.
    static func conflict(_ stretch: Stretch) -> LiveStoreError {
        .conflict(
            "log entries \(stretch.firstSequence)...\(stretch.lastSequence) of race \"\(stretch.raceID)\" (a number is taken)"
        )
    }
}
