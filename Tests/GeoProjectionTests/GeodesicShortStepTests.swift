import Foundation
import GeoCore
import GeoProjection
import Testing

/// Short steps by the chord against Karney's geodesic: never longer, and short by no more than the
/// stated bound, over seeded random steps everywhere (poles, the antimeridian) and of every length.
struct GeodesicShortStepTests {
    /// A random point, with the poles, the equator and the antimeridian over-represented.
    private func point(_ random: inout SplitMix64) -> Coordinate {
        let latitude: Double
        switch random.next() % 6 {
        case 0: latitude = random.next() % 2 == 0 ? 89.9999 : -89.9999
        case 1: latitude = 0
        default: latitude = random.uniform(-90...90)
        }
        let longitude = random.next() % 5 == 0 ? 179.9999 : random.uniform(-180...180)
        return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    @Test("0 <= geodesic - chord <= the bound (+ rounding) for steps up to 1 km", arguments: 0..<4)
    func chordWithinBound(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let geodesic = Geodesic.wgs84
        var worstShare = 0.0
        for _ in 0..<20_000 {
            let start = point(&random)
            // Lengths from millimetres to the switch-over, evenly in log scale.
            let length = pow(10, random.uniform(-3...3))
            let end = geodesic.direct(from: start, azimuth: random.uniform(-180...180), distanceMeters: length)
                .coordinate
            let exact = geodesic.distanceMeters(from: start, to: end)
            let step = geodesic.stepMeters(from: start, to: end)
            guard exact <= Geodesic.longestChordStepMeters else { continue }
            let bound = geodesic.chordErrorBoundMeters(forStep: exact)
            let rounding = 1e-8  // Karney's own error (15 nm) and the chord's rounding
            #expect(
                step <= exact + rounding && exact - step <= bound + rounding, "\(start) \(end): \(exact) vs \(step)")
            if exact > 500 { worstShare = max(worstShare, (exact - step) / bound) }
        }
        // The bound is tight: steps along a meridian near the equator come close to it.
        #expect(worstShare > 0.5)
    }

    @Test("steps longer than 1 km are Karney's exactly")
    func longStepsAreKarney() {
        var random = SplitMix64(seed: 9)
        let geodesic = Geodesic.wgs84
        for _ in 0..<2_000 {
            let start = point(&random), end = point(&random)
            let exact = geodesic.distanceMeters(from: start, to: end)
            if exact > 1_001 { #expect(geodesic.stepMeters(from: start, to: end) == exact) }
        }
    }

    @Test("a track step meter gives stepMeters' lengths bit for bit, across segment breaks, repeats and long steps")
    func trackStepMeter() {
        var random = SplitMix64(seed: 10)
        let geodesic = Geodesic.wgs84
        var meter = TrackStepMeter(geodesic)
        var previous = point(&random)
        var reused = 0, long = 0
        for _ in 0..<20_000 {
            // Mostly a walk of short steps; now and then a jump, a repeated point or a new segment.
            let next: Coordinate
            switch random.next() % 20 {
            case 0: next = point(&random)
            case 1: next = previous
            default:
                next =
                    geodesic.direct(
                        from: previous, azimuth: random.uniform(-180...180), distanceMeters: random.uniform(0...50)
                    ).coordinate
            }
            let start = random.next() % 25 == 0 ? point(&random) : previous
            if start == previous { reused += 1 }
            let expected = geodesic.stepMeters(from: start, to: next)
            if expected > Geodesic.longestChordStepMeters { long += 1 }
            #expect(meter.meters(from: start, to: next).bitPattern == expected.bitPattern, "\(start) → \(next)")
            previous = next
        }
        #expect(reused > 15_000 && long > 500, "\(reused) steps from the last end, \(long) long ones")
    }

    @Test("the bound: about 1 µm for 1 km, 1 mm for 10 km, on WGS 84")
    func boundValues() {
        #expect(abs(Geodesic.wgs84.chordErrorBoundMeters(forStep: 1_000) - 1.038e-6) < 0.001e-6)
        #expect(abs(Geodesic.wgs84.chordErrorBoundMeters(forStep: 10_000) - 1.038e-3) < 0.001e-3)
    }
}
