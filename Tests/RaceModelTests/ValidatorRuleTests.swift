import GeoCore
import GeoFormats
import RaceModel
import Testing

/// Each rule, triggered by one change to the clean fixture race, reports its code at its path.
struct ValidatorRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let change: @Sendable (inout Race) -> Void
        let severity: Severity
        let code: String
        let path: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "duplicate stop id", change: { $0.stops[3].id = "lindenhof" }, severity: .error, code: "duplicate-id",
            path: "/stops/3/id"),
        Case(
            name: "unknown stop in a course", change: { $0.courses[0].controls.append(.stop("nowhere")) },
            severity: .error, code: "unknown-stop", path: "/courses/0/controls/3"),
        Case(
            name: "radius zero",
            change: { $0.stops[1].fence = .circle(centre: RaceFixtures.coordinate(47.373, 8.541), radiusMeters: 0) },
            severity: .error, code: "radius-not-positive", path: "/stops/1/fence/radius"),
        Case(
            name: "radius below GPS accuracy",
            change: { $0.stops[1].fence = .circle(centre: RaceFixtures.coordinate(47.373, 8.541), radiusMeters: 8) },
            severity: .warning, code: "radius-too-small", path: "/stops/1/fence/radius"),
        Case(
            name: "absurd radius",
            change: {
                $0.stops[4].fence = .circle(centre: RaceFixtures.coordinate(47.3668, 8.545), radiusMeters: 50_000)
            },
            severity: .warning, code: "radius-too-large", path: "/stops/4/fence/radius"),
        Case(
            name: "same position",
            change: { $0.stops.append(Stop(id: "copy", name: "Copy", fence: $0.stops[0].fence)) },
            severity: .warning, code: "duplicate-position", path: "/stops/5/fence"),
        Case(
            name: "consecutive stops overlap",
            change: {
                $0.stops[1].fence = .circle(centre: RaceFixtures.coordinate(47.3765, 8.5406), radiusMeters: 200)
            },
            severity: .error, code: "overlapping-consecutive-stops", path: "/stops/1/fence"),
        Case(
            name: "non-consecutive stops overlap",
            change: {
                $0.stops[4].fence = .circle(centre: RaceFixtures.coordinate(47.3700, 8.5420), radiusMeters: 250)
            },
            severity: .warning, code: "overlapping-stops", path: "/stops/4/fence"),
        Case(
            name: "leg shorter than a fence",
            change: { $0.stops[1].fence = .circle(centre: RaceFixtures.coordinate(47.3779, 8.5413), radiusMeters: 45) },
            severity: .warning, code: "leg-too-short", path: "/courses/0/controls"),
        Case(
            name: "answer not an option", change: { $0.stops[1].task?.answer = "91" },
            severity: .error, code: "answer-not-an-option", path: "/stops/1/task/answer"),
        Case(
            name: "repeated option", change: { $0.stops[1].task?.options.append("50") },
            severity: .error, code: "repeated-option", path: "/stops/1/task/options/3"),
        Case(
            name: "window closes before it opens",
            change: { $0.stops[2].window = TimeWindow(opensAfterSeconds: 600, closesAfterSeconds: 300) },
            severity: .error, code: "window-inverted", path: "/stops/2/window"),
        Case(
            name: "window closes before anyone can arrive",
            change: { $0.stops[2].window = TimeWindow(closesAfterSeconds: 60) },
            severity: .error, code: "window-unreachable", path: "/stops/2/window/closesAfterSeconds"),
        Case(
            name: "window opens after the time limit",
            change: { $0.stops[3].window = TimeWindow(opensAfterSeconds: 6_000) },
            severity: .error, code: "window-after-limit", path: "/stops/3/window/opensAfterSeconds"),
        Case(
            name: "course longer than the time limit allows", change: { $0.timeLimitSeconds = 300 },
            severity: .error, code: "course-too-long", path: "/courses/0"),
        Case(
            name: "bad start time", change: { $0.startTime = "10 o'clock" }, severity: .error, code: "bad-start-time",
            path: "/startTime"),
        Case(
            name: "polygon not closed",
            change: {
                $0.stops.append(
                    Stop(
                        id: "p", name: "P",
                        fence: .polygon([
                            [
                                [
                                    RaceFixtures.coordinate(47.1, 8.1), RaceFixtures.coordinate(47.1, 8.11),
                                    RaceFixtures.coordinate(47.11, 8.11),
                                ]
                            ]
                        ])))
            }, severity: .error, code: "polygon-not-closed", path: "/stops/5/fence/coordinates/0"),
        Case(
            name: "self-intersecting polygon",
            change: {
                let c = RaceFixtures.coordinate
                $0.stops.append(
                    Stop(
                        id: "p", name: "P",
                        fence: .polygon([[[c(47.1, 8.1), c(47.1, 8.11), c(47.11, 8.1), c(47.11, 8.11), c(47.1, 8.1)]]]))
                )
            }, severity: .error, code: "polygon-self-intersecting", path: "/stops/5/fence/coordinates/0/1"),
        Case(
            name: "stop across the antimeridian",
            change: {
                $0.stops.append(
                    Stop(
                        id: "fiji", name: "Fiji",
                        fence: .circle(centre: RaceFixtures.coordinate(-16.5, 179.9999), radiusMeters: 50)))
            }, severity: .info, code: "crosses-antimeridian", path: "/stops/5/fence"),
        Case(
            name: "unknown team", change: { $0.participants = [Participant(id: "a", name: "A", team: "blue")] },
            severity: .error, code: "unknown-team", path: "/participants/0/team"),
        Case(
            name: "no stops",
            change: {
                $0.stops = []; $0.courses = []
            }, severity: .error, code: "no-stops", path: "/stops"),
    ]

    @Test("each rule reports its issue", arguments: cases)
    func rule(_ testCase: Case) throws {
        var race = RaceFixtures.oldTown
        testCase.change(&race)
        // Through the file, so paths are checked as a user sees them.
        let issues = RaceValidator().validate(try RaceFixtures.read(RaceFile.text(race)))
        let match = issues.first { $0.code == testCase.code }
        #expect(match?.severity == testCase.severity, "\(issues.map { "\($0.code) \($0.path)" })")
        #expect(match?.path == testCase.path)
        #expect(match.map { !$0.message.isEmpty } == true)
    }

    @Test("decoding problems are all reported with their paths, and later paths stay right")
    func decodingIssues() throws {
        var text = RaceFile.text(RaceFixtures.oldTown)
        text = text.replacingFirst("\"radius\": 25", with: "\"radius\": \"NaN\"")
            .replacingFirst(
                "\"name\": \"Old Town\"", with: "\"name\": \"Old Town\", \"colour\": \"red\", \"colour\": \"blue\""
            )
            .replacingFirst("\"points\": 10", with: "\"points\": 1.5")
        let reading = try RaceFixtures.read(text)
        let issues = RaceValidator().validate(reading)
        let found = issues.map { "\($0.severity.rawValue) \($0.code) \($0.path)" }
        #expect(found.contains("error wrong-type /stops/0/fence/radius"))
        #expect(found.contains("warning unknown-key /colour"))
        #expect(found.contains("error duplicate-key /colour"))
        #expect(found.contains("error wrong-type /stops/1/points"))
        // Stop 0 could not be decoded: its own problem is reported, and the course naming it is
        // not blamed for an unknown stop as well.
        #expect(!found.contains("error unknown-stop /courses/0/start"), "\(found)")
        #expect(reading.sources.stops == [1, 2, 3, 4])
        #expect(reading.sources.undecodedStopIDs == ["hauptbahnhof"])
    }

    @Test("a stop with longitude 200 is reported once, where it is; a stop that does not exist still is unknown")
    func brokenStopNotAlsoUnknown() throws {
        let reading = try RaceFixtures.read(
            """
            {"format": "racekit.race/1", "name": "x", "stops": [
              {"id": "a", "fence": {"type": "circle", "center": [200, 47], "radius": 30}},
              {"id": "b", "fence": {"type": "circle", "center": [8, 47], "radius": 30}}],
             "courses": [{"id": "c", "controls": ["a", "b", "ghost"]}]}
            """)
        let found = RaceValidator().validate(reading).filter { $0.severity == .error }.map { "\($0.code) \($0.path)" }
        #expect(found == ["coordinate-out-of-range /stops/0/fence/center/0", "unknown-stop /courses/0/controls/2"])
    }

    @Test(
        "start time needs a UTC offset, the time zone must exist, points beyond 10^15 are out of range (not 'not whole')"
    )
    func settingsAndRanges() throws {
        let reading = try RaceFixtures.read(
            """
            {"format": "racekit.race/1", "name": "x", "startTime": "2026-05-02T10:00:00", "timeZone": "Mars/Olympus_Mons",
             "stops": [{"id": "a", "points": 1e15, "fence": {"type": "circle", "center": [8, 47], "radius": 30}}]}
            """)
        let errors = RaceValidator().validate(reading).filter { $0.severity == .error }
        #expect(
            errors.map { "\($0.code) \($0.path)" } == [
                "bad-start-time /startTime", "bad-time-zone /timeZone", "out-of-range /stops/0/points",
            ])
        #expect(
            errors.map(\.message) == [
                "\"2026-05-02T10:00:00\" has no UTC offset (Z or ±hh:mm), so the instant is unknown",
                "\"Mars/Olympus_Mons\" is not a time zone this system knows",
                "points 1000000000000000 is out of range (a whole number in -999999999999999…999999999999999)",
            ])
        let fine = try RaceFixtures.read(
            """
            {"format": "racekit.race/1", "name": "x", "startTime": "2026-05-02T10:00:00Z", "timeZone": "Europe/Zurich",
             "stops": [{"id": "a", "points": 999999999999999, "fence": {"type": "circle", "center": [8, 47], "radius": 30}}]}
            """)
        #expect(RaceValidator().validate(fine).filter { $0.severity == .error }.isEmpty)
    }

    @Test("a validation issue's message and hint are printed with control characters escaped")
    func issueEscaped() {
        let issue = ValidationIssue(
            .error, "unknown-stop", at: "/courses/0", "stop \"\u{1B}]0;x\u{07}\"", hint: "a\u{0}b")
        #expect(
            issue.formatted(file: "r.json")
                == "r.json:/courses/0: error: stop \"\\u001b]0;x\\u0007\" [unknown-stop]\n  hint: a\\u0000b")
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
