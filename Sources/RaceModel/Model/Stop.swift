import GeoCore

/// A place on the map that participants must reach: where it is (its fence) and what it asks
/// of them. How a stop is *used* (its order, whether it is optional) belongs to a ``Course``,
/// as in IOF XML 3.0, where a control is separate from the course that visits it.
public struct Stop: Hashable, Sendable {
    /// Unique within the race; courses refer to stops by it.
    public var id: String
    public var name: String
    public var fence: StopFence
    /// Something to do there, such as a question.
    public var task: StopTask?
    /// Points for reaching it (score hunts).
    public var points: Int?
    /// When the stop can be visited, relative to the race start.
    public var window: TimeWindow?
    /// Free text for the organiser.
    public var notes: String?

    public init(id: String, name: String, fence: StopFence, task: StopTask? = nil, points: Int? = nil,
                window: TimeWindow? = nil, notes: String? = nil) {
        self.id = id
        self.name = name
        self.fence = fence
        self.task = task
        self.points = points
        self.window = window
        self.notes = notes
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
    public var question: String
    public var options: [String]
    public var answer: String

    public init(question: String, options: [String], answer: String) {
        self.question = question
        self.options = options
        self.answer = answer
    }
}

/// When a stop is open, in seconds after the race start; either end may be absent.
public struct TimeWindow: Hashable, Sendable {
    public var opensAfterSeconds: Seconds?
    public var closesAfterSeconds: Seconds?

    public init(opensAfterSeconds: Seconds? = nil, closesAfterSeconds: Seconds? = nil) {
        self.opensAfterSeconds = opensAfterSeconds
        self.closesAfterSeconds = closesAfterSeconds
    }
}
