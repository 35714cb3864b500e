import RaceKitCore

/// The range of every numeric race-file field the validator checks, in one place (docs/limits.md
/// lists the same). Outside it a race is an error: each bound keeps the arithmetic on times,
/// distances and points finite and within an `Int`, whatever a file says.
public enum RaceFieldLimits {
    /// `timeLimitSeconds`: one second to 30 days.
    public static let timeLimitSeconds: ClosedRange<Double> = 1...2_592_000
    /// `rules.speedMetersPerSecond`: a crawl to a fast car.
    public static let speedMetersPerSecond: ClosedRange<Double> = 0.01...100
    /// `rules.minimumDwellSeconds` and `rules.secondsPerWrongAnswer`: up to a day.
    public static let seconds: ClosedRange<Double> = 0...86_400
    /// `rules.exitMarginMeters`: up to 10 km.
    public static let exitMarginMeters: ClosedRange<Double> = 0...10_000
    /// `rules.requiredAccuracyMeters`: positive, up to 10 km.
    public static let requiredAccuracyMeters: ClosedRange<Double> = 0.01...10_000
    /// `rules.pointsPerMinuteOver`.
    public static let pointsPerMinuteOver: ClosedRange<Int> = 0...1_000_000
    /// `livePositions.delaySeconds`: a second to a day.
    public static let positionDelaySeconds: ClosedRange<Double> = 1...86_400
    /// A circle's `radius`: positive, up to 100 km (over 5 km is already a warning).
    public static let maximumRadiusMeters = 100_000.0
    // Whole numbers (`points`, counts) are below 10^15 in magnitude: see `WholeNumber`.

    /// `1…2592000`, for messages.
    static func text(_ range: ClosedRange<Double>) -> String { "\(plain(range.lowerBound))…\(plain(range.upperBound))" }

    static func plain(_ x: Double) -> String { DecimalText.shortest(x) }
}
