import GeoCore
import Geofencing

/// The tracks to replay: every participant's fixes as one table of columns, times in seconds
/// since the race start, rows of one participant in time order.
public struct ReplayInput: Sendable {
    /// Display names, indexed by `PositionColumns.participant`.
    public var names: [String]
    /// The race participant each track belongs to (`Participant.id`), when known; the course
    /// check uses that participant's course.
    public var participantIDs: [String?]
    /// Every fix of every participant; times in seconds since the race start.
    public var positions: PositionColumns

    /// Creates an input; without `participantIDs` no track belongs to a race participant.
    public init(names: [String], participantIDs: [String?]? = nil, positions: PositionColumns) {
        self.names = names
        self.participantIDs = participantIDs ?? names.map { _ in nil }
        self.positions = positions
    }
}
