import RaceKitCore

/// A circle's radius must be positive; under 15 m it is smaller than phone GPS error and
/// visits will be missed; over 5 km it is no longer a place.
struct RadiusRule: ValidationRule {
    static let gpsAccuracyMeters = 15.0
    static let absurdMeters = 5_000.0

    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        for (i, stop) in context.race.stops.enumerated() {
            guard case .circle(_, let radius) = stop.fence else { continue }
            let path = context.stopPath(i) + "/fence/radius"
            if !(radius.isFinite && radius > 0) {
                issues.append(
                    ValidationIssue(
                        .error, "radius-not-positive", at: path, "stop \"\(stop.id)\" has radius \(radius) m",
                        hint: "a radius must be a positive number of metres"))
            } else if radius > RaceFieldLimits.maximumRadiusMeters {
                issues.append(
                    ValidationIssue(
                        .error, "radius-out-of-range", at: path,
                        "stop \"\(stop.id)\" has a \(DecimalText.shortest(radius)) m radius, over the \(Int(RaceFieldLimits.maximumRadiusMeters)) m limit",
                        hint: "a radius is in metres; a stop covering more is no longer a place"))
            } else if radius < Self.gpsAccuracyMeters {
                issues.append(
                    ValidationIssue(
                        .warning, "radius-too-small", at: path,
                        "stop \"\(stop.id)\" has a \(DecimalText.shortest(radius)) m radius, smaller than typical GPS error",
                        hint:
                            "use at least \(Int(Self.gpsAccuracyMeters)) m, or runners standing at the stop may not register"
                    ))
            } else if radius > Self.absurdMeters {
                issues.append(
                    ValidationIssue(
                        .warning, "radius-too-large", at: path,
                        "stop \"\(stop.id)\" has a \(DecimalText.shortest(radius)) m radius",
                        hint:
                            "a radius over \(Int(Self.absurdMeters)) m covers a whole district; check the unit (metres)"
                    ))
            }
        }
    }

}
