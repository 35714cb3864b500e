import Foundation
import Hummingbird
import HummingbirdTesting
import RaceKitCore
import RaceLive
import Testing

@testable import RaceServer

/// OwnTracks in HTTP mode: Basic credentials with the device key as password, locations stored
/// like native fixes, other messages ignored, and the participant's next stop sent back as a
/// `setWaypoints` region that follows the game (the classic race's question gate included).
@Suite struct OwnTracksTests {
    static let start = LiveServerFlowTests.start

    static func basic(user: String, password: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.authorization] = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        headers[.contentType] = "application/json"
        headers[.init("X-Limit-U")!] = user
        headers[.init("X-Limit-D")!] = "phone"
        return headers
    }

    static func location(_ time: Double, _ lat: Double, _ lon: Double, acc: Double = 5) -> String {
        #"{"_type":"location","lat":\#(lat),"lon":\#(lon),"tst":\#(Int(time)),"acc":\#(acc),"tid":"an","batt":80,"vel":4}"#
    }

    /// The one region of a `setWaypoints` answer, or nil for `[]`.
    static func region(_ response: TestResponse) throws -> JSONValue? {
        #expect(response.status == .ok)
        let commands = try #require(try ServerHarness.json(response).array)
        guard let command = commands.first else { return nil }
        #expect(commands.count == 1)
        #expect(command["_type"]?.string == "cmd")
        #expect(command["action"]?.string == "setWaypoints")
        #expect(command["waypoints"]?["_type"]?.string == "waypoints")
        let regions = try #require(command["waypoints"]?["waypoints"]?.array)
        #expect(regions.count == 1)
        return regions.first
    }

    @Test func locationsAreStoredAndTheNextStopFollowsTheGame() async throws {
        let created = Self.start - 3600
        let clock = ManualClock(created)
        try await ServerHarness.withServer(clock: clock) { client in
            let race = try await RaceFixture.make(client)
            let phone = Self.basic(user: race.participantID, password: race.deviceKey)
            func post(_ body: String, _ headers: HTTPFields? = nil) async throws -> TestResponse {
                try await client.execute(
                    uri: "/owntracks", method: .post, headers: headers ?? phone, body: ServerHarness.body(body))
            }

            // Before the start: a location waits (409, the app resends it); an empty body is taken,
            // and the region is the course's start (Zürich HB, r 30 m): nothing is punched yet.
            #expect(try await post(Self.location(created, 47.3779, 8.5403)).status == .conflict)
            let first = try #require(try Self.region(try await post("")))
            #expect(first["desc"]?.string == "Zürich Hauptbahnhof")
            #expect(first["lat"]?.number == 47.3779 && first["lon"]?.number == 8.5403)
            #expect(first["rad"]?.number == 30)
            #expect(first["tst"]?.number == created.rounded(.down))
            #expect(first["rid"]?.string == "racekit-" + race.raceID)

            clock.now = Self.start - 60
            try await race.start(client)
            clock.now = Self.start + 900
            // At the start stop: the classic race unlocks Lindenhof (47.373, 8.541, r 25 m).
            let atStart = try #require(try Self.region(try await post(Self.location(Self.start + 5, 47.3779, 8.5403))))
            #expect(atStart["desc"]?.string == "Lindenhof")
            #expect(atStart["lat"]?.number == 47.373 && atStart["lon"]?.number == 8.541 && atStart["rad"]?.number == 25)
            // The same tst and rid for the whole race: the phone replaces its one region.
            #expect(atStart["tst"] == first["tst"] && atStart["rid"] == first["rid"])

            // Twenty seconds inside Lindenhof, then away: reached, but its question gates the next stop.
            for t in stride(from: 300.0, through: 320, by: 5) {
                _ = try await post(Self.location(Self.start + t, 47.37301, 8.54101))
            }
            #expect(try Self.region(try await post(Self.location(Self.start + 330, 47.3745, 8.5410))) == nil)
            let answered = try await client.execute(
                uri: "/races/\(race.raceID)/inputs", method: .post, headers: race.participant,
                body: ServerHarness.body(#"{"stop": "lindenhof", "choice": "A fountain"}"#))
            #expect(answered.status == .ok)
            let next = try #require(try Self.region(try await post("")))
            #expect(next["desc"]?.string == "St. Peter")
            #expect(next["rad"]?.number == 20)

            // Other messages and a resent location change nothing in the log.
            let sequence = try await race.sequence(client)
            let transition =
                #"{"_type":"transition","event":"enter","wtst":1,"tst":\#(Int(Self.start) + 331),"lat":47.373,"lon":8.541,"acc":5}"#
            #expect(try Self.region(try await post(transition))?["desc"]?.string == "St. Peter")
            #expect(try await post(#"{"_type":"lwt","tst":1}"#).status == .ok)
            #expect(try await post(Self.location(Self.start + 330, 47.3745, 8.5410)).status == .ok)
            #expect(try await race.sequence(client) == sequence)
        }
    }

    @Test func refusalsAndCredentials() async throws {
        let clock = ManualClock(Self.start - 60)
        try await ServerHarness.withServer(clock: clock) { client in
            let race = try await RaceFixture.make(client)
            try await race.start(client)
            clock.now = Self.start + 600
            let phone = Self.basic(user: "anything", password: race.deviceKey)
            func post(_ body: String, _ headers: HTTPFields) async throws -> TestResponse {
                try await client.execute(
                    uri: "/owntracks", method: .post, headers: headers, body: ServerHarness.body(body))
            }
            let good = Self.location(Self.start + 10, 47.3779, 8.5403)

            // Only the device key as the password authenticates; 401 asks for Basic credentials.
            var none = HTTPFields()
            none[.init("X-Limit-U")!] = "anna"
            none[.init("X-Limit-D")!] = race.deviceKey
            for headers in [
                none, Self.basic(user: race.deviceKey, password: ""),
                Self.basic(user: "anna", password: "wrong"),
                Self.basic(
                    user: "anna",
                    password: race.participant[.authorization]!.replacingOccurrences(of: "Bearer ", with: "")),
                ServerHarness.bearer(race.deviceKey),
            ] {
                let response = try await post(good, headers)
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Basic ") == true)
                #expect(try ServerHarness.json(response)["code"]?.string == "unauthorized")
            }

            // Refused fixes are answered 200 (the app would resend them forever) and say why.
            let refusals: [(String, String)] = [
                (Self.location(clock.now + 3600, 47.3779, 8.5403), "future"),
                (Self.location(Self.start - 7200, 47.3779, 8.5403), "before-start"),
                (Self.location(Self.start + 20, 47.3779, 8.5403, acc: 250), "poor-accuracy"),
                (Self.location(Self.start + 30, 95, 8.5403), "invalid-value"),
                (#"{"_type":"location","lat":"north","lon":8.54,"tst":\#(Int(Self.start) + 40)}"#, "invalid-value"),
                (#"{"_type":"location","lat":47.3,"lon":8.54}"#, "invalid-value"),
            ]
            let sequence = try await race.sequence(client)
            for (body, code) in refusals {
                let response = try await post(body, phone)
                #expect(response.status == .ok, "\(body)")
                #expect(response.headers[.init("X-RaceKit-Refused")!] == code, "\(body)")
                #expect(response.headers[.init("X-RaceKit-Refusal-Reason")!]?.isEmpty == false)
            }
            #expect(try await race.sequence(client) == sequence)
            let stored = try await post(good, phone)
            #expect(stored.status == .ok)
            #expect(stored.headers[.init("X-RaceKit-Refused")!] == nil)
            #expect(try await race.sequence(client) == sequence.map { $0 + 1 })

            // Not JSON, or not an object: a bad request.
            #expect(try await post("{", phone).status == .badRequest)
            #expect(try await post("[1]", phone).status == .badRequest)
        }
    }

    @Test func locationFieldsAndUnits() throws {
        let body = Array(
            #"{"_type":"location","lat":47.5,"lon":8.25,"tst":1777708800,"acc":12,"alt":410,"vel":36,"cog":270,"batt":55,"tid":"an","t":"u"}"#
                .utf8)
        guard case .location(let fix) = try OwnTracksMessage.parse(body, participant: "anna") else {
            Issue.record("not a location")
            return
        }
        #expect(
            fix
                == LiveFix(
                    participant: "anna", time: 1_777_708_800, latitude: 47.5, longitude: 8.25, accuracyMeters: 12,
                    altitudeMeters: 410, speedMetersPerSecond: 10, bearingDegrees: 270, batteryPercent: 55))
        guard case .ignored = try OwnTracksMessage.parse(Array(" \n".utf8), participant: "anna") else {
            Issue.record("an empty body is not ignored")
            return
        }
        #expect(BasicCredentials(header: "Basic " + Data("anna:k:ey".utf8).base64EncodedString())?.password == "k:ey")
        #expect(BasicCredentials(header: "Bearer abc") == nil)
    }
}
