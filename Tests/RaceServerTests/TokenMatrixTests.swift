import Foundation
import Hummingbird
import HummingbirdTesting
import LiveStoreTestSupport
import RaceServer
import Testing

/// Every route that needs a credential, with every kind of token and with none: each token
/// allows only its own race and role (401 without a valid token, 403 for another race or role).
@Suite struct TokenMatrixTests {
    @Test(arguments: TestStoreKind.allCases) func everyRouteWithEveryToken(_ kind: TestStoreKind) async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 60)
        try await ServerHarness.withServer(kind, clock: clock) { client in
            var tokens: [String: String] = [:]  // kind → token
            var races: [String] = []
            for name in ["A", "B"] {
                let created = try ServerHarness.json(
                    try await client.execute(
                        uri: "/races", method: .post, body: ServerHarness.body(LiveServerFlowTests.raceText)))
                let raceID = try #require(created["raceID"]?.string)
                races.append(raceID)
                tokens["organiser\(name)"] = created["organiserToken"]?.string
                let code = try ServerHarness.json(
                    try await client.execute(
                        uri: "/races/\(raceID)/join-codes", method: .post,
                        headers: ServerHarness.bearer(tokens["organiser\(name)"]!), body: ServerHarness.body("{}")))[
                        "code"]?.string
                let joined = try ServerHarness.json(
                    try await client.execute(
                        uri: "/join", method: .post, body: ServerHarness.body(#"{"code": "\#(code!)", "name": "Anna"}"#)
                    ))
                tokens["participant\(name)"] = joined["participantToken"]?.string
                tokens["device\(name)"] = joined["deviceKey"]?.string
                let link = try ServerHarness.json(
                    try await client.execute(
                        uri: "/races/\(raceID)/share-links", method: .post,
                        headers: ServerHarness.bearer(tokens["organiser\(name)"]!), body: ServerHarness.body("{}")))
                tokens["viewer\(name)"] = link["token"]?.string
            }
            // Race A runs and ends first, so its event stream closes after the final standings.
            for action in ["start", "end"] {
                #expect(
                    try await client.execute(
                        uri: "/races/\(races[0])/\(action)", method: .post,
                        headers: ServerHarness.bearer(tokens["organiserA"]!)
                    ).status == .ok)
            }
            let a = races[0]
            let readers: Set<String> = ["organiserA", "participantA", "viewerA"]
            let routes: [(method: HTTPRequest.Method, path: String, body: String, allowed: Set<String>)] = [
                (.get, "/races/\(a)", "", readers),
                (.put, "/races/\(a)", LiveServerFlowTests.raceText, ["organiserA"]),
                (.post, "/races/\(a)/share-links", "{}", ["organiserA"]),
                (.get, "/races/\(a)/share-links", "", ["organiserA"]),
                // An id of no link: the organiser's answer is 404, and viewer A's link lives on.
                (.delete, "/races/\(a)/share-links/0123456789abcdef", "", ["organiserA"]),
                (.put, "/races/\(a)/public", #"{"public": false}"#, ["organiserA"]),
                (.get, "/races/\(a)/live", "", readers),
                (.get, "/races/\(a)/positions", "", readers),
                (.get, "/races/\(a)/results.json", "", readers),
                (.get, "/races/\(a)/results.xml", "", readers),
                (.get, "/races/\(a)/results.csv", "", readers),
                (.get, "/races/\(a)/tracks.gpx", "", readers),
                (.post, "/races/\(a)/start", "", ["organiserA"]),
                (.post, "/races/\(a)/end", "", ["organiserA"]),
                (.post, "/races/\(a)/join-codes", "{}", ["organiserA"]),
                (.post, "/races/\(a)/fixes", "[]", ["participantA"]),
                (.post, "/races/\(a)/inputs", #"{"leave": true}"#, ["participantA"]),
                (.get, "/races/\(a)/standings", "", readers),
                (.get, "/races/\(a)/events", "", readers),
            ]
            for route in routes {
                for kind in [nil] + tokens.keys.sorted() {
                    let headers = kind.map { ServerHarness.bearer(tokens[$0]!) } ?? [:]
                    let response = try await client.execute(
                        uri: route.path, method: route.method, headers: headers,
                        body: route.body.isEmpty ? nil : ServerHarness.body(route.body))
                    let expected: HTTPResponse.Status? =
                        kind == nil ? .unauthorized : route.allowed.contains(kind!) ? nil : .forbidden
                    if let expected {
                        #expect(response.status == expected, "\(route.method) \(route.path) with \(kind ?? "no token")")
                        #expect(
                            try ServerHarness.json(response)["code"]?.string
                                == (kind == nil ? "unauthorized" : "forbidden"))
                    } else {
                        #expect(
                            ![.unauthorized, .forbidden].contains(response.status),
                            "\(route.method) \(route.path) with \(kind!)")
                    }
                }
                let forged = try await client.execute(
                    uri: route.path, method: route.method,
                    headers: ServerHarness.bearer(String(repeating: "0", count: 64)))
                #expect(forged.status == .unauthorized)
            }
            // The OsmAnd id takes only a device key.
            for kind in tokens.keys.sorted() where !kind.hasPrefix("device") {
                let response = try await client.execute(
                    uri: "/osmand?id=\(tokens[kind]!)&lat=47.378&lon=8.54&timestamp=\(Int(clock.now))", method: .post)
                #expect(response.status == .badRequest, "osmand with \(kind)")
            }
            // OwnTracks' password takes only a device key; the bearer header is not Basic.
            for kind in tokens.keys.sorted() {
                var basic = HTTPFields()
                basic[.authorization] = "Basic " + Data("anna:\(tokens[kind]!)".utf8).base64EncodedString()
                let location = #"{"_type":"location","lat":47.378,"lon":8.54,"tst":\#(Int(clock.now))}"#
                let response = try await client.execute(
                    uri: "/owntracks", method: .post, headers: basic, body: ServerHarness.body(location))
                #expect(
                    kind.hasPrefix("device") ? response.status != .unauthorized : response.status == .unauthorized,
                    "owntracks with \(kind)")
                let bearer = try await client.execute(
                    uri: "/owntracks", method: .post, headers: ServerHarness.bearer(tokens[kind]!),
                    body: ServerHarness.body(location))
                #expect(bearer.status == .unauthorized)
            }
        }
    }

    @Test func tokensAreRandomHashedAndComparedInFull() {
        let tokens = (0..<100).map { _ in SecretToken.generate() }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        // SHA-256 of "abc" (FIPS 180-2 test vector).
        #expect(SecretToken.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SecretToken.constantTimeEqual("abc", "abc"))
        #expect(!SecretToken.constantTimeEqual("abc", "abd"))
        #expect(!SecretToken.constantTimeEqual("abc", "abcd"))
    }

    @Test func joinCodesAreTypable() {
        let code = JoinCode.generate()
        #expect(code.count == 9)
        #expect(!code.contains { "01OILU".contains($0) })
        #expect(JoinCode.hash(code) == JoinCode.hash(" " + code.lowercased().replacingOccurrences(of: "-", with: " ")))
        #expect(JoinCode.hash(code) != JoinCode.hash(JoinCode.generate()))
    }
}
