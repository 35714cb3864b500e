import Foundation
import GeoCore
import Hummingbird
import HummingbirdTesting
import RaceKitCore
import Testing

@testable import RaceServer

/// Each of the server's limits (``LiveServerSettings``), set low, answers with its status and
/// the API's JSON error `{error, code, path?}`; under the limit the same request works.
@Suite struct RequestLimitsTests {
    /// A created race: id, organiser headers, a multi-use join code.
    static func race(_ client: any TestClientProtocol) async throws -> (id: String, organiser: HTTPFields, code: String)
    {
        let created = try await client.execute(
            uri: "/races", method: .post, body: ServerHarness.body(LiveServerFlowTests.raceText))
        let json = try ServerHarness.json(created)
        let id = try #require(json["raceID"]?.string)
        let organiser = ServerHarness.bearer(try #require(json["organiserToken"]?.string))
        let codes = try await client.execute(
            uri: "/races/\(id)/join-codes", method: .post, headers: organiser,
            body: ServerHarness.body(#"{"maxUses": null}"#))
        return (id, organiser, try #require(try ServerHarness.json(codes)["code"]?.string))
    }

    static func join(_ client: any TestClientProtocol, code: String, name: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/join", method: .post, body: ServerHarness.body(#"{"code": "\#(code)", "name": "\#(name)"}"#))
    }

    @Test func bodySizeByContentLength() async throws {
        var settings = LiveServerSettings()
        settings.maximumRequestBodyBytes = 1000
        try await ServerHarness.withServer(clock: ManualClock(0), settings: settings) { client in
            let big = try await client.execute(
                uri: "/races", method: .post, body: ServerHarness.body(LiveServerFlowTests.raceText))
            #expect(big.status == .contentTooLarge)
            let json = try ServerHarness.json(big)
            #expect(json["code"]?.string == "body-too-large")
            #expect(json["error"]?.string == "the request body is larger than 1000 bytes")
            let small = try await client.execute(uri: "/races", method: .post, body: ServerHarness.body("{}"))
            #expect(small.status == .unprocessableContent)  // through the limit, to the validator
        }
    }

    @Test func fixesPerRequest() async throws {
        var settings = LiveServerSettings()
        settings.maximumFixesPerBatch = 2
        let clock = ManualClock(LiveServerFlowTests.start)
        try await ServerHarness.withServer(clock: clock, settings: settings) { client in
            let (id, organiser, code) = try await Self.race(client)
            let joined = try ServerHarness.json(try await Self.join(client, code: code, name: "Anna"))
            let participant = ServerHarness.bearer(try #require(joined["participantToken"]?.string))
            _ = try await client.execute(uri: "/races/\(id)/start", method: .post, headers: organiser)
            let t = LiveServerFlowTests.start + 10
            func batch(_ n: Int) -> ByteBuffer {
                ServerHarness.body(
                    "["
                        + (0..<n).map { #"{"time": \#(t + Double($0)), "lat": 47.378, "lon": 8.54}"# }
                        .joined(separator: ",") + "]")
            }
            let three = try await client.execute(
                uri: "/races/\(id)/fixes", method: .post, headers: participant, body: batch(3))
            #expect(three.status == .contentTooLarge)
            #expect(try ServerHarness.json(three)["code"]?.string == "too-many-fixes")
            let two = try await client.execute(
                uri: "/races/\(id)/fixes", method: .post, headers: participant, body: batch(2))
            #expect(two.status == .ok)
            #expect(try ServerHarness.json(two)["accepted"]?.number == 2)
        }
    }

    @Test func requestsPerTokenPerSecond() async throws {
        var settings = LiveServerSettings()
        settings.requestsPerTokenPerSecond = 0.01  // one request back every 100 s: none while the test runs
        settings.requestBurstPerToken = 3
        try await ServerHarness.withServer(clock: ManualClock(0), settings: settings) { client in
            let (id, organiser, code) = try await Self.race(client)
            // The organiser token made one request (the join code): two more, then 429.
            for _ in 0..<2 {
                let ok = try await client.execute(uri: "/races/\(id)", method: .get, headers: organiser)
                #expect(ok.status == .ok)
            }
            let limited = try await client.execute(uri: "/races/\(id)", method: .get, headers: organiser)
            #expect(limited.status == .tooManyRequests)
            #expect(try ServerHarness.json(limited)["code"]?.string == "rate-limited")
            // Retry-After: the seconds until the bucket holds one request again, on the server's
            // clock (stopped here), rounded up.
            #expect(limited.headers[.retryAfter] == "100")
            // Another token has its own budget; requests without one (joining) are not counted.
            let joined = try ServerHarness.json(try await Self.join(client, code: code, name: "Anna"))
            let participant = ServerHarness.bearer(try #require(joined["participantToken"]?.string))
            let other = try await client.execute(uri: "/races/\(id)", method: .get, headers: participant)
            #expect(other.status == .ok)
            // The OsmAnd device id is a token too.
            let device = try #require(joined["deviceKey"]?.string)
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<4 {
                statuses.append(try await client.execute(uri: "/osmand?id=\(device)&lat=1", method: .post).status)
            }
            #expect(statuses == [.badRequest, .badRequest, .badRequest, .tooManyRequests])
        }
    }

    @Test func participantsPerRace() async throws {
        var settings = LiveServerSettings()
        settings.maximumParticipantsPerRace = 2
        try await ServerHarness.withServer(clock: ManualClock(0), settings: settings) { client in
            let (_, _, code) = try await Self.race(client)
            #expect(try await Self.join(client, code: code, name: "Anna").status == .created)
            #expect(try await Self.join(client, code: code, name: "Beat").status == .created)
            let full = try await Self.join(client, code: code, name: "Chiara")
            #expect(full.status == .conflict)
            let json = try ServerHarness.json(full)
            #expect(json["code"]?.string == "race-full" && json["path"]?.string == "/code")
        }
    }

    @Test func openEventStreams() async throws {
        // No slot at all: every stream is refused.
        var none = LiveServerSettings()
        none.maximumOpenEventStreams = 0
        try await ServerHarness.withServer(clock: ManualClock(0), settings: none) { client in
            let (id, organiser, _) = try await Self.race(client)
            let refused = try await client.execute(uri: "/races/\(id)/events", method: .get, headers: organiser)
            #expect(refused.status == .tooManyRequests)
            #expect(try ServerHarness.json(refused)["code"]?.string == "too-many-streams")
        }
        // One slot: each stream gives it back when it closes (the stream of an ended race
        // closes after its final standings), so streams one after another all get it.
        var one = LiveServerSettings()
        one.maximumOpenEventStreams = 1
        try await ServerHarness.withServer(clock: ManualClock(0), settings: one) { client in
            let (id, organiser, _) = try await Self.race(client)
            _ = try await client.execute(uri: "/races/\(id)/start", method: .post, headers: organiser)
            _ = try await client.execute(uri: "/races/\(id)/end", method: .post, headers: organiser)
            for _ in 0..<3 {
                let stream = try await client.execute(uri: "/races/\(id)/events", method: .get, headers: organiser)
                #expect(stream.status == .ok)
                #expect(String(buffer: stream.body).contains("event: standings"))
            }
        }
    }

    /// The event-stream path test against the plain reading of the route: three segments,
    /// `races`, any id, `events`, on crafted paths and 5 000 seeded random ones.
    @Test func eventStreamPaths() {
        func reference(_ path: String) -> Bool {
            let parts = path.split(separator: "/")
            return parts.count == 3 && parts[0] == "races" && parts[2] == "events"
        }
        var paths = [
            "/races/r1/events", "/races/r1/events/", "/races/r1/events//", "races/r1/events", "/races//r1/events",
            "/races/r1/xevents", "/races/r1/events/x", "/races/events", "/events", "events", "", "/", "//",
            "/races/r1/events?x", "/races/r1/evénts", "/races/r1/participants", "/osmand",
        ]
        var random = SplitMix64(seed: 15)
        let pieces = ["/", "races", "events", "r1", "", "s", "vents", "/events", "é", "?"]
        for _ in 0..<5_000 {
            paths.append(
                (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        for path in paths {
            #expect(RequestLimitsMiddleware<BasicRequestContext>.isEventStream(path) == reference(path), "\(path)")
        }
    }

    @Test func streamSlotsAreCounted() {
        let counter = OpenStreamCounter(maximum: 2)
        #expect(counter.open() && counter.open())
        #expect(!counter.open())
        counter.close()
        #expect(counter.open())
        #expect(counter.count == 2)
    }
}
