import GeoCore

/// A recorded track of one participant: fixes in time order.
public struct SyntheticTrack: Hashable, Sendable {
    public struct Fix: Hashable, Sendable {
        /// Seconds since 1970-01-01T00:00:00Z.
        public var time: Seconds
        public var coordinate: Coordinate
        /// Metres above sea level, when the synthesizer models it.
        public var elevationMeters: Meters?
    }

    public var participant: String
    public var fixes: [Fix]
}
