import Foundation
import GeoFormats

/// The race-wide settings: a name, a start time that parses and has a UTC offset, a known
/// time zone, a positive time limit, sane rules, at least one stop and one course.
struct RaceSettingsRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        let race = context.race
        if race.name.trimmingCharacters(in: .whitespaces).isEmpty {
            issues.append(ValidationIssue(.warning, "empty-name", at: "/name", "the race has no name"))
        }
        if let start = race.startTime, Timestamp.parse(start, requiringOffset: true) == nil {
            let what = Timestamp.parse(start) == nil ? "is not an RFC 3339 time" : "has no UTC offset (Z or ±hh:mm), so the instant is unknown"
            issues.append(ValidationIssue(.error, "bad-start-time", at: "/startTime", "\"\(start)\" \(what)",
                                          hint: "write it like 2026-05-02T10:00:00+02:00"))
        }
        if let zone = race.timeZone, TimeZone(identifier: zone) == nil {
            issues.append(ValidationIssue(.error, "bad-time-zone", at: "/timeZone", "\"\(zone)\" is not a time zone this system knows",
                                          hint: "use an IANA name such as Europe/Zurich or UTC"))
        }
        if let limit = race.timeLimitSeconds, !(limit.isFinite && limit > 0) {
            issues.append(ValidationIssue(.error, "bad-time-limit", at: "/timeLimitSeconds", "the time limit \(limit) s must be positive"))
        }
        let rules = race.rules
        for (value, key) in [(rules.minimumDwellSeconds, "minimumDwellSeconds"), (rules.exitMarginMeters, "exitMarginMeters"),
                             (rules.secondsPerWrongAnswer, "secondsPerWrongAnswer")] where !(value.isFinite && value >= 0) {
            issues.append(ValidationIssue(.error, "bad-rule", at: "/rules/\(key)", "\(key) \(value) must be 0 or more"))
        }
        if !(rules.speedMetersPerSecond.isFinite && rules.speedMetersPerSecond > 0) {
            issues.append(ValidationIssue(.error, "bad-rule", at: "/rules/speedMetersPerSecond",
                                          "speedMetersPerSecond \(rules.speedMetersPerSecond) must be positive"))
        }
        if let accuracy = rules.requiredAccuracyMeters, !(accuracy.isFinite && accuracy > 0) {
            issues.append(ValidationIssue(.error, "bad-rule", at: "/rules/requiredAccuracyMeters",
                                          "requiredAccuracyMeters \(accuracy) must be positive"))
        }
        if race.stops.isEmpty {
            issues.append(ValidationIssue(.error, "no-stops", at: "/stops", "the race has no stops"))
        }
        if race.courses.isEmpty {
            issues.append(ValidationIssue(.warning, "no-courses", at: "/courses", "the race has no course",
                                          hint: "add a course listing the stops in order (racekit build makes one)"))
        }
        for (i, course) in race.courses.enumerated() where course.stopIDs.isEmpty {
            issues.append(ValidationIssue(.error, "empty-course", at: context.coursePath(i), "course \"\(course.id)\" visits no stop"))
        }
    }
}
