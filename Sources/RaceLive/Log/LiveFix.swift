/// A position fix as stored in the log: the participant, the device's time and position, and
/// what else the tracker sent. Only time, latitude and longitude drive the race; the rest is
/// kept for exports and diagnostics.
public struct LiveFix: Hashable, Sendable {
    /// The race participant's id (`Participant.id`, or the id given at joining).
    public var participant: String
    /// When the device took the fix, seconds since 1970.
    public var time: Double
    /// Latitude in degrees (−90…90).
    public var latitude: Double
    /// Longitude in degrees (−180…180).
    public var longitude: Double
    /// Horizontal accuracy in metres, when the device said.
    public var accuracyMeters: Double?
    /// Altitude in metres, when the device said.
    public var altitudeMeters: Double?
    /// Speed in metres per second, when the device said.
    public var speedMetersPerSecond: Double?
    /// Bearing in degrees clockwise from north, when the device said.
    public var bearingDegrees: Double?
    /// Battery level in percent, when the device said.
    public var batteryPercent: Double?

    /// Creates a fix.
    public init(
        participant: String, time: Double, latitude: Double, longitude: Double, accuracyMeters: Double? = nil,
        altitudeMeters: Double? = nil, speedMetersPerSecond: Double? = nil, bearingDegrees: Double? = nil,
        batteryPercent: Double? = nil
    ) {
        self.participant = participant
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.accuracyMeters = accuracyMeters
        self.altitudeMeters = altitudeMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.bearingDegrees = bearingDegrees
        self.batteryPercent = batteryPercent
    }

    /// Two fixes of one participant at one time are the same fix (a phone's resend): the
    /// second changes nothing.
    public var identity: FixIdentity { FixIdentity(participant: participant, time: time) }
}

/// What makes a fix a duplicate of another: the same participant at the same time.
public struct FixIdentity: Hashable, Sendable {
    /// The participant's id.
    public var participant: String
    /// The fix time, seconds since 1970.
    public var time: Double
}
