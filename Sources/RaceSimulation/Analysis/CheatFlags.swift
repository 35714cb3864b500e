import GeoCore
import Geofencing
import RaceModel

/// Suspicious things in the tracks, each with its evidence, for a human to look at: an
/// impossible speed for the sport, a teleport jump, a stop reached with no approach, and poor
/// accuracy at the moment of a visit.
public struct CheatFlags: Sendable {
    /// What a flag is about.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case impossibleSpeed = "impossible-speed"
        case teleport
        case noApproach = "no-approach"
        case poorAccuracy = "poor-accuracy"
    }

    /// One suspicious moment of one participant, with its evidence.
    public struct Flag: Hashable, Sendable {
        /// What kind of suspicion.
        public var kind: Kind
        /// The participant's index in the replay input.
        public var participant: Int
        /// When, in seconds since the race start.
        public var time: Seconds
        /// The row in the replay's positions the evidence points at.
        public var fixRow: Int
        /// The evidence, in words and numbers.
        public var evidence: String
    }

    /// The limits the flags use.
    public struct Limits: Hashable, Sendable {
        /// Sustained speed above this over 30 s is impossible for the sport (default 7 m/s: a
        /// fast runner; set ~20 for cyclists).
        public var maximumSpeedMetersPerSecond = 7.0
        /// A single step longer than this within 5 s is a jump.
        public var teleportMeters = 150.0
        /// An arrival whose previous fix was farther than this from the stop, or a longer gap
        /// than `approachSeconds` before it, has no approach.
        public var approachMeters = 200.0
        /// The longest gap before an arrival that still counts as an approach.
        public var approachSeconds = 60.0
        /// Accuracy worse than this at a visit is flagged (or the race's required accuracy).
        public var accuracyMeters = 50.0

        /// The default limits: a fast runner's.
        public init() {}
    }

    /// Every flag found.
    public let flags: [Flag]

    /// Looks for every kind of flag in a replay under `limits`.
    public init(_ replay: ReplayResult, limits: Limits = Limits()) {
        let positions = replay.input.positions
        var rows = [[Int]](repeating: [], count: replay.input.names.count)
        for i in 0..<positions.count { rows[Int(positions.participant[i])].append(i) }
        var visits = [[StopVisit]](repeating: [], count: replay.input.names.count)
        for visit in replay.visits { visits[visit.participant].append(visit) }
        let flags = rows.indices.flatMap { p in
            Self.flags(
                of: p, rows: rows[p], positions: positions, visits: visits[p], course: replay.courses[p].course,
                race: replay.race, fences: replay.fences, limits: limits)
        }
        self.init(flags: flags)
    }

    /// Every flag of participant `p`: the part of the analysis that needs the participant's
    /// track, so a streaming simulation can drop the track afterwards.
    /// - Parameters:
    ///   - p: the participant's index.
    ///   - rows: the participant's rows of `positions`, in time order.
    ///   - positions: fixes holding the participant's.
    ///   - visits: the participant's visits by arrival time, their `fixRow` rows of `positions`.
    ///   - course: the course the participant is checked against.
    ///   - race: the race (its stops and accuracy rule).
    ///   - fences: the engine's fence of each stop.
    ///   - limits: the limits the flags use.
    /// - Returns: the flags, their `fixRow` rows of `positions`, not yet in time order.
    static func flags(
        of p: Int, rows mine: [Int], positions: PositionColumns, visits: [StopVisit], course: Course?, race: Race,
        fences: [Fence], limits: Limits
    ) -> [Flag] {
        var flags: [Flag] = []
        var windowStart = 0
        var flaggedSpeedUntil = -Double.infinity
        // travelled[k]: metres from the participant's first fix to fix k, so any window's
        // distance is one subtraction.
        var travelled = [Double](repeating: 0, count: mine.count)
        for (k, row) in mine.enumerated() where k > 0 {
            let previous = mine[k - 1]
            let dt = positions.time[row] - positions.time[previous]
            let step = Haversine.distanceMeters(
                positions.latitude[previous], positions.longitude[previous],
                positions.latitude[row], positions.longitude[row])
            travelled[k] = travelled[k - 1] + step
            if dt > 0, dt <= 5, step > limits.teleportMeters {
                flags.append(
                    Flag(
                        kind: .teleport, participant: p, time: positions.time[row], fixRow: row,
                        evidence: "jumped \(Int(step.rounded())) m in \(Int(dt)) s"))
            }
            // Sustained speed over a sliding window of at least 30 s.
            while windowStart < k - 1, positions.time[row] - positions.time[mine[windowStart + 1]] >= 30 {
                windowStart += 1
            }
            let from = mine[windowStart], span = positions.time[row] - positions.time[from]
            if span >= 30, positions.time[row] > flaggedSpeedUntil {
                let distance = travelled[k] - travelled[windowStart]
                if distance / span > limits.maximumSpeedMetersPerSecond {
                    flags.append(
                        Flag(
                            kind: .impossibleSpeed, participant: p, time: positions.time[row], fixRow: row,
                            evidence:
                                "\(Int(distance.rounded())) m in \(Int(span)) s: \(((distance / span) * 10).rounded() / 10) m/s"
                        ))
                    flaggedSpeedUntil = positions.time[row] + 60
                }
            }
        }
        let accuracyLimit = race.rules.requiredAccuracyMeters ?? limits.accuracyMeters
        for visit in visits {
            let stop = race.stops[visit.stop]
            if let accuracy = visit.accuracyMeters, accuracy > accuracyLimit {
                flags.append(
                    Flag(
                        kind: .poorAccuracy, participant: p, time: visit.time, fixRow: visit.fixRow,
                        evidence:
                            "accuracy \(Int(accuracy.rounded())) m at \"\(stop.id)\" (limit \(Int(accuracyLimit)) m)"))
            }
            // The fix before the one that revealed the arrival, in this participant's rows. A
            // track that begins inside a stop other than its course's start had no approach.
            guard let k = mine.firstIndex(of: visit.fixRow) else { continue }
            guard k > 0 else {
                if course?.start != stop.id {
                    flags.append(
                        Flag(
                            kind: .noApproach, participant: p, time: visit.time, fixRow: visit.fixRow,
                            evidence: "the track begins inside \"\(stop.id)\", which is not the start"))
                }
                continue
            }
            let before = mine[k - 1]
            let circle = fences[visit.stop].boundingCircle
            let distance =
                Haversine.distanceMeters(
                    positions.latitude[before], positions.longitude[before],
                    circle.centre.latitude, circle.centre.longitude) - circle.radiusMeters
            let gap = positions.time[visit.fixRow] - positions.time[before]
            if distance > limits.approachMeters || gap > limits.approachSeconds {
                flags.append(
                    Flag(
                        kind: .noApproach, participant: p, time: visit.time, fixRow: visit.fixRow,
                        evidence:
                            "reached \"\(stop.id)\" from \(Int(distance.rounded())) m away after a \(Int(gap)) s gap"))
            }
        }
        return flags
    }

    /// Every participant's flags (from ``flags(of:rows:positions:visits:course:race:fences:limits:)``),
    /// put in time order.
    init(flags: [Flag]) {
        self.flags = flags.sorted {
            ($0.time, $0.participant, $0.kind.rawValue) < ($1.time, $1.participant, $1.kind.rawValue)
        }
    }
}
