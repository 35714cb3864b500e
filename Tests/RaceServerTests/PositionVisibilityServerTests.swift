import Foundation
import Hummingbird
import HummingbirdTesting
import RaceKitCore
import Testing

/// The race's `livePositions` decides what participants see of each other's positions and
/// tracks, and what share-link viewers see; the organiser sees everything, a participant their own.
@Suite struct PositionVisibilityServerTests {
    /// The Zürich sample with `livePositions` set to `setting` (JSON text).
    static func raceText(livePositions setting: String) -> String {
        let text = LiveServerFlowTests.raceText
        let open = text.firstIndex(of: "{")!
        return String(text[...open]) + #""livePositions": \#(setting), "# + String(text[text.index(after: open)...])
    }

    /// Anna and Beat each send a fix at 5 s and at 400 s after the start; the clock stands at 500 s.
    /// Returns the race, Beat's headers and a share-link viewer's headers.
    static func race(
        _ client: some TestClientProtocol, clock: ManualClock, setting: String
    ) async throws -> (RaceFixture, beat: HTTPFields, viewer: HTTPFields) {
        let start = LiveServerFlowTests.start
        let race = try await RaceFixture.make(client, raceText: raceText(livePositions: setting))
        let code = try #require(
            try ServerHarness.json(
                try await client.execute(
                    uri: "/races/\(race.raceID)/join-codes", method: .post, headers: race.organiser,
                    body: ServerHarness.body("{}")))["code"]?.string)
        let beat = ServerHarness.bearer(
            try #require(
                try ServerHarness.json(
                    try await client.execute(
                        uri: "/join", method: .post, body: ServerHarness.body(#"{"code": "\#(code)", "name": "Beat"}"#)
                    ))["participantToken"]?.string))
        let viewer = ServerHarness.bearer(
            try #require(
                try ServerHarness.json(
                    try await client.execute(
                        uri: "/races/\(race.raceID)/share-links", method: .post, headers: race.organiser,
                        body: ServerHarness.body("{}")))["token"]?.string))
        try await race.start(client)
        clock.now = start + 450
        for headers in [race.participant, beat] {
            let response = try await client.execute(
                uri: "/races/\(race.raceID)/fixes", method: .post, headers: headers,
                body: ServerHarness.body(
                    #"[{"time": \#(start + 5), "lat": 47.3779, "lon": 8.5403}, {"time": \#(start + 400), "lat": 47.3722, "lon": 8.5414}]"#
                ))
            #expect(response.status == .ok)
        }
        clock.now = start + 500
        return (race, beat, viewer)
    }

    /// Each participant's last visible fix time as this reader sees it ("-": no position).
    static func lastFixes(
        _ client: some TestClientProtocol, _ race: RaceFixture, _ headers: HTTPFields
    ) async throws -> [String: String] {
        let json = try ServerHarness.json(
            try await client.execute(uri: "/races/\(race.raceID)/positions", method: .get, headers: headers))
        var result: [String: String] = [:]
        for participant in json["participants"]?.array ?? [] {
            result[participant["name"]?.string ?? "?"] = participant["time"]?.string ?? "-"
        }
        return result
    }

    /// How many track points each participant has in this reader's `tracks.gpx`.
    static func trackPoints(
        _ client: some TestClientProtocol, _ race: RaceFixture, _ headers: HTTPFields
    ) async throws -> [Int] {
        let response = try await client.execute(
            uri: "/races/\(race.raceID)/tracks.gpx", method: .get, headers: headers)
        #expect(response.status == .ok)
        return String(buffer: response.body).components(separatedBy: "<trk>").dropFirst().map {
            $0.components(separatedBy: "<trkpt").count - 1
        }
    }

    @Test func delayedPositionsShowOthersWhereTheyWere() async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 60)
        try await ServerHarness.withServer(clock: clock) { client in
            let (race, beat, viewer) = try await Self.race(
                client, clock: clock, setting: #"{"visibility": "delayed", "delaySeconds": 300}"#)
            let now = "2026-05-02T08:06:40Z", earlier = "2026-05-02T08:00:05Z"
            #expect(try await Self.lastFixes(client, race, race.organiser) == ["Anna": now, "Beat": now])
            #expect(try await Self.lastFixes(client, race, race.participant) == ["Anna": now, "Beat": earlier])
            #expect(try await Self.lastFixes(client, race, beat) == ["Anna": earlier, "Beat": now])
            #expect(try await Self.lastFixes(client, race, viewer) == ["Anna": earlier, "Beat": earlier])
            #expect(try await Self.trackPoints(client, race, race.participant) == [2, 1])
            #expect(try await Self.trackPoints(client, race, race.organiser) == [2, 2])
            // Later the second fixes are old enough to be shown.
            clock.now = LiveServerFlowTests.start + 701
            #expect(try await Self.lastFixes(client, race, viewer) == ["Anna": now, "Beat": now])
        }
    }

    @Test func hiddenPositionsShowOnlyYourOwn() async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 60)
        try await ServerHarness.withServer(clock: clock) { client in
            let (race, beat, viewer) = try await Self.race(client, clock: clock, setting: #"{"visibility": "never"}"#)
            let now = "2026-05-02T08:06:40Z"
            #expect(try await Self.lastFixes(client, race, race.organiser) == ["Anna": now, "Beat": now])
            #expect(try await Self.lastFixes(client, race, race.participant) == ["Anna": now, "Beat": "-"])
            #expect(try await Self.lastFixes(client, race, beat) == ["Anna": "-", "Beat": now])
            #expect(try await Self.lastFixes(client, race, viewer) == ["Anna": "-", "Beat": "-"])
            #expect(try await Self.trackPoints(client, race, beat) == [2])  // Anna's track is left out
            #expect(try await Self.trackPoints(client, race, viewer) == [])
        }
    }
}
