import GeoCore
import Geofencing
import RaceModel

/// Per-leg figures of every participant: split, leg rank, time behind the leg's best, distance
/// run, detour against the straight line, pace, and time lost against the MeOS baseline.
public struct LegAnalysis: Sendable {
    /// One leg run by one participant.
    public struct Leg: Hashable, Sendable {
        /// The participant's index in the replay input.
        public var participant: Int
        /// Stop indices: the leg runs from `from` to `to`.
        public var from: Int
        /// The stop index where the leg ends.
        public var to: Int
        /// Seconds from the arrival at `from` to the arrival at `to`.
        public var split: Seconds
        /// 1 for the fastest; equal splits share a rank.
        public var rank: Int
        /// Seconds behind the leg's fastest split.
        public var behind: Seconds
        /// Haversine length of the track from the arrival at `from` to the arrival at `to`, the
        /// steps that straddle either arrival cut at its instant.
        public var distanceRunMeters: Meters
        /// Straight line between the two stops' centres: the leg's length on the course.
        public var straightMeters: Meters
        /// Distance run over the straight line between where the participant was at the two
        /// arrivals: 1 for a perfectly straight leg, never less; `nil` when those points coincide.
        public var detourRatio: Double?
        /// Seconds per kilometre run.
        public var paceSecondsPerKilometer: Double?
        /// Time lost on this leg, against what the participant's own form predicts.
        public var timeLost: Seconds
    }

    /// Every leg of every participant.
    public let legs: [Leg]
    /// The MeOS baseline per leg (`from`, `to`).
    public let baselines: [LegKey: Seconds]

    /// A leg of the course, whoever ran it.
    public struct LegKey: Hashable, Sendable {
        /// The stop index where the leg starts.
        public var from: Int
        /// The stop index where the leg ends.
        public var to: Int
    }

    /// Analyses every participant's consecutive punches (in time order).
    public init(_ replay: ReplayResult) {
        let positions = replay.input.positions
        var rows = [[Int]](repeating: [], count: replay.input.names.count)
        for i in 0..<positions.count { rows[Int(positions.participant[i])].append(i) }
        let raw = replay.courses.indices.flatMap { p in
            Self.legs(of: p, check: replay.courses[p], rows: rows[p], positions: positions, fences: replay.fences)
        }
        self.init(legs: raw, participantCount: replay.input.names.count)
    }

    /// The legs participant `p` ran between consecutive punches, not yet ranked against the
    /// field (rank, time behind and time lost are 0): the part of the analysis that needs the
    /// participant's track, so a streaming simulation can drop the track afterwards.
    /// - Parameters:
    ///   - p: the participant's index.
    ///   - check: the participant's course check.
    ///   - rows: the participant's rows of `positions`, in time order.
    ///   - positions: fixes holding the participant's.
    ///   - fences: the engine's fence of each stop.
    static func legs(of p: Int, check: CourseCheck, rows: [Int], positions: PositionColumns, fences: [Fence]) -> [Leg] {
        var raw: [Leg] = []
        let punched = check.punches.filter { $0.time != nil }.sorted { $0.time! < $1.time! }
        for (a, b) in zip(punched, punched.dropFirst()) {
            let t0 = a.time!, t1 = b.time!
            let span = TrackSpan(rows: rows, of: positions, from: t0, to: t1)
            let run = span?.lengthMeters ?? 0
            let direct =
                span.map {
                    Haversine.distanceMeters(
                        $0.start.latitude, $0.start.longitude,
                        $0.end.latitude, $0.end.longitude)
                } ?? 0
            // The run passes through both end points, so it is never shorter than `direct`;
            // `max` only keeps rounding from printing a straight leg as 0.999….
            let ca = fences[a.stop].boundingCircle.centre, cb = fences[b.stop].boundingCircle.centre
            let straight = ca.distanceMeters(to: cb)
            raw.append(
                Leg(
                    participant: p, from: a.stop, to: b.stop, split: t1 - t0, rank: 0, behind: 0,
                    distanceRunMeters: run, straightMeters: straight,
                    detourRatio: direct > 0 ? max(1, run / direct) : nil,
                    paceSecondsPerKilometer: run > 0 ? (t1 - t0) / (run / 1000) : nil, timeLost: 0))
        }
        return raw
    }

    /// Ranks every participant's legs (from ``legs(of:check:rows:positions:fences:)``, in
    /// participant order) against the field: rank, time behind, MeOS baseline and time lost.
    init(legs: [Leg], participantCount: Int) {
        var raw = legs
        // Ranks, time behind and the MeOS baseline per leg.
        var byLeg: [LegKey: [Int]] = [:]
        for (i, leg) in raw.enumerated() { byLeg[LegKey(from: leg.from, to: leg.to), default: []].append(i) }
        var baselines: [LegKey: Seconds] = [:]
        for (key, members) in byLeg {
            let splits = members.map { raw[$0].split }.sorted()
            baselines[key] = Self.meosBaseline(splits)
            for m in members {
                raw[m].rank = 1 + Self.countBelow(raw[m].split, inSorted: splits)
                raw[m].behind = raw[m].split - splits[0]
            }
        }
        var byParticipant = [[Int]](repeating: [], count: participantCount)
        for i in raw.indices { byParticipant[raw[i].participant].append(i) }
        // Time lost: split minus the baseline scaled by the participant's median ratio to baselines.
        for mine in byParticipant {
            let ratios = mine.compactMap { i -> Double? in
                guard let base = baselines[LegKey(from: raw[i].from, to: raw[i].to)], base > 0 else { return nil }
                return raw[i].split / base
            }.sorted()
            guard !ratios.isEmpty else { continue }
            let form = ratios[ratios.count / 2]
            for i in mine {
                let expected = (baselines[LegKey(from: raw[i].from, to: raw[i].to)] ?? raw[i].split) * form
                raw[i].timeLost = max(0, raw[i].split - expected)
            }
        }
        self.legs = raw
        self.baselines = baselines
    }

    /// How many of `sorted` (ascending) are below `value`: a binary search, so ranking a leg
    /// run by thousands stays fast.
    static func countBelow(_ value: Seconds, inSorted sorted: [Seconds]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The ideal leg time as MeOS estimates it from the field's splits (ascending): the best
    /// time with fewer than 5 runners, the mean of the best 2 with 5–11, and the mean of places
    /// 2 … 1 + ⌊n/6⌋ with 12 or more. (MeOS, Melin Software: "time lost" analysis.)
    public static func meosBaseline(_ sorted: [Seconds]) -> Seconds {
        let n = sorted.count
        guard n > 0 else { return 0 }
        if n < 5 { return sorted[0] }
        if n < 12 { return (sorted[0] + sorted[1]) / 2 }
        let places = sorted[1...(n / 6)]
        return places.reduce(0, +) / Double(places.count)
    }
}
