import GeoCore
import Geofencing

/// The part of one participant's track between two instants (two arrivals): where the
/// participant was at each instant and the haversine length of the path in between.
///
/// Fixes rarely fall on the instants themselves, so the steps that straddle them are cut there,
/// positions interpolated linearly in time. Counting only the fixes inside the interval would
/// drop both partial steps and can make a leg shorter than the straight line between its ends.
struct TrackSpan {
    /// Where the participant was at the first instant (latitude, longitude in degrees).
    let start: (latitude: Degrees, longitude: Degrees)
    /// Where the participant was at the second instant.
    let end: (latitude: Degrees, longitude: Degrees)
    /// Haversine length from `start` through every fix strictly between the instants to `end`.
    let lengthMeters: Meters

    /// The span of the track made of `rows` (one participant's rows of `positions`, in time
    /// order) from `t0` to `t1` (`t0 <= t1`); `nil` for a track without fixes. Before the first
    /// fix and after the last one the participant is taken to stay at that fix.
    init?(rows: [Int], of positions: PositionColumns, from t0: Seconds, to t1: Seconds) {
        guard !rows.isEmpty else { return nil }
        let first = Self.firstIndex(in: rows, of: positions, atOrAfter: t0)
        let last = Self.firstIndex(in: rows, of: positions, atOrAfter: t1)
        start = Self.position(in: rows, of: positions, at: t0, index: first)
        end = Self.position(in: rows, of: positions, at: t1, index: last)
        var length = 0.0
        var previous = start
        // Fixes strictly between the instants; one at exactly t0 is `start` itself.
        var k = first
        while k < last {
            let row = rows[k]
            if positions.time[row] > t0 {
                length += Haversine.distanceMeters(
                    previous.latitude, previous.longitude,
                    positions.latitude[row], positions.longitude[row])
                previous = (positions.latitude[row], positions.longitude[row])
            }
            k += 1
        }
        lengthMeters =
            length + Haversine.distanceMeters(previous.latitude, previous.longitude, end.latitude, end.longitude)
    }

    /// The index into `rows` of the first fix at or after `t` (`rows.count` when none is).
    private static func firstIndex(in rows: [Int], of positions: PositionColumns, atOrAfter t: Seconds) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if positions.time[rows[middle]] < t { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The position at `t`, given the index of the first fix at or after it.
    private static func position(
        in rows: [Int], of positions: PositionColumns, at t: Seconds,
        index k: Int
    ) -> (latitude: Degrees, longitude: Degrees) {
        let b = rows[min(k, rows.count - 1)]
        guard k > 0, k < rows.count, positions.time[b] > t else {
            return (positions.latitude[b], positions.longitude[b])
        }
        let a = rows[k - 1]
        let fraction = (t - positions.time[a]) / (positions.time[b] - positions.time[a])
        // The shorter way round in longitude, so a step across ±180° is not interpolated the long way.
        let dLon = (positions.longitude[b] - positions.longitude[a]).remainder(dividingBy: 360)
        return (
            positions.latitude[a] + fraction * (positions.latitude[b] - positions.latitude[a]),
            positions.longitude[a] + fraction * dLon
        )
    }
}
