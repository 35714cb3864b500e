import RaceKitCore
import RaceModel
import Testing

/// The race file's `livePositions`: read and written back, and every malformed form an error
/// at its JSON path.
struct PositionVisibilityTests {
    /// The old-town fixture's file with `livePositions` set to `value` (JSON text).
    static func reading(_ value: String) throws -> RaceFile.Reading {
        guard case .object(var members) = RaceFile.encode(RaceFixtures.oldTown) else {
            Issue.record("a race file is an object")
            return RaceFile.decode(.null)
        }
        members.append(JSONMember("livePositions", try JSONParser.parse(Array(value.utf8), file: "value")))
        return RaceFile.decode(.object(members))
    }

    @Test(
        "each setting survives a write and a read",
        arguments: [PositionVisibility.live, .never, .delayed(seconds: 90), .delayed(seconds: 0.5)])
    func roundTrip(_ visibility: PositionVisibility) throws {
        var race = RaceFixtures.oldTown
        race.livePositions = visibility
        let reading = RaceFile.decode(RaceFile.encode(race))
        #expect(reading.issues.isEmpty)
        #expect(reading.race?.livePositions == visibility)
        // The default is left out, so files written before the setting existed stay byte for byte.
        #expect(RaceFile.text(race).contains("livePositions") == (visibility != .live))
    }

    @Test(
        "a malformed setting is an error at its path",
        arguments: [
            (#"{"visibility": "sometimes"}"#, "bad-rule", "/livePositions/visibility"),
            (#"{"visibility": "delayed"}"#, "missing-field", "/livePositions"),
            (#"{"visibility": "live", "delaySeconds": 60}"#, "bad-rule", "/livePositions/delaySeconds"),
            (#"{"delaySeconds": 60}"#, "missing-field", "/livePositions"),
            (#""never""#, "wrong-type", "/livePositions"),
        ])
    func malformed(_ value: String, _ code: String, _ path: String) throws {
        let issues = try Self.reading(value).issues
        #expect(issues.contains { $0.severity == .error && $0.code == code && $0.path == path }, "\(issues)")
    }

    @Test("what others may see of a track at a given time")
    func latestVisibleTime() {
        #expect(PositionVisibility.live.latestVisibleTime(now: 1_000) == .infinity)
        #expect(PositionVisibility.delayed(seconds: 300).latestVisibleTime(now: 1_000) == 700)
        #expect(PositionVisibility.never.latestVisibleTime(now: 1_000) == nil)
    }
}
