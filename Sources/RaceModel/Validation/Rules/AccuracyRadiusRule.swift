/// A circle smaller than the accuracy the rules accept: a fix the rules let count
/// (`requiredAccuracyMeters`) may be that far from where the runner stands, so a stop of a
/// smaller radius is registered from outside it or missed from inside it about as often as not.
struct AccuracyRadiusRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        guard let accuracy = context.race.rules.requiredAccuracyMeters, accuracy.isFinite, accuracy > 0 else { return }
        for (i, stop) in context.race.stops.enumerated() {
            // A radius that is not positive or over the limit is RadiusRule's error.
            guard case .circle(_, let radius) = stop.fence, radius > 0, radius < accuracy else { continue }
            issues.append(
                ValidationIssue(
                    .warning, "radius-below-required-accuracy", at: context.stopPath(i) + "/fence/radius",
                    "stop \"\(stop.id)\" has a \(Self.metres(radius)) m radius, smaller than the \(Self.metres(accuracy)) m accuracy the rules accept",
                    hint:
                        "make the radius at least rules.requiredAccuracyMeters, or require a better accuracy"))
        }
    }

    private static func metres(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}
