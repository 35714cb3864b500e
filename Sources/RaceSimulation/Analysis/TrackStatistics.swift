import GeoCore

/// Length, duration and moving time of a recorded track, fed point by point (so a file of any
/// size is measured while it streams).
///
/// - Distance: the distance between consecutive points of a segment, by the measure given at
///   creation, summed; segments are not joined to each other.
/// - Duration: from the earliest to the latest timed point.
/// - Moving time: the sum of the time steps between consecutive timed points of a segment whose
///   average speed exceeds ``movingSpeedThreshold`` (0.5 m/s, a slow walk; stops, GPS drift at
///   rest and pauses count as not moving). Untimed points between them count towards the step's
///   distance.
///
/// The measure is the caller's: `racekit inspect` reports ellipsoidal geodesics
/// (`GeoProjection.Geodesic`, through PROJ), which this module does not depend on; the replay's
/// own analyses use haversine (`GeoCore.Haversine`).
public struct TrackStatistics {
    /// The speed above which a time step counts as moving, in metres per second.
    public static let movingSpeedThreshold = 0.5

    /// The length of every segment fed so far, summed.
    public private(set) var distanceMeters: Meters = 0
    /// The time spent moving faster than ``movingSpeedThreshold``.
    public private(set) var movingSeconds: Seconds = 0
    private let distance: (Coordinate, Coordinate) -> Meters
    private var earliest = Double.infinity, latest = -Double.infinity
    private var previous: Coordinate?
    private var previousTime: Seconds?
    private var distanceSincePreviousTime: Meters = 0

    /// Statistics measuring each step between consecutive points with `distance`.
    public init(distance: @escaping (Coordinate, Coordinate) -> Meters) {
        self.distance = distance
    }

    /// From the earliest to the latest timed point; `nil` when no point had a time.
    public var durationSeconds: Seconds? { earliest <= latest ? latest - earliest : nil }

    /// Starts a new segment: the next point is not joined to the last one.
    public mutating func startSegment() {
        previous = nil
        previousTime = nil
        distanceSincePreviousTime = 0
    }

    /// Adds the next point of the current segment, with its time (seconds on any clock) if it has one.
    public mutating func add(latitude: Degrees, longitude: Degrees, time: Seconds?) {
        let here = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        if let previous {
            let step = distance(previous, here)
            distanceMeters += step
            distanceSincePreviousTime += step
        }
        previous = here
        guard let time else { return }
        earliest = min(earliest, time)
        latest = max(latest, time)
        if let previousTime {
            let dt = time - previousTime
            if dt > 0 && distanceSincePreviousTime / dt > Self.movingSpeedThreshold { movingSeconds += dt }
        }
        previousTime = time
        distanceSincePreviousTime = 0
    }
}
