import GeoCore

/// A recorded track of one participant: fixes in time order.
public struct SyntheticTrack: Hashable, Sendable {
    /// One recorded fix.
    public struct Fix: Hashable, Sendable {
        /// Seconds since 1970-01-01T00:00:00Z.
        public var time: Seconds
        /// Where the device thought it was (the true position plus GPS error).
        public var coordinate: Coordinate
        /// Metres above sea level, when the synthesizer models it.
        public var elevationMeters: Meters?
    }

    /// The participant's name.
    public var participant: String
    /// The fixes, in time order.
    public var fixes: [Fix]
}
