import Foundation
import Hummingbird
import HummingbirdTesting
import RaceKitCore
import Testing

/// A race on a test server with one participant who joined: the ids and credentials a test
/// needs to drive it.
struct RaceFixture {
    var raceID: String
    var organiser: HTTPFields
    var participant: HTTPFields
    var participantID: String
    var deviceKey: String

    /// Creates a race from `raceText` (the Zürich sample by default) and joins `name` with a
    /// single-use code.
    static func make(
        _ client: some TestClientProtocol, raceText: String = LiveServerFlowTests.raceText, name: String = "Anna"
    ) async throws -> RaceFixture {
        let created = try ServerHarness.json(
            try await client.execute(uri: "/races", method: .post, body: ServerHarness.body(raceText)))
        let raceID = try #require(created["raceID"]?.string)
        let organiser = ServerHarness.bearer(try #require(created["organiserToken"]?.string))
        let code = try #require(
            try ServerHarness.json(
                try await client.execute(
                    uri: "/races/\(raceID)/join-codes", method: .post, headers: organiser,
                    body: ServerHarness.body("{}")))["code"]?.string)
        let joined = try ServerHarness.json(
            try await client.execute(
                uri: "/join", method: .post, body: ServerHarness.body(#"{"code": "\#(code)", "name": "\#(name)"}"#)))
        return RaceFixture(
            raceID: raceID, organiser: organiser,
            participant: ServerHarness.bearer(try #require(joined["participantToken"]?.string)),
            participantID: try #require(joined["participantID"]?.string),
            deviceKey: try #require(joined["deviceKey"]?.string))
    }

    /// The organiser starts the race.
    func start(_ client: some TestClientProtocol) async throws {
        let response = try await client.execute(uri: "/races/\(raceID)/start", method: .post, headers: organiser)
        #expect(response.status == .ok)
    }

    /// The organiser ends the race.
    func end(_ client: some TestClientProtocol) async throws {
        let ended = try await client.execute(uri: "/races/\(raceID)/end", method: .post, headers: organiser)
        #expect(ended.status == .ok)
    }

    /// The race's log sequence number, from its summary.
    func sequence(_ client: some TestClientProtocol) async throws -> Double? {
        try ServerHarness.json(try await client.execute(uri: "/races/\(raceID)", method: .get, headers: organiser))[
            "sequence"]?.number
    }
}
