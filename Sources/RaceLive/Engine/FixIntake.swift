/// The checks a fix passes before it joins the log; a fix that fails one is refused on its own
/// (the rest of its batch is still taken), counted, and the answer says why.
public struct FixIntake: Hashable, Sendable {
    /// How far past the server's clock a fix may be (phones' clocks drift), in seconds.
    public var futureToleranceSeconds: Double = 60
    /// How long before the race clock's origin fixes are taken (warming up at the start), in seconds.
    public var earlyWindowSeconds: Double = 900
    /// Fixes whose accuracy is known and worse than this are refused (the race's
    /// `rules.requiredAccuracyMeters`); `nil` takes any.
    public var requiredAccuracyMeters: Double?

    /// Intake rules for a race with `requiredAccuracyMeters` (nil: any accuracy).
    public init(requiredAccuracyMeters: Double? = nil) {
        self.requiredAccuracyMeters = requiredAccuracyMeters
    }

    /// Why a fix is refused.
    public enum Refusal: String, Hashable, Sendable, CaseIterable {
        /// A value is not a finite number or out of range (latitude ±90, longitude ±180,
        /// accuracy and speed not negative).
        case invalid = "invalid-value"
        /// The fix's time is further in the future than the tolerance.
        case future = "future"
        /// The fix is from before the race's start window.
        case beforeStart = "before-start"
        /// The fix is from after the race ended.
        case afterEnd = "after-end"
        /// The fix's accuracy is worse than the race requires.
        case poorAccuracy = "poor-accuracy"

        /// A sentence for the answer.
        public var reason: String {
            switch self {
            case .invalid: return "a value is not a finite number or is out of range"
            case .future: return "its time is in the future beyond the tolerance"
            case .beforeStart: return "its time is before the race's start window"
            case .afterEnd: return "its time is after the race ended"
            case .poorAccuracy: return "its accuracy is worse than the race requires"
            }
        }
    }

    /// Why `fix` is refused, or `nil` when it is taken.
    /// - Parameters:
    ///   - fix: the fix as the tracker sent it.
    ///   - now: the server's clock, seconds since 1970.
    ///   - clockOrigin: the race clock's origin (``LiveRace/clockOrigin``).
    ///   - endedAt: when the organiser ended the race, if so.
    public func refusal(of fix: LiveFix, now: Double, clockOrigin: Double, endedAt: Double?) -> Refusal? {
        let optionals = [
            fix.accuracyMeters, fix.altitudeMeters, fix.speedMetersPerSecond, fix.bearingDegrees, fix.batteryPercent,
        ]
        guard fix.time.isFinite, fix.latitude.isFinite, fix.longitude.isFinite, abs(fix.latitude) <= 90,
            abs(fix.longitude) <= 180,
            optionals.allSatisfy({ $0?.isFinite ?? true }), (fix.accuracyMeters ?? 0) >= 0,
            (fix.speedMetersPerSecond ?? 0) >= 0
        else {
            return .invalid
        }
        if fix.time > now + futureToleranceSeconds { return .future }
        if fix.time < clockOrigin - earlyWindowSeconds { return .beforeStart }
        if let endedAt, fix.time > endedAt { return .afterEnd }
        if let required = requiredAccuracyMeters, let accuracy = fix.accuracyMeters, accuracy > required {
            return .poorAccuracy
        }
        return nil
    }
}
