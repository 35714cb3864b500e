/// A leg shorter than a fence's diameter: the next stop is so close that runners may reach
/// it by accident while still at the previous one (only reported where the fences do not
/// already overlap, which ``OverlapRule`` reports).
struct ShortLegRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        for (c, course) in context.race.courses.enumerated() {
            for leg in course.fixedLegs {
                guard let a = context.stopIndex[leg.from], let b = context.stopIndex[leg.to],
                    let d = context.centreDistance(a, b), let gap = context.gapMeters(a, b), gap > 0,
                    let ra = context.boundingCircle(a)?.radiusMeters, let rb = context.boundingCircle(b)?.radiusMeters
                else { continue }
                let diameter = 2 * max(ra, rb)
                if d < diameter {
                    issues.append(
                        ValidationIssue(
                            .warning, "leg-too-short", at: context.coursePath(c) + "/controls",
                            "the leg \"\(leg.from)\" → \"\(leg.to)\" is \(Int(d.rounded())) m, less than a fence diameter (\(Int(diameter.rounded())) m)",
                            hint: "move the stops apart or make the fences smaller"))
                }
            }
        }
    }
}
