import GeoCore

/// A place on the map that participants must reach: where it is (its fence) and what it asks
/// of them. How a stop is *used* (its order, whether it is optional) belongs to a ``Course``,
/// as in IOF XML 3.0, where a control is separate from the course that visits it.
public struct Stop: Hashable, Sendable {
    /// Unique within the race; courses refer to stops by it.
    public var id: String
    /// The stop's name, as shown to participants and in reports.
    public var name: String
    /// Where the stop is: a circle or polygons.
    public var fence: StopFence
    /// Something to do there, such as a question.
    public var task: StopTask?
    /// Points for reaching it (score hunts).
    public var points: Int?
    /// When the stop can be visited, relative to the race start.
    public var window: TimeWindow?
    /// Free text for the organiser (a GPX waypoint's `cmt`).
    public var notes: String?
    /// What participants are told about the place (a GPX waypoint's `desc`).
    public var description: String?
    /// A web address with more about the place (a GPX waypoint's first `link`).
    public var link: String?
    /// The kind of place, for modes and reports to group or show it by ("Parking Area", "Geocache";
    /// a GPX waypoint's `type`, else its `sym`).
    public var category: String?

    /// Creates a stop; everything but its id, name and fence is optional.
    public init(
        id: String, name: String, fence: StopFence, task: StopTask? = nil, points: Int? = nil,
        window: TimeWindow? = nil, notes: String? = nil, description: String? = nil, link: String? = nil,
        category: String? = nil
    ) {
        self.id = id
        self.name = name
        self.fence = fence
        self.task = task
        self.points = points
        self.window = window
        self.notes = notes
        self.description = description
        self.link = link
        self.category = category
    }
}

/// The area that counts as "at the stop".
public enum StopFence: Hashable, Sendable {
    /// Every point within `radiusMeters` of `centre` (haversine on the mean sphere).
    case circle(centre: Coordinate, radiusMeters: Meters)
    /// Polygons (rings of coordinates, exterior first, then holes), as GeoJSON's MultiPolygon.
    case polygon([[[Coordinate]]])
}

/// A question asked at a stop. The correct answer is kept by value, not by position, so the
/// options can be shuffled for each participant.
public struct StopTask: Hashable, Sendable {
    /// The question as shown to participants.
    public var question: String
    /// The possible answers, in the order written (shown shuffled).
    public var options: [String]
    /// The correct answer: one of `options`, by value.
    public var answer: String

    /// Creates a question with its options and correct answer.
    public init(question: String, options: [String], answer: String) {
        self.question = question
        self.options = options
        self.answer = answer
    }
}

/// When a stop is open, in seconds after the race start; either end may be absent.
public struct TimeWindow: Hashable, Sendable {
    /// Seconds after the start when the stop opens; open from the start when `nil`.
    public var opensAfterSeconds: Seconds?
    /// Seconds after the start when the stop closes; open to the end when `nil`.
    public var closesAfterSeconds: Seconds?

    /// Creates a window; either end may be absent.
    public init(opensAfterSeconds: Seconds? = nil, closesAfterSeconds: Seconds? = nil) {
        self.opensAfterSeconds = opensAfterSeconds
        self.closesAfterSeconds = closesAfterSeconds
    }
}
