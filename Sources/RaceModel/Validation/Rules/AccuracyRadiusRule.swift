import Foundation

/// A circle too small for the accuracy the rules accept (`requiredAccuracyMeters`): a fix that
/// counts may be that far from where the runner stands. Phones report as accuracy the radius
/// that holds the true position 68 % of the time; for a runner at the centre of a stop of
/// radius r, a fix of accuracy a then lands inside with probability 1 − exp(−(1.515 r / a)² / 2):
/// 68 % at r = a, 40 % at r = 2a/3, 25 % at r = a/2. Under half the accepted accuracy, fewer
/// than one fix in four of a runner standing at the stop would count, so the rule warns there;
/// a gate of 30 m with 20 m stops (Routes/zurich-old-town) is a loose gate, not a slip.
struct AccuracyRadiusRule: ValidationRule {
    /// The radius below which a stop is reported, as a share of the accepted accuracy.
    static let share = 0.5

    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        guard let accuracy = context.race.rules.requiredAccuracyMeters, accuracy.isFinite, accuracy > 0 else { return }
        for (i, stop) in context.race.stops.enumerated() {
            // A radius that is not positive or over the limit is RadiusRule's error.
            guard case .circle(_, let radius) = stop.fence, radius > 0, radius < Self.share * accuracy else { continue }
            let inside = 1 - exp(-pow(1.515 * radius / accuracy, 2) / 2)
            issues.append(
                ValidationIssue(
                    .warning, "radius-below-required-accuracy", at: context.stopPath(i) + "/fence/radius",
                    "stop \"\(stop.id)\" has a \(Self.metres(radius)) m radius, under half the \(Self.metres(accuracy)) m accuracy the rules accept: a fix that accurate lands inside it for a runner at its centre \(Int((inside * 100).rounded())) % of the time",
                    hint: "make the radius at least half rules.requiredAccuracyMeters, or require a better accuracy"))
        }
    }

    private static func metres(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}
