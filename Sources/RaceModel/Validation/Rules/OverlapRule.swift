/// Fences that overlap make one visit count for two stops: an error when a course runs from
/// one straight to the other (the second stop is "reached" on arrival at the first), a warning
/// otherwise. Polygons are compared through their bounding circles, so they may be flagged
/// when only their circles overlap (said in the message).
struct OverlapRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        let race = context.race
        var consecutive = Set<[Int]>()
        for course in race.courses {
            for leg in course.fixedLegs {
                guard let a = context.stopIndex[leg.from], let b = context.stopIndex[leg.to] else { continue }
                consecutive.insert([min(a, b), max(a, b)])
            }
        }
        for (a, b) in context.nearbyPairs {
            guard let gap = context.gapMeters(a, b), gap == 0, let d = context.centreDistance(a, b),
                d >= DuplicatePositionRule.nearMeters
            else { continue }
            let polygon = context.race.stops[a].fence.isPolygon || context.race.stops[b].fence.isPolygon
            let verb = polygon ? "may overlap (bounding circles)" : "overlap"
            if consecutive.contains([a, b]) {
                issues.append(
                    ValidationIssue(
                        .error, "overlapping-consecutive-stops", at: context.stopPath(b) + "/fence",
                        "stops \"\(race.stops[a].id)\" and \"\(race.stops[b].id)\" \(verb) and follow each other on a course",
                        hint: "shrink the radii or move the stops apart, or reaching one reaches both"))
            } else {
                issues.append(
                    ValidationIssue(
                        .warning, "overlapping-stops", at: context.stopPath(b) + "/fence",
                        "stops \"\(race.stops[a].id)\" and \"\(race.stops[b].id)\" \(verb)",
                        hint: "a visit inside the overlap counts for both"))
            }
        }
    }
}

extension StopFence {
    var isPolygon: Bool { if case .polygon = self { true } else { false } }
}
