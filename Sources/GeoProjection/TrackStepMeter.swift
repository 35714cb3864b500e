import GeoCore

/// The lengths of a track's steps by ``Geodesic/stepMeters(from:to:)``, bit for bit, with each
/// point's Earth-centred coordinates worked out once: a step that starts where the previous one
/// ended reuses that end's, so a track of n points costs n conversions instead of 2(n − 1).
///
/// ```swift
/// var steps = TrackStepMeter()
/// let length = zip(points, points.dropFirst()).reduce(0) { $0 + steps.meters(from: $1.0, to: $1.1) }
/// ```
public struct TrackStepMeter {
    /// The ellipsoid the steps are measured on.
    public let geodesic: Geodesic
    private var lastEnd: (latitude: UInt64, longitude: UInt64)?
    private var lastEndCentred = (x: 0.0, y: 0.0, z: 0.0)

    /// A meter on `geodesic` that has measured no step yet.
    public init(_ geodesic: Geodesic = .wgs84) {
        self.geodesic = geodesic
    }

    /// The length of the step from `start` to `end`: ``Geodesic/stepMeters(from:to:)``.
    public mutating func meters(from start: Coordinate, to end: Coordinate) -> Meters {
        // Compared bit for bit, so a reused conversion is the one `start` would give.
        let reuse = lastEnd.map { $0 == (start.latitude.bitPattern, start.longitude.bitPattern) } ?? false
        let a = reuse ? lastEndCentred : geodesic.earthCentred(start)
        let b = geodesic.earthCentred(end)
        (lastEnd, lastEndCentred) = ((end.latitude.bitPattern, end.longitude.bitPattern), b)
        return geodesic.stepMeters(chord: Geodesic.chordMeters(a, b), from: start, to: end)
    }
}
