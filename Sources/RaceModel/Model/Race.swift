import GeoCore
import GeoFormats
import RaceKitCore

/// A whole race definition: what an organiser writes and every other part of RaceKit reads.
/// Stored as a versioned JSON file (``RaceFile``, format ``Race/format``).
public struct Race: Hashable, Sendable {
    /// The file format this model reads and writes.
    public static let format = "racekit.race/1"

    /// The race's name, as shown in reports.
    public var name: String
    /// Free text about the race, if any.
    public var description: String?
    /// When the race starts, as an RFC 3339 time with offset (`2026-05-02T10:00:00+02:00`).
    public var startTime: String?
    /// The IANA time zone of the venue (`Europe/Zurich`), for display.
    public var timeZone: String?
    /// How long participants have, from the start.
    public var timeLimitSeconds: Seconds?
    /// Detection and scoring settings shared by every course.
    public var rules: RaceRules
    /// The game mode that scores the race, and its configuration.
    public var mode: GameModeSelection
    /// The places participants must reach.
    public var stops: [Stop]
    /// The orders in which participants visit the stops.
    public var courses: [Course]
    /// Who takes part.
    public var participants: [Participant]
    /// The teams participants belong to, if any.
    public var teams: [Team]
    /// Whose positions the live server shows to whom.
    public var livePositions: PositionVisibility

    /// Creates a race; everything but the name has a default (classic mode, default rules, nothing else).
    public init(
        name: String, description: String? = nil, startTime: String? = nil, timeZone: String? = nil,
        timeLimitSeconds: Seconds? = nil, rules: RaceRules = RaceRules(),
        mode: GameModeSelection = GameModeSelection(name: "classic"), stops: [Stop] = [],
        courses: [Course] = [], participants: [Participant] = [], teams: [Team] = [],
        livePositions: PositionVisibility = .live
    ) {
        self.name = name
        self.description = description
        self.startTime = startTime
        self.timeZone = timeZone
        self.timeLimitSeconds = timeLimitSeconds
        self.rules = rules
        self.mode = mode
        self.stops = stops
        self.courses = courses
        self.participants = participants
        self.teams = teams
        self.livePositions = livePositions
    }

    /// The stop with this id, if any.
    public func stop(_ id: String) -> Stop? { stops.first { $0.id == id } }
}

/// How visits are judged and penalised.
public struct RaceRules: Hashable, Sendable {
    /// Seconds a participant must stay inside for a visit to count.
    public var minimumDwellSeconds: Seconds
    /// Metres past the boundary before a participant counts as having left (hysteresis).
    public var exitMarginMeters: Meters
    /// Fixes whose known accuracy is worse than this cannot register a visit.
    public var requiredAccuracyMeters: Meters?
    /// The speed the course must be feasible at, for the validator's time-limit check
    /// (default 1.4 m/s, a brisk walk).
    public var speedMetersPerSecond: Double
    /// Seconds added for each wrong answer.
    public var secondsPerWrongAnswer: Seconds
    /// Points taken off for each started minute over the time limit (rogaining).
    public var pointsPerMinuteOver: Int

    /// Creates rules; the defaults are those of a race file that states none.
    public init(
        minimumDwellSeconds: Seconds = 0, exitMarginMeters: Meters = 10, requiredAccuracyMeters: Meters? = nil,
        speedMetersPerSecond: Double = 1.4, secondsPerWrongAnswer: Seconds = 0, pointsPerMinuteOver: Int = 0
    ) {
        self.minimumDwellSeconds = minimumDwellSeconds
        self.exitMarginMeters = exitMarginMeters
        self.requiredAccuracyMeters = requiredAccuracyMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.secondsPerWrongAnswer = secondsPerWrongAnswer
        self.pointsPerMinuteOver = pointsPerMinuteOver
    }
}

/// The game mode of a race, by name, with the mode's own configuration (checked by the mode).
public struct GameModeSelection: Hashable, Sendable {
    /// The mode's identifier (`classic`, `score`, `quiz`, `relay`, `territory` or a plugin's).
    public var name: String
    /// A JSON object; its meaning belongs to the mode.
    public var configuration: JSONValue

    /// Selects a mode by name, with its configuration (`{}` for the mode's defaults).
    public init(name: String, configuration: JSONValue = .object([])) {
        self.name = name
        self.configuration = configuration
    }
}

/// Someone taking part.
public struct Participant: Hashable, Sendable {
    /// Unique within the race; tracks and responses refer to the participant by it.
    public var id: String
    /// The participant's name, as shown in reports.
    public var name: String
    /// The id of the participant's team, if any.
    public var team: String?
    /// The id of the course the participant runs; the race's first course when absent.
    public var course: String?

    /// Creates a participant, optionally on a team and a course.
    public init(id: String, name: String, team: String? = nil, course: String? = nil) {
        self.id = id
        self.name = name
        self.team = team
        self.course = course
    }
}

/// A team of participants.
public struct Team: Hashable, Sendable {
    /// Unique within the race; participants refer to the team by it.
    public var id: String
    /// The team's name, as shown in reports.
    public var name: String

    /// Creates a team.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
