import GeoCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct LatitudeCosineTests {
    /// Within this many ulps of libm's cosine (itself within an ulp of the true value).
    static let ulps = 3.0

    @Test("matches libm's cos within 3 ulps over ±90°, at 200 000 seeded random angles and the ends")
    func againstLibm() {
        var random = SplitMix64(seed: 85)
        let limit = Double.pi / 2
        var angles: [Double] = [0, limit, -limit, .ulpOfOne, 1e-300, 0.5, 1]
        for _ in 0..<200_000 { angles.append(random.uniform(-limit...limit)) }
        var worst = 0.0
        for x in angles {
            let expected = cos(x)
            worst = max(worst, abs(cosineOfLatitude(radians: x) - expected) / expected.ulp)
            #expect(cosineOfLatitude(radians: x) >= 0)
        }
        #expect(worst <= Self.ulps, "worst error \(worst) ulps")
    }

    @Test("even, 1 at 0, and monotone over a fine sweep of 0…90°")
    func shape() {
        #expect(cosineOfLatitude(radians: 0) == 1)
        var previous = 1.0
        for step in 1...90_000 {
            let x = Double(step) * 0.001 * Earth.radiansPerDegree
            let y = cosineOfLatitude(radians: x)
            #expect(y == cosineOfLatitude(radians: -x))
            #expect(y <= previous)
            previous = y
        }
    }
}
