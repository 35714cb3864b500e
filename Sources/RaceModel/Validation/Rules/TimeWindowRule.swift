/// A stop's time window must open before it closes, close after the start, open before the
/// time limit, and be reachable: on every course that visits it in a fixed position, the
/// shortest way there at the rules' speed must arrive before it closes.
struct TimeWindowRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        let race = context.race
        for (i, stop) in race.stops.enumerated() {
            guard let window = stop.window else { continue }
            let path = context.stopPath(i) + "/window"
            if let opens = window.opensAfterSeconds, let closes = window.closesAfterSeconds, opens >= closes {
                issues.append(
                    ValidationIssue(
                        .error, "window-inverted", at: path,
                        "stop \"\(stop.id)\" opens at \(Int(opens)) s but closes at \(Int(closes)) s"))
            }
            if let closes = window.closesAfterSeconds, closes <= 0 {
                issues.append(
                    ValidationIssue(
                        .error, "window-closed-at-start", at: path + "/closesAfterSeconds",
                        "stop \"\(stop.id)\" closes before the race starts"))
            }
            if let opens = window.opensAfterSeconds, let limit = race.timeLimitSeconds, opens >= limit {
                issues.append(
                    ValidationIssue(
                        .error, "window-after-limit", at: path + "/opensAfterSeconds",
                        "stop \"\(stop.id)\" opens after the \(Int(limit)) s time limit"))
            }
        }
        // A speed out of range is RaceSettingsRule's error; times from it would not fit an Int.
        guard RaceFieldLimits.speedMetersPerSecond.contains(race.rules.speedMetersPerSecond) else { return }
        for course in race.courses {
            var distance = 0.0
            var previous: Int?
            for id in Self.fixedPrefix(course) {
                guard let s = context.stopIndex[id] else { break }
                if let previous { guard let gap = context.gapMeters(previous, s) else { break }; distance += gap }
                previous = s
                let arrival = distance / race.rules.speedMetersPerSecond
                if let closes = race.stops[s].window?.closesAfterSeconds, closes > 0, arrival > closes {
                    issues.append(
                        ValidationIssue(
                            .error, "window-unreachable", at: context.stopPath(s) + "/window/closesAfterSeconds",
                            "on course \"\(course.id)\", stop \"\(id)\" is at least \(Int(distance.rounded())) m from the start: \(Int(arrival.rounded())) s at \(race.rules.speedMetersPerSecond) m/s, after it closes at \(Int(closes)) s",
                            hint: "close it later or move it earlier in the course"))
                }
            }
        }
    }

    /// The stops a course visits in a fixed order before its first any-order group.
    static func fixedPrefix(_ course: Course) -> [String] {
        var ids = course.start.map { [$0] } ?? []
        for item in course.controls {
            guard case .stop(let id) = item else { return ids }
            ids.append(id)
        }
        if let finish = course.finish { ids.append(finish) }
        return ids
    }
}
