import GeoCore

/// A course must be finishable within the time limit at the rules' speed. The length counted
/// is a lower bound: straight lines between fence edges, and for any-order groups the best
/// order (tried exhaustively up to 7 stops; larger groups use the written order and give a
/// warning instead of an error, since a better order might fit).
struct TimeLimitRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        let race = context.race
        // Values out of range are RaceSettingsRule's errors; minutes from them would not fit an Int.
        guard let limit = race.timeLimitSeconds, RaceFieldLimits.timeLimitSeconds.contains(limit),
            RaceFieldLimits.speedMetersPerSecond.contains(race.rules.speedMetersPerSecond)
        else { return }
        for (c, course) in race.courses.enumerated() {
            guard let (length, exact) = Self.minimumLength(course, context) else { continue }
            let seconds = length / race.rules.speedMetersPerSecond
            guard seconds > limit else { continue }
            issues.append(
                ValidationIssue(
                    exact ? .error : .warning, "course-too-long", at: context.coursePath(c),
                    "course \"\(course.id)\" is at least \(Int(length.rounded())) m: at \(race.rules.speedMetersPerSecond) m/s it takes \(Self.duration(seconds)); the time limit is \(Self.duration(limit))",
                    hint: "raise timeLimitSeconds, drop stops, or state a faster rules.speedMetersPerSecond"))
        }
    }

    /// The shortest length of the course between fence edges, and whether it is exact (every
    /// any-order group small enough to try all its orders). `nil` when a stop is unknown.
    static func minimumLength(_ course: Course, _ context: ValidationContext) -> (Meters, Bool)? {
        var segments: [[Int]] = []  // fixed single stops and groups, in order
        if let start = course.start { guard let s = context.stopIndex[start] else { return nil }; segments.append([s]) }
        for item in course.controls {
            switch item {
            case .stop(let id): guard let s = context.stopIndex[id] else { return nil }; segments.append([s])
            case .anyOrder(let ids):
                let stops = ids.compactMap { context.stopIndex[$0] }
                guard stops.count == ids.count else { return nil }
                if !stops.isEmpty { segments.append(stops) }
            }
        }
        if let finish = course.finish {
            guard let f = context.stopIndex[finish] else { return nil }; segments.append([f])
        }
        var total = 0.0, exact = true, previous: Int?
        for segment in segments {
            let orders = segment.count <= 7 ? permutations(segment) : [segment]
            exact = exact && segment.count <= 7
            var best = Double.infinity, bestLast = segment.last!
            for order in orders {
                var length = 0.0, last = previous
                for stop in order {
                    if let last { guard let gap = context.gapMeters(last, stop) else { return nil }; length += gap }
                    last = stop
                }
                if length < best { best = length; bestLast = order.last! }
            }
            total += best
            previous = bestLast
        }
        return (total, exact)
    }

    /// A duration as the message shows it: `95 min` under two hours, `3 h 51 min` or `26 h` above.
    static func duration(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        guard minutes >= 120 else { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    static func permutations(_ items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { i -> [[Int]] in
            var rest = items
            let first = rest.remove(at: i)
            return permutations(rest).map { [first] + $0 }
        }
    }
}
