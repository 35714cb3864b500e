/// Two stops at the same place (centres under a metre apart) are almost always a copy-paste
/// slip, and runners cannot tell them apart.
struct DuplicatePositionRule: ValidationRule {
    static let nearMeters = 1.0

    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        let stops = context.race.stops
        for (a, b) in context.nearbyPairs {
            guard let d = context.centreDistance(a, b), d < Self.nearMeters else { continue }
            let what = d == 0 ? "at the same position as" : "\((d * 100).rounded() / 100) m from"
            issues.append(
                ValidationIssue(
                    .warning, d == 0 ? "duplicate-position" : "near-identical-position",
                    at: context.stopPath(b) + "/fence",
                    "stop \"\(stops[b].id)\" is \(what) stop \"\(stops[a].id)\"",
                    hint: "move one of them, or merge them into one stop"))
        }
    }
}
