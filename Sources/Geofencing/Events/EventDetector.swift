import GeoCore

/// Detects enter, exit, dwell and cross events of every participant at every fence over a
/// batch of time-ordered fixes (docs/architecture.md, "Core semantics", Events).
///
/// Rows are grouped by participant, each participant's rows kept in file order, and fed to a
/// ``ParticipantEventTracker`` (which documents the state machine, the screening and the
/// interpolated times). A row earlier than its participant's previous rows is therefore
/// rejected as out of order, not re-sorted. The events come back sorted by
/// ``FenceEvent/areInLogOrder(_:_:)``: the same log, byte for byte, however the participants'
/// rows are interleaved.
///
/// Distances are haversine on the mean sphere (`Haversine`), like every fence check.
public struct EventDetector: Sendable {
    /// The fences; events name them by position in ``GridIndex/fences``.
    public let index: GridIndex
    /// Hysteresis, confirmation, dwell, accuracy gate, speed limit and crossings.
    public let rules: EventRules

    /// Creates a detector over the fences of `index`.
    /// - Precondition: `rules` are valid (``EventRules/problem`` is `nil`).
    public init(index: GridIndex, rules: EventRules = EventRules()) {
        if let problem = rules.problem { preconditionFailure("invalid event rules: \(problem)") }
        self.index = index
        self.rules = rules
    }

    /// Detects the events of every participant in `positions`.
    ///
    /// Accuracy is read as GeoCore's `PositionColumns` stores it: a finite negative value is unknown;
    /// NaN or an infinity makes the fix ``FixRejection/invalid``.
    /// - Complexity: O(n) tracking plus O(e log e) to sort the e events; memory O(n + e + fences).
    public func detect(_ positions: PositionColumns) -> EventLog {
        var workspace = EventWorkspace(detector: self)
        var events: [FenceEvent] = []
        var tracker = ParticipantEventTracker(participant: 0)
        for (participant, rows) in Self.rowsByParticipant(positions.participant) {
            tracker.restart(participant: participant)
            for row32 in rows {
                let row = Int(row32)
                let accuracy = positions.accuracy[row]
                tracker.ingest(
                    row: row, time: positions.time[row], latitude: positions.latitude[row],
                    longitude: positions.longitude[row],
                    accuracyMeters: accuracy < 0 && accuracy.isFinite ? nil : accuracy,
                    workspace: &workspace
                ) { events.append($0) }
            }
        }
        events.sort(by: FenceEvent.areInLogOrder)
        return EventLog(events: events, screening: workspace.report)
    }

    /// Each participant with its rows in increasing order, participants in order of first
    /// appearance. A counting sort: O(n).
    /// Rows and slots are 32-bit (a `PositionColumns` holds fewer than 2³¹ rows): half the memory
    /// traffic of `Int` over millions of rows.
    private static func rowsByParticipant(_ participants: ContiguousArray<Int32>) -> [(Int32, ArraySlice<Int32>)] {
        precondition(participants.count < Int(Int32.max), "more than 2³¹ − 1 rows")
        // Each row's participant slot, found once: through a table indexed by id when the ids
        // are few and dense (the usual 0..<n), else a dictionary. Hashing every row twice was
        // about 5 % of detection.
        var ids: [Int32] = [], counts: [Int] = []
        var slotOfRow = [Int32](repeating: 0, count: participants.count)
        let low = participants.min() ?? 0, high = participants.max() ?? 0
        let span = Int(high) - Int(low) + 1
        if span <= 2 * participants.count + 1024 {
            var table = [Int](repeating: -1, count: span)
            for (row, p) in participants.enumerated() {
                let key = Int(p) - Int(low)
                var s = table[key]
                if s < 0 {
                    s = ids.count
                    table[key] = s
                    ids.append(p)
                    counts.append(0)
                }
                counts[s] += 1
                slotOfRow[row] = Int32(s)
            }
        } else {
            var slot: [Int32: Int] = [:]
            for (row, p) in participants.enumerated() {
                let s: Int
                if let known = slot[p] {
                    s = known
                } else {
                    s = ids.count
                    slot[p] = s
                    ids.append(p)
                    counts.append(0)
                }
                counts[s] += 1
                slotOfRow[row] = Int32(s)
            }
        }
        var starts = [Int](repeating: 0, count: ids.count + 1)
        for s in ids.indices { starts[s + 1] = starts[s] + counts[s] }
        var next = starts
        var rows = [Int32](repeating: 0, count: participants.count)
        for (row, s) in slotOfRow.enumerated() {
            rows[next[Int(s)]] = Int32(truncatingIfNeeded: row)
            next[Int(s)] += 1
        }
        return ids.indices.map { (ids[$0], rows[starts[$0]..<starts[$0 + 1]]) }
    }
}
