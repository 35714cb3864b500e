#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small, fast, seeded random number generator: the same seed gives the same stream on
/// every platform, which is what makes generated workloads and simulations reproducible.
///
/// Source: G. L. Steele, D. Lea, C. H. Flood, "Fast Splittable Pseudorandom Number Generators",
/// OOPSLA 2014 (SplitMix64, as in Java's `SplittableRandom`).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose stream is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits of the stream.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1) with 53 random bits.
    public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A uniform double in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// A standard normal deviate (Box–Muller; G. E. P. Box, M. E. Muller, 1958).
    public mutating func gaussian() -> Double {
        let u = max(nextUnit(), 0x1p-60), v = nextUnit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
