import GeoCore

/// The tuning of event detection: hysteresis and confirmation for exits, the dwell time, the
/// accuracy gate for entering, the speed limit that rejects teleports, and crossings.
///
/// The defaults suit runners and walkers with phone GPS at about one fix a second.
public struct EventRules: Sendable, Hashable {
    /// How far beyond the boundary a fix must be to count towards an exit (hysteresis).
    /// A fix outside the fence but within the margin keeps the participant inside.
    /// Default 10 m.
    public var exitMarginMeters: Meters
    /// How many consecutive fixes beyond the margin confirm an exit. Default 1.
    public var exitConfirmFixes: Int
    /// How long, from the first of those consecutive fixes, the participant must stay beyond
    /// the margin before the exit is confirmed. Default 0 s.
    public var exitConfirmSeconds: Seconds
    /// How long a participant must be continuously inside for a ``FenceEventKind/dwell``
    /// event. Default 30 s.
    public var minimumDwellSeconds: Seconds
    /// When set, a fix whose accuracy is known and larger (worse) than this cannot enter a
    /// fence; it still keeps a participant inside and still counts towards an exit. Fixes of
    /// unknown accuracy always may enter. Default `nil` (no gate).
    public var requiredAccuracyMeters: Meters?
    /// A fix that implies a faster move from the participant's last accepted fix (haversine
    /// distance over time) is rejected as ``FixRejection/impossibleSpeed``. `.infinity`
    /// disables the check. Default 50 m/s (180 km/h).
    public var maximumSpeedMetersPerSecond: Double
    /// Whether to report ``FenceEventKind/cross`` events for fences passed between two fixes.
    /// Default `true`.
    public var detectsCrossings: Bool

    /// Creates rules; every parameter has the documented default. Values are not checked here
    /// (so a command line can build rules from user input and report ``problem``);
    /// ``EventDetector/init(index:rules:)`` requires valid rules.
    public init(
        exitMarginMeters: Meters = 10, exitConfirmFixes: Int = 1, exitConfirmSeconds: Seconds = 0,
        minimumDwellSeconds: Seconds = 30, requiredAccuracyMeters: Meters? = nil,
        maximumSpeedMetersPerSecond: Double = 50, detectsCrossings: Bool = true
    ) {
        self.exitMarginMeters = exitMarginMeters
        self.exitConfirmFixes = exitConfirmFixes
        self.exitConfirmSeconds = exitConfirmSeconds
        self.minimumDwellSeconds = minimumDwellSeconds
        self.requiredAccuracyMeters = requiredAccuracyMeters
        self.maximumSpeedMetersPerSecond = maximumSpeedMetersPerSecond
        self.detectsCrossings = detectsCrossings
    }

    /// The first invalid value, described (`"exitConfirmFixes 0 must be at least 1"`), or
    /// `nil` when the rules are valid: margin, times and accuracy finite and not negative, at
    /// least one confirming fix, a positive speed limit.
    public var problem: String? {
        func nonNegative(_ value: Double, _ name: String) -> String? {
            value.isFinite && value >= 0 ? nil : "\(name) \(value) must be a finite number of at least 0"
        }
        if let p = nonNegative(exitMarginMeters, "exitMarginMeters") { return p }
        if exitConfirmFixes < 1 { return "exitConfirmFixes \(exitConfirmFixes) must be at least 1" }
        if let p = nonNegative(exitConfirmSeconds, "exitConfirmSeconds") { return p }
        if let p = nonNegative(minimumDwellSeconds, "minimumDwellSeconds") { return p }
        if let accuracy = requiredAccuracyMeters, let p = nonNegative(accuracy, "requiredAccuracyMeters") { return p }
        if !(maximumSpeedMetersPerSecond > 0) {
            return "maximumSpeedMetersPerSecond \(maximumSpeedMetersPerSecond) must be greater than 0"
        }
        return nil
    }

    /// Whether a fix of this accuracy (`nil`: unknown) may enter a fence.
    @inlinable
    func allowsEntering(accuracyMeters: Meters?) -> Bool {
        guard let required = requiredAccuracyMeters, let accuracy = accuracyMeters else { return true }
        return accuracy <= required
    }
}
