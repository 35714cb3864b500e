import Foundation
import GeoFormats

/// The race-wide settings: a name, a start time that parses and has a UTC offset, a known
/// time zone, a time limit and rules within ``RaceFieldLimits``, at least one stop and one course.
struct RaceSettingsRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        let race = context.race
        if race.name.trimmingCharacters(in: .whitespaces).isEmpty {
            issues.append(ValidationIssue(.warning, "empty-name", at: "/name", "the race has no name"))
        }
        if let start = race.startTime, Timestamp.parse(start, requiringOffset: true) == nil {
            let what =
                Timestamp.parse(start) == nil
                ? "is not an RFC 3339 time" : "has no UTC offset (Z or ±hh:mm), so the instant is unknown"
            issues.append(
                ValidationIssue(
                    .error, "bad-start-time", at: "/startTime", "\"\(start)\" \(what)",
                    hint: "write it like 2026-05-02T10:00:00+02:00"))
        }
        if let zone = race.timeZone, TimeZone(identifier: zone) == nil {
            issues.append(
                ValidationIssue(
                    .error, "bad-time-zone", at: "/timeZone", "\"\(zone)\" is not a time zone this system knows",
                    hint: "use an IANA name such as Europe/Zurich or UTC"))
        }
        if let limit = race.timeLimitSeconds, !RaceFieldLimits.timeLimitSeconds.contains(limit) {
            issues.append(
                ValidationIssue(
                    .error, "bad-time-limit", at: "/timeLimitSeconds",
                    "the time limit \(limit) s must be within \(RaceFieldLimits.text(RaceFieldLimits.timeLimitSeconds)) s"
                ))
        }
        let rules = race.rules
        func check(_ value: Double, _ key: String, _ range: ClosedRange<Double>, _ unit: String) {
            guard !range.contains(value) else { return }
            issues.append(
                ValidationIssue(
                    .error, "bad-rule", at: "/rules/\(key)",
                    "\(key) \(RaceFieldLimits.plain(value)) must be within \(RaceFieldLimits.text(range)) \(unit)"))
        }
        check(rules.minimumDwellSeconds, "minimumDwellSeconds", RaceFieldLimits.seconds, "s")
        check(rules.exitMarginMeters, "exitMarginMeters", RaceFieldLimits.exitMarginMeters, "m")
        check(rules.secondsPerWrongAnswer, "secondsPerWrongAnswer", RaceFieldLimits.seconds, "s")
        check(rules.speedMetersPerSecond, "speedMetersPerSecond", RaceFieldLimits.speedMetersPerSecond, "m/s")
        if let accuracy = rules.requiredAccuracyMeters {
            check(accuracy, "requiredAccuracyMeters", RaceFieldLimits.requiredAccuracyMeters, "m")
        }
        if !RaceFieldLimits.pointsPerMinuteOver.contains(rules.pointsPerMinuteOver) {
            issues.append(
                ValidationIssue(
                    .error, "bad-rule", at: "/rules/pointsPerMinuteOver",
                    "pointsPerMinuteOver \(rules.pointsPerMinuteOver) must be within 0…\(RaceFieldLimits.pointsPerMinuteOver.upperBound)"
                ))
        }
        if case .delayed(let seconds) = race.livePositions, !RaceFieldLimits.positionDelaySeconds.contains(seconds) {
            issues.append(
                ValidationIssue(
                    .error, "bad-rule", at: "/livePositions/delaySeconds",
                    "delaySeconds \(RaceFieldLimits.plain(seconds)) must be within \(RaceFieldLimits.text(RaceFieldLimits.positionDelaySeconds)) s"
                ))
        }
        if race.stops.isEmpty {
            issues.append(ValidationIssue(.error, "no-stops", at: "/stops", "the race has no stops"))
        }
        if race.courses.isEmpty {
            issues.append(
                ValidationIssue(
                    .warning, "no-courses", at: "/courses", "the race has no course",
                    hint: "add a course listing the stops in order (racekit build makes one)"))
        }
        for (i, course) in race.courses.enumerated() where course.stopIDs.isEmpty {
            issues.append(
                ValidationIssue(
                    .error, "empty-course", at: context.coursePath(i), "course \"\(course.id)\" visits no stop"))
        }
    }
}
