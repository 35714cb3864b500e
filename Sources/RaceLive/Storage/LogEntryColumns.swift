/// A log entry's payload as the columns of the `log_entries` table every store shares: one
/// column set for every kind of entry, the ones a kind does not use `nil`.
///
/// Both stores map entries through this type, so the kind names and which column holds what
/// are written down once (``SQLiteLiveStore`` binds them as SQLite values, the PostgreSQL store
/// streams them as `COPY` text).
public struct LogEntryColumns: Hashable, Sendable {
    /// The entry's kind: `fix`, `answer`, `submission`, `leave`, `start` or `end`.
    public var kind: String
    /// The participant (fixes and game inputs).
    public var participant: String?
    /// The fix's, input's or action's time, seconds since 1970.
    public var time: Double
    /// A fix's latitude in degrees.
    public var latitude: Double?
    /// A fix's longitude in degrees.
    public var longitude: Double?
    /// A fix's accuracy in metres.
    public var accuracy: Double?
    /// A fix's altitude in metres.
    public var altitude: Double?
    /// A fix's speed in metres per second.
    public var speed: Double?
    /// A fix's bearing in degrees.
    public var bearing: Double?
    /// A fix's battery level in percent.
    public var battery: Double?
    /// An answer's stop id.
    public var stop: String?
    /// An answer's choice or a submission's text.
    public var text: String?
    /// A submission's round.
    public var round: Int?

    /// The columns of `payload`.
    public init(_ payload: LogPayload) {
        kind = ""
        time = 0
        switch payload {
        case .fix(let fix):
            kind = "fix"
            participant = fix.participant
            time = fix.time
            latitude = fix.latitude
            longitude = fix.longitude
            accuracy = fix.accuracyMeters
            altitude = fix.altitudeMeters
            speed = fix.speedMetersPerSecond
            bearing = fix.bearingDegrees
            battery = fix.batteryPercent
        case .game(let input):
            participant = input.participant
            time = input.time
            switch input.kind {
            case .answer(let stopID, let choice):
                kind = "answer"
                stop = stopID
                text = choice
            case .submission(let number, let body):
                kind = "submission"
                round = number
                text = body
            case .leave: kind = "leave"
            }
        case .organiser(let action):
            time = action.time
            switch action {
            case .start: kind = "start"
            case .end: kind = "end"
            }
        }
    }

    /// Columns read back from a store (every one that the kind does not use may be `nil`).
    public init(
        kind: String, participant: String?, time: Double, latitude: Double?, longitude: Double?, accuracy: Double?,
        altitude: Double?, speed: Double?, bearing: Double?, battery: Double?, stop: String?, text: String?,
        round: Int?
    ) {
        self.kind = kind
        self.participant = participant
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.altitude = altitude
        self.speed = speed
        self.bearing = bearing
        self.battery = battery
        self.stop = stop
        self.text = text
        self.round = round
    }

    /// The payload these columns hold.
    /// - Parameters:
    ///   - raceID: The entry's race, for the error message.
    ///   - sequence: The entry's sequence number, for the error message.
    /// - Throws: ``LiveStoreError/corrupt(_:)`` for an unknown kind or a column the kind needs that is `nil`.
    public func payload(raceID: String, sequence: Int64) throws -> LogPayload {
        func required<T>(_ value: T?, _ name: String) throws -> T {
            guard let value else {
                throw LiveStoreError.corrupt("log entry \(sequence) of race \"\(raceID)\" has no \(name)")
            }
            return value
        }
        switch kind {
        case "fix":
            return .fix(
                LiveFix(
                    participant: try required(participant, "participant"), time: time,
                    latitude: try required(latitude, "latitude"), longitude: try required(longitude, "longitude"),
                    accuracyMeters: accuracy, altitudeMeters: altitude, speedMetersPerSecond: speed,
                    bearingDegrees: bearing, batteryPercent: battery))
        case "answer":
            return .game(
                LiveGameInput(
                    participant: try required(participant, "participant"), time: time,
                    kind: .answer(stop: try required(stop, "stop"), choice: try required(text, "choice"))))
        case "submission":
            return .game(
                LiveGameInput(
                    participant: try required(participant, "participant"), time: time,
                    kind: .submission(round: try required(round, "round"), text: try required(text, "text"))))
        case "leave":
            return .game(LiveGameInput(participant: try required(participant, "participant"), time: time, kind: .leave))
        case "start": return .organiser(.start(time: time))
        case "end": return .organiser(.end(time: time))
        default:
            throw LiveStoreError.corrupt("log entry \(sequence) of race \"\(raceID)\" has the unknown kind \"\(kind)\"")
        }
    }
}
