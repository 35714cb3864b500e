import Foundation
import GeoFormats
import Hummingbird
import HummingbirdTesting
import RaceKitCore
import Testing

/// Share links (read-only viewer tokens that expire) and public races (anyone may join by the
/// race's id and read its ranking, never its positions).
@Suite struct SharingTests {
    @Test func aShareLinkReadsOneRaceUntilItExpires() async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 60)
        try await ServerHarness.withServer(clock: clock) { client in
            let race = try await RaceFixture.make(client)
            try await race.start(client)
            let made = try await client.execute(
                uri: "/races/\(race.raceID)/share-links", method: .post, headers: race.organiser,
                body: ServerHarness.body(#"{"expiresInSeconds": 600}"#))
            #expect(made.status == .created)
            let link = try ServerHarness.json(made)
            let token = try #require(link["token"]?.string)
            #expect(token.count == 64)
            #expect(link["expiresAt"]?.string == Timestamp.format(LiveServerFlowTests.start + 540))
            #expect(link["live"]?.string == "/races/\(race.raceID)/live?token=\(token)")
            let viewer = ServerHarness.bearer(token)

            for path in ["", "/standings", "/positions", "/results.csv", "/tracks.gpx"] {
                let response = try await client.execute(
                    uri: "/races/\(race.raceID)\(path)", method: .get, headers: viewer)
                #expect(response.status == .ok, "GET \(path)")
            }
            let page = try await client.execute(uri: "/races/\(race.raceID)/live?token=\(token)", method: .get)
            #expect(page.status == .ok)
            // Read-only: nothing that writes.
            for (method, path, body) in [
                (HTTPRequest.Method.post, "/fixes", "[]"), (.post, "/inputs", #"{"leave": true}"#), (.post, "/end", ""),
                (.post, "/join-codes", "{}"), (.post, "/share-links", "{}"), (.put, "/public", #"{"public": true}"#),
            ] {
                let response = try await client.execute(
                    uri: "/races/\(race.raceID)\(path)", method: method, headers: viewer,
                    body: body.isEmpty ? nil : ServerHarness.body(body))
                #expect(response.status == .forbidden, "\(method) \(path)")
            }
            clock.now += 600
            let expired = try await client.execute(
                uri: "/races/\(race.raceID)/standings", method: .get, headers: viewer)
            #expect(expired.status == .unauthorized)
            #expect(try ServerHarness.json(expired)["code"]?.string == "expired")

            let bad = try await client.execute(
                uri: "/races/\(race.raceID)/share-links", method: .post, headers: race.organiser,
                body: ServerHarness.body(#"{"expiresInSeconds": 0}"#))
            #expect(bad.status == .badRequest)
            #expect(try ServerHarness.json(bad)["path"]?.string == "/expiresInSeconds")
            // Bodies that are not objects are refused, not read as defaults (schemathesis found join-codes taking `[]`).
            for path in ["share-links", "join-codes"] {
                let array = try await client.execute(
                    uri: "/races/\(race.raceID)/\(path)", method: .post, headers: race.organiser,
                    body: ServerHarness.body("[]"))
                #expect(array.status == .badRequest, "\(path)")
            }
        }
    }

    @Test func aPublicRaceIsJoinedAndRankedByAnyone() async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 60)
        try await ServerHarness.withServer(clock: clock) { client in
            let race = try await RaceFixture.make(client)
            let other = try await RaceFixture.make(client)
            let readable = ["", "/standings", "/live", "/results.json", "/results.xml", "/results.csv"]
            func anonymous(_ path: String) async throws -> HTTPResponse.Status {
                try await client.execute(uri: "/races/\(race.raceID)\(path)", method: .get).status
            }
            func join(_ raceID: String, _ name: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/join", method: .post,
                    body: ServerHarness.body(#"{"race": "\#(raceID)", "name": "\#(name)"}"#))
            }
            // Invitation only at first.
            for path in readable { #expect(try await anonymous(path) == .unauthorized, "GET \(path)") }
            #expect(try await join(race.raceID, "Zoe").status == .forbidden)
            #expect(try ServerHarness.json(try await client.execute(uri: "/races", method: .get))["races"]?.array == [])

            let opened = try await client.execute(
                uri: "/races/\(race.raceID)/public", method: .put, headers: race.organiser,
                body: ServerHarness.body(#"{"public": true}"#))
            #expect(opened.status == .ok)
            #expect(try ServerHarness.json(opened)["public"] == .bool(true))
            for path in readable { #expect(try await anonymous(path) == .ok, "GET \(path)") }
            // Positions are for invited readers only, even in a public race.
            #expect(try await anonymous("/positions") == .unauthorized)
            #expect(try await anonymous("/tracks.gpx") == .unauthorized)
            let listed = try ServerHarness.json(try await client.execute(uri: "/races", method: .get))["races"]?.array
            #expect(listed?.compactMap { $0["raceID"]?.string } == [race.raceID])
            #expect(listed?.first?["name"]?.string == "Zürich Old Town")
            #expect(listed?.first?["status"]?.string == "created")

            let zoe = try await join(race.raceID, "Zoe")
            #expect(zoe.status == .created)
            #expect(try ServerHarness.json(zoe)["participantID"]?.string == "Zoe")
            let notPublic = try await join(other.raceID, "Zoe")
            #expect(notPublic.status == .forbidden)
            #expect(try ServerHarness.json(notPublic)["code"]?.string == "not-public")
            // A wrong token is refused even where no token is needed.
            let forged = try await client.execute(
                uri: "/races/\(race.raceID)/standings", method: .get,
                headers: ServerHarness.bearer(String(repeating: "0", count: 64)))
            #expect(forged.status == .unauthorized)

            _ = try await client.execute(
                uri: "/races/\(race.raceID)/public", method: .put, headers: race.organiser,
                body: ServerHarness.body(#"{"public": false}"#))
            #expect(try await anonymous("/standings") == .unauthorized)
            #expect(try await join(race.raceID, "Yves").status == .forbidden)
            let missing = try await client.execute(
                uri: "/races/\(race.raceID)/public", method: .put, headers: race.organiser,
                body: ServerHarness.body(#"{"public": "yes"}"#))
            #expect(missing.status == .badRequest)
        }
    }
}
