/// Courses name existing stops, each at most once; optional stops belong to their course;
/// participants name existing teams and courses.
struct ReferenceRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        let race = context.race
        for (c, course) in race.courses.enumerated() {
            let path = context.coursePath(c)
            func known(_ id: String, _ subpath: String) {
                if context.stopIndex[id] == nil && !context.sources.undecodedStopIDs.contains(id) {
                    issues.append(
                        ValidationIssue(
                            .error, "unknown-stop", at: path + subpath,
                            "course \"\(course.id)\" names stop \"\(id)\", which does not exist"))
                }
            }
            if let start = course.start { known(start, "/start") }
            if let finish = course.finish { known(finish, "/finish") }
            var seen = Set<String>()
            for (i, item) in course.controls.enumerated() {
                let ids: [String]
                switch item {
                case .stop(let id): ids = [id]
                case .anyOrder(let group):
                    ids = group
                    if group.isEmpty {
                        issues.append(
                            ValidationIssue(
                                .warning, "empty-group", at: "\(path)/controls/\(i)", "an any-order group with no stops"
                            ))
                    }
                }
                for id in ids {
                    known(id, "/controls/\(i)")
                    if !seen.insert(id).inserted {
                        issues.append(
                            ValidationIssue(
                                .warning, "repeated-stop", at: "\(path)/controls/\(i)",
                                "stop \"\(id)\" comes more than once in course \"\(course.id)\""))
                    }
                }
            }
            let visited = Set(course.stopIDs)
            for (i, id) in course.optional.enumerated() where !visited.contains(id) {
                issues.append(
                    ValidationIssue(
                        .error, "optional-not-in-course", at: "\(path)/optional/\(i)",
                        "optional stop \"\(id)\" is not on course \"\(course.id)\""))
            }
        }
        let teams = Set(race.teams.map(\.id)), courses = Set(race.courses.map(\.id))
        for (i, participant) in race.participants.enumerated() {
            if let team = participant.team, !teams.contains(team) {
                issues.append(
                    ValidationIssue(
                        .error, "unknown-team", at: context.participantPath(i) + "/team",
                        "team \"\(team)\" does not exist"))
            }
            if let course = participant.course, !courses.contains(course) {
                issues.append(
                    ValidationIssue(
                        .error, "unknown-course", at: context.participantPath(i) + "/course",
                        "course \"\(course)\" does not exist"))
            }
        }
    }
}
