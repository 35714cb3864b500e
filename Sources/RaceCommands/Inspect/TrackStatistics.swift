import GeoCore
import GeoFormats
import GeoProjection

/// Length, duration and moving time of tracks fed point by point.
///
/// - Distance: the ellipsoidal geodesic (WGS 84, Karney's `geod_inverse` through PROJ) between
///   consecutive points of a segment, summed; segments are not joined to each other.
/// - Duration: from the earliest to the latest timed point.
/// - Moving time: the sum of the time steps between consecutive timed points of a segment whose
///   average speed exceeds ``movingSpeedThreshold`` (0.5 m/s, a slow walk; stops, GPS drift at
///   rest and pauses count as not moving).
struct TrackStatistics {
    static let movingSpeedThreshold = 0.5

    private(set) var distanceMeters = 0.0
    private(set) var movingSeconds = 0.0
    private var earliest = Double.infinity, latest = -Double.infinity
    private var previous: Coordinate?
    private var previousTimed: (coordinate: Coordinate, time: Double)?
    private var timedDistance = 0.0
    var bounds = BoundingBoxAccumulator()

    var durationSeconds: Double? { earliest <= latest ? latest - earliest : nil }

    mutating func startSegment() {
        previous = nil
        previousTimed = nil
    }

    mutating func add(latitude: Double, longitude: Double, time: Double?) {
        let here = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        bounds.add(latitude: latitude, longitude: longitude)
        if let previous {
            let step = Geodesic.wgs84.distanceMeters(from: previous, to: here)
            distanceMeters += step
            timedDistance += step
        }
        previous = here
        if let time {
            earliest = min(earliest, time)
            latest = max(latest, time)
            if let last = previousTimed {
                let dt = time - last.time
                if dt > 0 && timedDistance / dt > Self.movingSpeedThreshold { movingSeconds += dt }
            }
            previousTimed = (here, time)
            timedDistance = 0
        }
    }
}


