import GeoCore

/// One participant at one stop: the truth the engine records for every visit, in or out of
/// course order. Whether a visit *counts* is the course check's or the game mode's rule.
public struct StopVisit: Hashable, Sendable {
    /// Index into the replay's participants.
    public var participant: Int
    /// Index into the race's stops.
    public var stop: Int
    /// Arrival: where the track crossed the fence boundary, interpolated between fixes,
    /// in seconds since the race start.
    public var time: Seconds
    /// Departure (interpolated), when the participant left within the replay.
    public var leftAt: Seconds?
    /// The accuracy of the fix that revealed the arrival, when known.
    public var accuracyMeters: Meters?
    /// The row (in the replay's positions) of the fix that revealed the arrival.
    public var fixRow: Int
}
