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
        var runContinues = false
        for entry in entries {
            if var stretch = stretches.last, stretch.raceID == entry.raceID, stretch.lastSequence + 1 == entry.sequence
            {
                stretches.removeLast()  // so the stretch's arrays are not copied on write
                stretch.lastSequence = entry.sequence
                runContinues = Self.add(entry, to: &stretch, continuingRun: runContinues)
                stretches.append(stretch)
            } else {
                var stretch = Stretch(raceID: entry.raceID, firstSequence: entry.sequence, lastSequence: entry.sequence)
                runContinues = Self.add(entry, to: &stretch, continuingRun: false)
                stretches.append(stretch)
            }
        }
    }

    /// Adds `entry` to `stretch`: a fix to the last run when it follows it (same participant,
    /// same time of storing), else to a run of its own; returns whether a run now ends with it.
    private static func add(_ entry: LogEntry, to stretch: inout Stretch, continuingRun: Bool) -> Bool {
        guard case .fix(let fix) = entry.payload else {
            stretch.others.append(entry)
            return false
        }
        if continuingRun, let last = stretch.runs.indices.last, stretch.runs[last].participant == fix.participant,
            stretch.runs[last].recordedAt == entry.recordedAt
        {
            stretch.runs[last].fixes.append(fix)
        } else {
            stretch.runs.append(
                LogFixRun(
                    raceID: entry.raceID, firstSequence: entry.sequence, recordedAt: entry.recordedAt,
                    participant: fix.participant, fixes: [fix]))
        }
        return true
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
