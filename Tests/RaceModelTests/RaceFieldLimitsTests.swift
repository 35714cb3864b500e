import GeoCore
import RaceModel
import Testing

/// Numeric race fields outside their stated ranges (docs/limits.md) are errors at their paths,
/// and no rule traps on them (a speed of 1e-300 m/s once made the time-limit rule overflow an Int).
struct RaceFieldLimitsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let change: @Sendable (inout Race) -> Void
        let code: String
        let path: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "time limit of 10^300 s", change: { $0.timeLimitSeconds = 1e300 }, code: "bad-time-limit",
            path: "/timeLimitSeconds"),
        Case(
            name: "time limit of 31 days", change: { $0.timeLimitSeconds = 31 * 86_400 }, code: "bad-time-limit",
            path: "/timeLimitSeconds"),
        Case(
            name: "speed of 1e-300 m/s", change: { $0.rules.speedMetersPerSecond = 1e-300 }, code: "bad-rule",
            path: "/rules/speedMetersPerSecond"),
        Case(
            name: "speed of 1000 m/s", change: { $0.rules.speedMetersPerSecond = 1_000 }, code: "bad-rule",
            path: "/rules/speedMetersPerSecond"),
        Case(
            name: "dwell of two days", change: { $0.rules.minimumDwellSeconds = 172_800 }, code: "bad-rule",
            path: "/rules/minimumDwellSeconds"),
        Case(
            name: "exit margin of 10^300 m", change: { $0.rules.exitMarginMeters = 1e300 }, code: "bad-rule",
            path: "/rules/exitMarginMeters"),
        Case(
            name: "penalty of 10^300 s", change: { $0.rules.secondsPerWrongAnswer = 1e300 }, code: "bad-rule",
            path: "/rules/secondsPerWrongAnswer"),
        Case(
            name: "accuracy gate of 10^6 m", change: { $0.rules.requiredAccuracyMeters = 1e6 }, code: "bad-rule",
            path: "/rules/requiredAccuracyMeters"),
        Case(
            name: "10^9 points a minute over", change: { $0.rules.pointsPerMinuteOver = 1_000_000_000 },
            code: "bad-rule",
            path: "/rules/pointsPerMinuteOver"),
        Case(
            name: "radius of 10^300 m",
            change: {
                $0.stops[4].fence = .circle(centre: RaceFixtures.coordinate(47.3668, 8.545), radiusMeters: 1e300)
            },
            code: "radius-out-of-range", path: "/stops/4/fence/radius"),
        Case(
            name: "positions delayed by two days", change: { $0.livePositions = .delayed(seconds: 172_800) },
            code: "bad-rule", path: "/livePositions/delaySeconds"),
        Case(
            name: "positions delayed by half a second", change: { $0.livePositions = .delayed(seconds: 0.5) },
            code: "bad-rule", path: "/livePositions/delaySeconds"),
    ]

    @Test("a field out of range is an error at its path", arguments: cases)
    func outOfRange(_ testCase: Case) {
        var race = RaceFixtures.oldTown
        #expect(!RaceValidator().validate(race).contains { $0.severity == .error })
        testCase.change(&race)
        let issues = RaceValidator().validate(race).filter { $0.severity == .error }
        #expect(issues.contains { $0.code == testCase.code && $0.path == testCase.path }, "\(issues)")
    }

    @Test("the bounds themselves are accepted")
    func bounds() {
        var race = RaceFixtures.oldTown
        race.timeLimitSeconds = RaceFieldLimits.timeLimitSeconds.upperBound
        race.rules.speedMetersPerSecond = RaceFieldLimits.speedMetersPerSecond.upperBound
        race.rules.minimumDwellSeconds = RaceFieldLimits.seconds.upperBound
        race.rules.exitMarginMeters = 0
        race.rules.pointsPerMinuteOver = RaceFieldLimits.pointsPerMinuteOver.upperBound
        let errors = RaceValidator().validate(race).filter {
            $0.severity == .error && ["bad-rule", "bad-time-limit"].contains($0.code)
        }
        #expect(errors.isEmpty, "\(errors)")
    }
}
