import GeoCore

/// Who led the race, and from when: after each punch, the leader is the participant with the
/// most controls punched, ties going to whoever got there first.
public struct LeaderTimeline: Hashable, Sendable {
    /// A new leader and when they took the lead.
    public struct Change: Hashable, Sendable {
        /// When, in seconds since the race start.
        public var time: Seconds
        /// The new leader's index in the replay input.
        public var participant: Int
        /// How many controls the leader had punched.
        public var punched: Int
    }

    /// Each change of leader, in time order.
    public let changes: [Change]

    /// Follows the lead through a replay's punches.
    public init(_ replay: ReplayResult) {
        var punches: [(time: Seconds, participant: Int)] = []
        for (p, check) in replay.courses.enumerated() {
            for punch in check.punches { if let t = punch.time { punches.append((t, p)) } }
        }
        punches.sort { ($0.time, $0.participant) < ($1.time, $1.participant) }
        var count = [Int](repeating: 0, count: replay.courses.count)
        var reached = [Seconds](repeating: 0, count: replay.courses.count)
        var changes: [Change] = []
        var leader: Int?
        for punch in punches {
            count[punch.participant] += 1
            reached[punch.participant] = punch.time
            let best = count.indices.max { a, b in
                count[a] != count[b] ? count[a] < count[b] : (reached[a], a) > (reached[b], b)
            }!
            if best != leader {
                leader = best
                changes.append(Change(time: punch.time, participant: best, punched: count[best]))
            }
        }
        self.changes = changes
    }
}
