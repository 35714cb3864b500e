import Foundation
import Hummingbird
import HummingbirdTesting
import RaceKitCore
import Testing

/// The organiser replaces a race's file before the start, validated as a new race is; after
/// the start the file is fixed.
@Suite struct RaceEditingTests {
    @Test func theFileChangesUntilTheStart() async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 600)
        try await ServerHarness.withServer(clock: clock) { client in
            let race = try await RaceFixture.make(client)
            // Read once, so the server holds the race in memory before the edit.
            #expect(
                try ServerHarness.json(
                    try await client.execute(uri: "/races/\(race.raceID)", method: .get, headers: race.organiser))[
                        "name"]?.string == "Zürich Old Town")
            let edited = LiveServerFlowTests.raceText.replacingOccurrences(
                of: #""name": "Zürich Old Town","#, with: #""name": "Zürich Old Town, shorter","#)
            #expect(edited != LiveServerFlowTests.raceText)
            let put = try await client.execute(
                uri: "/races/\(race.raceID)", method: .put, headers: race.organiser, body: ServerHarness.body(edited))
            #expect(put.status == .ok)
            #expect(try ServerHarness.json(put)["name"]?.string == "Zürich Old Town, shorter")
            let summary = try ServerHarness.json(
                try await client.execute(uri: "/races/\(race.raceID)", method: .get, headers: race.organiser))
            #expect(summary["name"]?.string == "Zürich Old Town, shorter")
            // Who joined stays.
            #expect(summary["participants"]?.array?.compactMap { $0["id"]?.string } == ["anna"])

            // Validated like a new race: the validator's issues, nothing changed.
            let invalid = LiveServerFlowTests.raceText.replacingOccurrences(
                of: "\"requiredAccuracyMeters\": 30", with: "\"requiredAccuracyMeters\": -3")
            let refused = try await client.execute(
                uri: "/races/\(race.raceID)", method: .put, headers: race.organiser, body: ServerHarness.body(invalid))
            #expect(refused.status == .unprocessableContent)
            #expect(try ServerHarness.json(refused)["code"]?.string == "invalid-race")
            #expect((try ServerHarness.json(refused)["issues"]?.array?.count ?? 0) > 0)

            try await race.start(client)
            let late = try await client.execute(
                uri: "/races/\(race.raceID)", method: .put, headers: race.organiser,
                body: ServerHarness.body(LiveServerFlowTests.raceText))
            #expect(late.status == .conflict)
            let after = try ServerHarness.json(
                try await client.execute(uri: "/races/\(race.raceID)", method: .get, headers: race.organiser))
            #expect(after["name"]?.string == "Zürich Old Town, shorter")
            let unknown = try await client.execute(
                uri: "/races/r-nope", method: .put, headers: race.organiser, body: ServerHarness.body(edited))
            #expect(unknown.status == .notFound)
        }
    }
}
