import GeoCore

/// The randomness of a mode: a `SplitMix64` stream derived from the game's seed and a few
/// labels (`"quiz-pairing"`, a participant id…), so each decision has its own stream and does
/// not shift when another decision draws more numbers. Same seed and labels, same numbers, on
/// every platform (no `Int.random`, whose algorithm the standard library does not promise).
public struct ModeRandom: Sendable {
    private var generator: SplitMix64

    /// A stream for `seed` and the labels of one decision.
    public init(seed: UInt64, _ labels: String...) {
        self.init(seed: seed, labels: labels)
    }

    /// A stream for `seed` and the labels of one decision, given as an array.
    public init(seed: UInt64, labels: [String]) {
        // FNV-1a 64 over the labels' UTF-8, each followed by 0xFF (not valid UTF-8: no collisions
        // between ["ab", "c"] and ["a", "bc"]).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for label in labels {
            for byte in label.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ 0xFF) &* 0x100_0000_01b3
        }
        var mixer = SplitMix64(seed: seed ^ hash)
        generator = SplitMix64(seed: mixer.next())
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 { generator.next() }

    /// A uniform double in [0, 1).
    public mutating func unit() -> Double { generator.nextUnit() }

    /// A uniform integer in `0..<bound` (`bound` > 0), without modulo bias.
    /// Source: D. Lemire, "Fast Random Integer Generation in an Interval", ACM TOMACS 2019.
    public mutating func index(below bound: Int) -> Int {
        precondition(bound > 0, "index(below:) needs a positive bound")
        let n = UInt64(bound)
        var product = generator.next().multipliedFullWidth(by: n)
        if product.low < n {
            let threshold = (0 &- n) % n
            while product.low < threshold { product = generator.next().multipliedFullWidth(by: n) }
        }
        return Int(product.high)
    }

    /// A uniform double in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double { generator.uniform(range) }

    /// `items` in a uniformly random order (Fisher–Yates, Durstenfeld's version).
    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var out = items
        var i = out.count - 1
        while i > 0 {
            out.swapAt(i, index(below: i + 1))
            i -= 1
        }
        return out
    }
}
