/// Fences and legs across the ±180° meridian work in RaceKit, but many map tools draw them the
/// wrong way round the world: worth knowing before the race file travels.
struct AntimeridianRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        for (i, stop) in context.race.stops.enumerated() {
            let crosses: Bool
            switch stop.fence {
            case .circle:
                crosses = context.fences[i]?.boundingBox.crossesAntimeridian ?? false
            case .polygon(let polygons):
                crosses = polygons.joined().contains { ring in
                    zip(ring, ring.dropFirst()).contains { abs($0.longitude - $1.longitude) > 180 }
                }
            }
            if crosses {
                issues.append(
                    ValidationIssue(
                        .info, "crosses-antimeridian", at: context.stopPath(i) + "/fence",
                        "stop \"\(stop.id)\" extends across the ±180° meridian",
                        hint: "RaceKit handles it; check other map tools draw it correctly"))
            }
        }
        for (c, course) in context.race.courses.enumerated() {
            for leg in course.fixedLegs {
                guard let a = context.stopIndex[leg.from], let b = context.stopIndex[leg.to],
                    let ca = context.boundingCircle(a)?.centre, let cb = context.boundingCircle(b)?.centre,
                    abs(ca.longitude - cb.longitude) > 180
                else { continue }
                issues.append(
                    ValidationIssue(
                        .info, "leg-crosses-antimeridian", at: context.coursePath(c) + "/controls",
                        "the leg \"\(leg.from)\" → \"\(leg.to)\" crosses the ±180° meridian"))
            }
        }
    }
}
