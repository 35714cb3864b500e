import Foundation
import GeoFormats
import Hummingbird
import HummingbirdTesting
import LiveStoreTestSupport
import RaceKitCore
import RaceServer
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

    /// The organiser lists the links that still work and revokes one: its token stops working
    /// at once, the others go on, and an id that names no link of this race is 404.
    @Test(arguments: TestStoreKind.allCases) func aShareLinkIsListedAndRevoked(_ kind: TestStoreKind) async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 60)
        try await ServerHarness.withServer(kind, clock: clock) { client in
            let race = try await RaceFixture.make(client)
            let other = try await RaceFixture.make(client)
            func makeLink(_ seconds: Int) async throws -> (id: String, token: String) {
                let made = try ServerHarness.json(
                    try await client.execute(
                        uri: "/races/\(race.raceID)/share-links", method: .post, headers: race.organiser,
                        body: ServerHarness.body(#"{"expiresInSeconds": \#(seconds)}"#)))
                return (try #require(made["id"]?.string), try #require(made["token"]?.string))
            }
            func listed() async throws -> [String] {
                let list = try await client.execute(
                    uri: "/races/\(race.raceID)/share-links", method: .get, headers: race.organiser)
                #expect(list.status == .ok)
                return try ServerHarness.json(list)["links"]?.array?.compactMap { $0["id"]?.string } ?? []
            }
            func reads(_ token: String) async throws -> HTTPResponse.Status {
                try await client.execute(
                    uri: "/races/\(race.raceID)/standings", method: .get, headers: ServerHarness.bearer(token)
                ).status
            }
            func revoke(_ id: String, in raceID: String, as organiser: HTTPFields) async throws -> TestResponse {
                try await client.execute(uri: "/races/\(raceID)/share-links/\(id)", method: .delete, headers: organiser)
            }
            let day = try await makeLink(86_400), hour = try await makeLink(3_600), minute = try await makeLink(60)
            // The id names the link without giving away its token or the hash it is stored under.
            #expect(hour.id.count == 16 && hour.id.allSatisfy(\.isHexDigit))
            #expect(hour.id == ShareLinkID.of(credentialHash: SecretToken.hash(hour.token)))
            #expect(!hour.token.contains(hour.id) && !SecretToken.hash(hour.token).contains(hour.id))
            #expect(Set([day.id, hour.id, minute.id]).count == 3)
            #expect(try await listed() == [minute.id, hour.id, day.id])
            clock.now += 61
            #expect(try await listed() == [hour.id, day.id])  // expired links are not listed

            #expect(try await reads(hour.token) == .ok)
            let revoked = try await revoke(hour.id, in: race.raceID, as: race.organiser)
            #expect(revoked.status == .noContent)
            let refused = try await client.execute(
                uri: "/races/\(race.raceID)/standings", method: .get, headers: ServerHarness.bearer(hour.token))
            #expect(refused.status == .unauthorized)
            #expect(try ServerHarness.json(refused)["code"]?.string == "unauthorized")
            #expect(try await reads(day.token) == .ok)
            #expect(try await listed() == [day.id])

            let again = try await revoke(hour.id, in: race.raceID, as: race.organiser)
            #expect(again.status == .notFound)
            #expect(try ServerHarness.json(again)["code"]?.string == "not-found")
            #expect(try await revoke("0123456789abcdef", in: race.raceID, as: race.organiser).status == .notFound)
            // Another race's organiser cannot name this race's link through their own race.
            #expect(try await revoke(day.id, in: other.raceID, as: other.organiser).status == .notFound)
            #expect(try await revoke(day.id, in: race.raceID, as: other.organiser).status == .forbidden)
            #expect(try await revoke(day.id, in: race.raceID, as: ServerHarness.bearer(day.token)).status == .forbidden)
            #expect(try await reads(day.token) == .ok)
            #expect(try await revoke(day.id, in: "r-nope", as: race.organiser).status == .notFound)
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
