import GeoCore
import RaceSimulation
import Testing

/// `TrackStatistics`, measured with a toy distance (1 m per 0.001° of latitude) so every figure
/// below can be checked by hand.
struct TrackStatisticsTests {
    private static func statistics() -> TrackStatistics {
        TrackStatistics { abs($1.latitude - $0.latitude) * 1_000 }
    }

    @Test func sumsStepsAndCountsOnlyFastStepsAsMoving() {
        var stats = Self.statistics()
        stats.startSegment()
        // Steps of 10 m, 0 m and 20 m, 10 s each: 1 m/s, 0 m/s and 2 m/s.
        for (latitude, time) in [(0.0, 0.0), (0.010, 10), (0.010, 20), (0.030, 30)] {
            stats.add(latitude: latitude, longitude: 0, time: time)
        }
        #expect(abs(stats.distanceMeters - 30) < 1e-9)
        #expect(stats.movingSeconds == 20)
        #expect(stats.durationSeconds == 30)
    }

    @Test func segmentsAreNotJoined() {
        var stats = Self.statistics()
        stats.startSegment()
        stats.add(latitude: 0, longitude: 0, time: 0)
        stats.add(latitude: 0.005, longitude: 0, time: 10)  // 5 m in 10 s: 0.5 m/s, not above the threshold
        stats.startSegment()
        stats.add(latitude: 1, longitude: 0, time: 100)  // 995 m away, but a new segment
        stats.add(latitude: 1.002, longitude: 0, time: 110)
        #expect(abs(stats.distanceMeters - 7) < 1e-9)
        #expect(stats.movingSeconds == 0)
        #expect(stats.durationSeconds == 110)
    }

    @Test func untimedPointsCountTowardsTheTimedStep() {
        var stats = Self.statistics()
        stats.add(latitude: 0, longitude: 0, time: 0)
        stats.add(latitude: 0.003, longitude: 0, time: nil)
        stats.add(latitude: 0.006, longitude: 0, time: 10)  // 6 m in 10 s: moving
        stats.add(latitude: 0.012, longitude: 0, time: 10)  // no time passes: never moving
        stats.add(latitude: 0.020, longitude: 0, time: 5)  // backwards in time: never moving
        #expect(abs(stats.distanceMeters - 20) < 1e-9)
        #expect(stats.movingSeconds == 10)
        #expect(stats.durationSeconds == 10)
    }

    @Test func noTimesNoDuration() {
        var stats = Self.statistics()
        stats.add(latitude: 0, longitude: 0, time: nil)
        stats.add(latitude: 0.5, longitude: 0, time: nil)
        #expect(abs(stats.distanceMeters - 500) < 1e-9)
        #expect(stats.durationSeconds == nil)
        #expect(stats.movingSeconds == 0)
    }

    @Test func measuresWithTheGivenDistance() {
        var stats = TrackStatistics(distance: Haversine.distanceMeters)
        stats.add(latitude: 46, longitude: 7, time: nil)
        stats.add(latitude: 47, longitude: 7, time: nil)
        // One degree of a meridian on the 6 371 008.8 m sphere: R·π/180.
        #expect(abs(stats.distanceMeters - 6_371_008.8 * .pi / 180) < 1e-6)
    }
}
