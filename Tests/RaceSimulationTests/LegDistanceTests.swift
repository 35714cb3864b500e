import GeoCore
import Geofencing
import Testing

@testable import RaceSimulation

/// A leg's distance run: the track from one arrival instant to the next, the partial steps at
/// both ends cut at the arrivals, so it is never shorter than the straight line between them.
struct LegDistanceTests {
    @Test("a straight, evenly sampled leg has a detour of 1 and runs the arrival-to-arrival length")
    func straightLeg() throws {
        // Stops 500 m apart, radius 25 m: leg 0→1 runs from the first stop's centre (the start,
        // t = 0) to 25 m before the next; later legs from boundary to boundary, 500 m.
        // At 3 m/s with a fix a second, no arrival after the start falls on a fix.
        let analysis = LegAnalysis(try ReplayTests.replay([3.0, 2.5, 4.0]))
        #expect(analysis.legs.count == 12)
        for leg in analysis.legs {
            let expected: Meters = leg.from == 0 ? 475 : 500
            #expect(abs(leg.distanceRunMeters - expected) < 0.01, "\(leg)")
            #expect(abs(leg.straightMeters - 500) < 0.01)
            let ratio = try #require(leg.detourRatio)
            #expect(ratio >= 1 && ratio < 1 + 1e-9, "\(leg)")
        }
    }

    @Test("track span length equals a finely resampled reference on seeded random tracks")
    func randomTracks() throws {
        var random = SplitMix64(seed: 20_261_124)
        for trial in 0..<200 {
            var columns = PositionColumns()
            var t = random.uniform(-50...50)
            var lat = random.uniform(-70...70), lon = random.uniform(-170...170)
            let fixes = 1 + Int(random.uniform(0...40))
            for _ in 0..<fixes {
                columns.append(participant: 0, time: t, latitude: lat, longitude: lon)
                t += random.uniform(0.2...30)
                lat += random.uniform(-0.002...0.002)
                lon += random.uniform(-0.002...0.002)
            }
            let first = columns.time.first!, last = columns.time.last!
            // Instants anywhere, also before the first fix, after the last and on fixes.
            var ends = [random.uniform((first - 20)...(last + 20)), random.uniform((first - 20)...(last + 20))]
            if trial % 5 == 0 { ends[0] = columns.time[Int(random.uniform(0...Double(fixes - 1)))] }
            if trial % 7 == 0 { ends[1] = columns.time[Int(random.uniform(0...Double(fixes - 1)))] }
            ends.sort()
            let rows = Array(0..<columns.count)
            let span = try #require(TrackSpan(rows: rows, of: columns, from: ends[0], to: ends[1]))
            let reference = Self.resampledLength(columns, from: ends[0], to: ends[1])
            #expect(
                abs(span.lengthMeters - reference) <= 1e-6 * reference + 1e-6,
                "trial \(trial): \(span.lengthMeters) vs \(reference)")
            let start = Self.position(columns, at: ends[0]), end = Self.position(columns, at: ends[1])
            #expect(Haversine.distanceMeters(span.start.latitude, span.start.longitude, start.0, start.1) < 1e-6)
            #expect(Haversine.distanceMeters(span.end.latitude, span.end.longitude, end.0, end.1) < 1e-6)
            let direct = Haversine.distanceMeters(start.0, start.1, end.0, end.1)
            #expect(span.lengthMeters >= direct * (1 - 1e-12), "trial \(trial)")
        }
    }

    /// The slow, obvious reference: the position at each of many instants between `t0` and `t1`
    /// (every fix time in between included), found by scanning the whole track, summed step by step.
    static func resampledLength(_ columns: PositionColumns, from t0: Seconds, to t1: Seconds) -> Meters {
        let steps = 5000
        var instants = (0...steps).map { t0 + (t1 - t0) * Double($0) / Double(steps) }
        instants += columns.time.filter { $0 > t0 && $0 < t1 }
        instants.sort()
        var length = 0.0
        for (a, b) in zip(instants, instants.dropFirst()) {
            let p = position(columns, at: a), q = position(columns, at: b)
            length += Haversine.distanceMeters(p.0, p.1, q.0, q.1)
        }
        return length
    }

    /// Linear interpolation in time between the fixes either side of `t`; the end fixes outside.
    static func position(_ columns: PositionColumns, at t: Seconds) -> (Degrees, Degrees) {
        if t <= columns.time[0] { return (columns.latitude[0], columns.longitude[0]) }
        for i in 1..<columns.count where columns.time[i] >= t {
            let f = (t - columns.time[i - 1]) / (columns.time[i] - columns.time[i - 1])
            return (
                columns.latitude[i - 1] + f * (columns.latitude[i] - columns.latitude[i - 1]),
                columns.longitude[i - 1] + f * (columns.longitude[i] - columns.longitude[i - 1])
            )
        }
        return (columns.latitude[columns.count - 1], columns.longitude[columns.count - 1])
    }
}
