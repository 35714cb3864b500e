import GameModes
import GeoCore
import Geofencing
import RaceModel

/// What `racekit simulate` reports, assembled once from a replay and rendered in any format
/// (table, JSON, CSV, GeoJSON, IOF XML, HTML). Times are seconds since the race start.
public struct RaceReport: Sendable {
    /// One row of the standings.
    public struct Standing: Hashable, Sendable {
        /// 1-based; `nil` for an unranked status.
        public var rank: Int?
        /// The participant's index in the replay input.
        public var participant: Int
        /// The participant's name.
        public var name: String
        /// The result of the course check.
        public var status: ResultStatus
        /// Arrival at the start stop, seconds since the race start.
        public var startTime: Seconds?
        /// Arrival at the finish stop, seconds since the race start.
        public var finishTime: Seconds?
        /// Finish minus start, when both were reached.
        public var runningTime: Seconds?
        /// Controls punched.
        public var stopsReached: Int
        /// Controls on the participant's course.
        public var stopsOnCourse: Int
        /// Points of the stops punched (score courses).
        public var points: Int
    }

    /// The race.
    public let race: Race
    /// The replay the report is made from.
    public let replay: ReplayResult
    /// The rows of the standings, best first.
    public let standings: [Standing]
    /// Splits and per-leg figures.
    public let legs: LegAnalysis
    /// Who led, and from when.
    public let leader: LeaderTimeline
    /// Suspicious moments, for a human to look at.
    public let flags: CheatFlags
    /// The race start as seconds since 1970, when the race states one (for absolute times).
    public let startEpoch: Seconds?
    /// The game mode's verdict on the same visits, when a mode was played.
    public let game: GamePlay?
    /// What the inputs had that could not be used as given (`file:line: warning: …`), also
    /// printed on standard error.
    public let warnings: [String]

    /// Assembles every analysis of `replay`; `startEpoch` makes times absolute where the formats want them.
    public init(
        replay: ReplayResult, startEpoch: Seconds?, game: GamePlay? = nil,
        cheatLimits: CheatFlags.Limits = CheatFlags.Limits(), warnings: [String] = []
    ) {
        self.init(
            replay: replay, legs: LegAnalysis(replay), flags: CheatFlags(replay, limits: cheatLimits),
            startEpoch: startEpoch, game: game, warnings: warnings)
    }

    /// The report of a simulation made track by track: the same as the batch report in every
    /// format, except that the maps of ``html`` and ``geoJSON`` draw tracks only when the
    /// simulation kept them.
    /// - Parameters:
    ///   - streamed: the replay and the analyses made track by track.
    ///   - startEpoch: the race start as seconds since 1970, for absolute times.
    ///   - game: the game mode's verdict, when a mode was played.
    ///   - warnings: what the inputs had that could not be used as given.
    public init(
        _ streamed: StreamingSimulation.Result, startEpoch: Seconds?, game: GamePlay? = nil, warnings: [String] = []
    ) {
        self.init(
            replay: streamed.replay, legs: streamed.legs, flags: streamed.flags, startEpoch: startEpoch, game: game,
            warnings: warnings)
    }

    private init(
        replay: ReplayResult, legs: LegAnalysis, flags: CheatFlags, startEpoch: Seconds?, game: GamePlay?,
        warnings: [String]
    ) {
        race = replay.race
        self.warnings = warnings
        self.replay = replay
        self.startEpoch = startEpoch
        self.game = game
        self.legs = legs
        leader = LeaderTimeline(replay)
        self.flags = flags
        standings = Self.standings(of: replay)
    }

    /// The standings of `replay`, best first: OK results by running time, then everyone else
    /// by status, stops reached and time; equal results share a rank. Cheap beside the rest of
    /// the report (no track is walked), so a live server ranks with it alone.
    public static func standings(of replay: ReplayResult) -> [Standing] {
        var rows = replay.courses.enumerated().map { p, check -> Standing in
            let points = check.punches.compactMap { $0.time == nil ? nil : replay.race.stops[$0.stop].points }.reduce(
                0, +)
            return Standing(
                rank: nil, participant: p, name: replay.input.names[p], status: check.status,
                startTime: check.startTime, finishTime: check.finishTime, runningTime: check.runningTime,
                stopsReached: check.punchedCount, stopsOnCourse: check.punches.count, points: points)
        }
        // OK first by running time; then everyone else by status, progress and time.
        rows.sort { a, b in
            if a.status.listingOrder != b.status.listingOrder { return a.status.listingOrder < b.status.listingOrder }
            if a.stopsReached != b.stopsReached { return a.stopsReached > b.stopsReached }
            let ta = a.runningTime ?? .infinity, tb = b.runningTime ?? .infinity
            if ta != tb { return ta < tb }
            return a.name < b.name
        }
        // Equal rows share a rank: the same controls reached in the same time (a course without a
        // finish, where OK results may differ in the optional controls reached, ranks by both).
        var rank = 0
        for i in rows.indices where rows[i].status == .ok {
            let same =
                i > 0 && rows[i - 1].status == .ok && rows[i - 1].runningTime == rows[i].runningTime
                && rows[i - 1].stopsReached == rows[i].stopsReached
            rank = same ? rank : i + 1
            rows[i].rank = rank
        }
        return rows
    }

    /// The game's standings row that scores participant `p` (its own row, or its team's), when a
    /// game was played.
    func gameRow(of p: Int) -> StandingsRow? {
        let id = replay.input.participantIDs[p] ?? replay.input.names[p]
        return game?.standings.rows.first { $0.competitor == id || $0.members.contains(id) }
    }

    /// `m:ss` or `h:mm:ss` for a duration or a time since the start.
    public static func clock(_ seconds: Seconds?) -> String {
        seconds.map(RaceClock.text) ?? "-"
    }
}
