import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import RaceLive
import RaceServer
import Testing

/// An instance that has not yet heard of an organiser's start stored through another instance
/// (the announcement is on its way) reads the log before refusing a phone's fixes, and before
/// any organiser action: a phone that starts sending the moment the organiser starts the race
/// elsewhere is not refused. Here the other instance writes straight into the shared store,
/// which (being SQLite) announces nothing, so the window never closes by itself.
@Suite struct StartElsewhereTests {
    @Test func fixesAfterAStartStoredElsewhereAreTaken() async throws {
        let store = try await SQLiteLiveStore(path: nil)
        try await store.migrate()
        let clock = ManualClock(LiveServerFlowTests.start)
        var logger = Logger(label: "racekit.test")
        logger.logLevel = .warning
        let api = LiveAPI(hub: RaceHub(store: store, clock: { clock.now }), settings: LiveServerSettings())
        let app = LiveServer.makeApplication(api: api, host: "127.0.0.1", port: 0, logger: logger)
        try await app.test(.live) { client in
            let race = try await RaceFixture.make(client)
            let next = Int64(try await store.entries(raceID: race.raceID, after: 0).count + 1)
            try await store.append([
                LogEntry(
                    raceID: race.raceID, sequence: next, recordedAt: clock.now,
                    payload: .organiser(.start(time: clock.now)))
            ])
            let response = try await client.execute(
                uri: "/races/\(race.raceID)/fixes", method: .post, headers: race.participant,
                body: ServerHarness.body(
                    #"[{"time": \#(clock.now + 5), "lat": 47.3779, "lon": 8.5403, "accuracy": 4}]"#))
            #expect(response.status == .ok)
            #expect(try ServerHarness.json(response)["accepted"]?.number == 1)
            let again = try await client.execute(
                uri: "/races/\(race.raceID)/start", method: .post, headers: race.organiser)
            #expect(again.status == .conflict, "a second start")
        }
        try await store.close()
    }
}
