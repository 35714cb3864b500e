/// Ids must be unique among stops, among courses, among participants and among teams.
struct DuplicateIDRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        let race = context.race
        report(race.stops.map(\.id), context.stopPath, "stop", &issues)
        report(race.courses.map(\.id), context.coursePath, "course", &issues)
        report(race.participants.map(\.id), context.participantPath, "participant", &issues)
        report(race.teams.map(\.id), context.teamPath, "team", &issues)
    }

    private func report(_ ids: [String], _ path: (Int) -> String, _ noun: String, _ issues: inout [ValidationIssue]) {
        var first: [String: Int] = [:]
        for (i, id) in ids.enumerated() {
            if id.isEmpty {
                issues.append(ValidationIssue(.error, "empty-id", at: path(i) + "/id", "the \(noun) id is empty"))
            } else if let previous = first[id] {
                issues.append(
                    ValidationIssue(
                        .error, "duplicate-id", at: path(i) + "/id",
                        "\(noun) id \"\(id)\" is already used by \(path(previous))",
                        hint: "give every \(noun) its own id"))
            } else {
                first[id] = i
            }
        }
    }
}
