import GeoCore
import Testing

@testable import RaceLive

/// `FixTimes` answers as a set of the times would, in order, out of order and with repeats.
struct FixTimesTests {
    @Test func answersAsASetOfTheTimesWould() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<500 {
            var times = FixTimes()
            var reference: Set<Double> = []
            var clock = 1_700_000_000.0
            for _ in 0..<Int.random(in: 0...80, using: &random) {
                switch Int.random(in: 0..<6, using: &random) {
                case 0: clock -= Double(Int.random(in: 0...5, using: &random))  // late, or a resend
                case 1: break  // the same time again
                default: clock += Double(Int.random(in: 1...3, using: &random)) / 2
                }
                #expect(times.insert(clock) == reference.insert(clock).inserted)
            }
        }
    }
}
