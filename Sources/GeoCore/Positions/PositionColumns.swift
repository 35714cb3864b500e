/// Time-stamped positions of many participants as parallel contiguous columns
/// (structure of arrays): what the positions readers fill and the geofence engine's batch
/// queries and event detector read.
///
/// Row `i` is one fix: participant `participant[i]` was at (`latitude[i]`, `longitude[i]`) at
/// `time[i]` seconds, with horizontal accuracy `accuracy[i]` metres when known. Columns are
/// appended together and always have equal lengths.
public struct PositionColumns: Sendable, Equatable {
    /// The participant number of each fix.
    public private(set) var participant: ContiguousArray<Int32> = []
    /// The time of each fix, in seconds.
    public private(set) var time: ContiguousArray<Seconds> = []
    /// The latitude of each fix, in degrees.
    public private(set) var latitude: ContiguousArray<Degrees> = []
    /// The longitude of each fix, in degrees.
    public private(set) var longitude: ContiguousArray<Degrees> = []
    /// Accuracy in metres; a negative value means "unknown" (a fix without an accuracy field).
    public private(set) var accuracy: ContiguousArray<Meters> = []

    /// Empty columns; append fixes to fill them.
    public init() {}

    /// Columns filled elsewhere, such as the parts of a file read on several threads and joined.
    /// - Precondition: the columns have equal lengths, and every coordinate is valid.
    public init(
        participant: ContiguousArray<Int32>, time: ContiguousArray<Seconds>, latitude: ContiguousArray<Degrees>,
        longitude: ContiguousArray<Degrees>, accuracy: ContiguousArray<Meters>
    ) {
        precondition(
            [time.count, latitude.count, longitude.count, accuracy.count].allSatisfy { $0 == participant.count },
            "the columns have different lengths")
        self.participant = participant
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
    }

    /// Reserves room for `count` rows.
    public mutating func reserveCapacity(_ count: Int) {
        participant.reserveCapacity(count)
        time.reserveCapacity(count)
        latitude.reserveCapacity(count)
        longitude.reserveCapacity(count)
        accuracy.reserveCapacity(count)
    }

    /// Appends one fix. The coordinate must already be valid (see `Coordinate.validate(latitude:longitude:source:)`).
    public mutating func append(
        participant p: Int32, time t: Seconds, latitude lat: Degrees,
        longitude lon: Degrees, accuracy acc: Meters? = nil
    ) {
        participant.append(p)
        time.append(t)
        latitude.append(lat)
        longitude.append(lon)
        accuracy.append(acc ?? -1)
    }

    /// Number of fixes.
    public var count: Int { time.count }

    /// The accuracy of fix `i`, or `nil` when unknown.
    public func accuracyMeters(at i: Int) -> Meters? {
        accuracy[i] >= 0 ? accuracy[i] : nil
    }
}
