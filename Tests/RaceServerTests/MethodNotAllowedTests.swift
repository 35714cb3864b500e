import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Requests no route takes: a method a known path does not have is 405 with `Allow` and the
/// API's JSON error, a path the API does not have stays 404 (as JSON too), and HEAD works
/// wherever GET does. The conforming client also holds each `Allow` to docs/openapi.yaml.
@Suite struct MethodNotAllowedTests {
    @Test func aMethodThePathLacksIs405WithAllow() async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 60)
        try await ServerHarness.withServer(clock: clock) { client in
            let race = try await RaceFixture.make(client)
            let cases: [(method: HTTPRequest.Method, path: String, allow: String)] = [
                (.delete, "/health", "GET, HEAD"),
                (.put, "/join", "POST"),
                (.get, "/races/\(race.raceID)/start", "POST"),
                (.post, "/races/\(race.raceID)/standings", "GET, HEAD"),
                (.delete, "/races", "GET, HEAD, POST"),
                (.patch, "/races/\(race.raceID)", "GET, HEAD, PUT"),
                (.get, "/races/\(race.raceID)/share-links/0123456789abcdef", "DELETE"),
                (.delete, "/races/\(race.raceID)/share-links", "GET, HEAD, POST"),
                (.head, "/owntracks", "POST"),
            ]
            for (method, path, allow) in cases {
                let response = try await client.execute(uri: path, method: method, headers: race.organiser)
                #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                #expect(response.headers[.allow] == allow, "\(method) \(path)")
                if method != .head {
                    #expect(
                        try ServerHarness.json(response)["code"]?.string == "method-not-allowed", "\(method) \(path)")
                }
            }
        }
    }

    @Test func anUnknownPathStays404() async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 60)
        try await ServerHarness.withServer(clock: clock) { client in
            let race = try await RaceFixture.make(client)
            for (method, path) in [
                (HTTPRequest.Method.get, "/nothing"), (.delete, "/nothing/here"),
                (.post, "/races/\(race.raceID)/nothing"), (.get, "/races/\(race.raceID)/results.pdf"),
                (.get, "/races/\(race.raceID)/share-links/a/b"),
            ] {
                let response = try await client.execute(uri: path, method: method, headers: race.organiser)
                #expect(response.status == .notFound, "\(method) \(path)")
                #expect(response.headers[.allow] == nil, "\(method) \(path)")
                #expect(try ServerHarness.json(response)["code"]?.string == "not-found", "\(method) \(path)")
            }
            // A known path naming an unknown race is the route's own 404.
            let noRace = try await client.execute(uri: "/races/r-none/standings", method: .get)
            #expect(noRace.status == .notFound)
        }
    }

    @Test func headWorksWhereverGetDoes() async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 60)
        try await ServerHarness.withServer(clock: clock) { client in
            let race = try await RaceFixture.make(client)
            for path in ["/health", "/races", "/races/\(race.raceID)", "/races/\(race.raceID)/standings"] {
                let get = try await client.execute(uri: path, method: .get, headers: race.organiser)
                let head = try await client.execute(uri: path, method: .head, headers: race.organiser)
                #expect(head.status == .ok, "HEAD \(path)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "HEAD \(path)")
                #expect(head.body.readableBytes == 0 && get.body.readableBytes > 0, "HEAD \(path)")
            }
            let anonymous = try await client.execute(uri: "/races/\(race.raceID)/standings", method: .head)
            #expect(anonymous.status == .unauthorized)
        }
    }
}
