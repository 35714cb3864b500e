import Foundation
import GameModes
import GeoFormats
import Hummingbird
import HummingbirdTesting
import LiveStoreTestSupport
import RaceKitCore
import RaceLive
import RaceModel
import RaceServer
import Testing

/// The first slice of `racekit serve` end to end on loopback: an organiser creates, starts and
/// ends a race; a participant joins with a code and streams fixes as Traccar Client and as the
/// native batch; a viewer reads standings and the event stream.
@Suite struct LiveServerFlowTests {
    static let raceText = try! String(
        contentsOf: ServerHarness.routes.appendingPathComponent("zurich-old-town/race.json"), encoding: .utf8)
    static let start = Timestamp.parse("2026-05-02T10:00:00+02:00")!

    @Test(arguments: TestStoreKind.allCases) func healthAnswers(_ kind: TestStoreKind) async throws {
        try await ServerHarness.withServer(kind, clock: ManualClock(0)) { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
            #expect(try ServerHarness.json(response)["status"]?.string == "ok")
        }
    }

    @Test(arguments: TestStoreKind.allCases) func anInvalidRaceGetsTheValidatorsIssues(_ kind: TestStoreKind)
        async throws
    {
        // Two stops with one id and a negative radius: the same issues `racekit validate --json` gives.
        let text = Self.raceText.replacingOccurrences(
            of: "\"requiredAccuracyMeters\": 30", with: "\"requiredAccuracyMeters\": -3")
        let expected = RaceValidator.withStandardModes.validate(
            RaceFile.decode(try JSONParser.parse(Array(text.utf8), file: "x")))
        #expect(expected.contains { $0.severity == .error })
        try await ServerHarness.withServer(kind, clock: ManualClock(0)) { client in
            let response = try await client.execute(uri: "/races", method: .post, body: ServerHarness.body(text))
            #expect(response.status == .unprocessableContent)
            let json = try ServerHarness.json(response)
            #expect(json["code"]?.string == "invalid-race")
            let issues = json["issues"]?.array ?? []
            #expect(issues.compactMap { $0["code"]?.string } == expected.map(\.code))
            #expect(issues.compactMap { $0["path"]?.string } == expected.map(\.path))
            #expect(json["path"]?.string == expected.first { $0.severity == .error }?.path)

            let notJSON = try await client.execute(uri: "/races", method: .post, body: ServerHarness.body("{"))
            #expect(notJSON.status == .badRequest)
            #expect(try ServerHarness.json(notJSON)["code"]?.string == "bad-request")
        }
    }

    @Test(arguments: TestStoreKind.allCases) func organiserParticipantAndViewer(_ kind: TestStoreKind) async throws {
        let clock = ManualClock(Self.start - 3600)
        try await ServerHarness.withServer(kind, clock: clock) { client in
            let created = try await client.execute(
                uri: "/races", method: .post, body: ServerHarness.body(Self.raceText))
            #expect(created.status == .created)
            let raceID = try #require(try ServerHarness.json(created)["raceID"]?.string)
            let organiser = ServerHarness.bearer(
                try #require(try ServerHarness.json(created)["organiserToken"]?.string))

            // A single-use code: one join, then refused; a multi-use code until it expires.
            let single = try await client.execute(
                uri: "/races/\(raceID)/join-codes", method: .post, headers: organiser, body: ServerHarness.body("{}"))
            #expect(single.status == .created)
            let code = try #require(try ServerHarness.json(single)["code"]?.string)
            #expect(code.count == 9 && code.contains("-"))
            let joined = try await client.execute(
                uri: "/join", method: .post,
                body: ServerHarness.body(
                    #"{"code": "\#(code.lowercased().replacingOccurrences(of: "-", with: " "))", "name": "Anna"}"#))
            #expect(joined.status == .created)
            let join = try ServerHarness.json(joined)
            #expect(join["participantID"]?.string == "anna")
            let participant = ServerHarness.bearer(try #require(join["participantToken"]?.string))
            let deviceKey = try #require(join["deviceKey"]?.string)
            #expect(deviceKey.count == 64)
            let again = try await client.execute(
                uri: "/join", method: .post, body: ServerHarness.body(#"{"code": "\#(code)", "name": "Beat"}"#))
            #expect(again.status == .forbidden)
            #expect(try ServerHarness.json(again)["code"]?.string == "invalid-join-code")

            let multi = try await client.execute(
                uri: "/races/\(raceID)/join-codes", method: .post, headers: organiser,
                body: ServerHarness.body(#"{"maxUses": null, "expiresInSeconds": 600}"#))
            let multiCode = try #require(try ServerHarness.json(multi)["code"]?.string)
            let beat = try await client.execute(
                uri: "/join", method: .post, body: ServerHarness.body(#"{"code": "\#(multiCode)", "name": "Beat"}"#))
            #expect(beat.status == .created)
            let taken = try await client.execute(
                uri: "/join", method: .post, body: ServerHarness.body(#"{"code": "\#(multiCode)", "name": "beat"}"#))
            #expect(taken.status == .conflict)
            clock.now += 601
            let expired = try await client.execute(
                uri: "/join", method: .post, body: ServerHarness.body(#"{"code": "\#(multiCode)", "name": "Chiara"}"#))
            #expect(expired.status == .forbidden)

            // Before the start no fix is taken.
            let early = try await client.execute(
                uri: "/osmand?id=\(deviceKey)&lat=47.3779&lon=8.5403&timestamp=\(Int(clock.now))", method: .post)
            #expect(early.status == .conflict)
            clock.now = Self.start - 60
            let started = try await client.execute(uri: "/races/\(raceID)/start", method: .post, headers: organiser)
            #expect(started.status == .ok)
            clock.now = Self.start + 600

            // Traccar Client: query string and form body, epoch seconds, milliseconds and ISO 8601.
            let t0 = Self.start + 10
            let q = try await client.execute(
                uri:
                    "/osmand?id=\(deviceKey)&lat=47.3778876&lon=8.5402755&timestamp=\(Int(t0))&speed=2&accuracy=5&batt=80",
                method: .post)
            #expect(q.status == .ok)
            #expect(q.body.readableBytes == 0)
            var form = HTTPFields()
            form[.contentType] = "application/x-www-form-urlencoded"
            let f = try await client.execute(
                uri: "/osmand", method: .post, headers: form,
                body: ServerHarness.body(
                    "id=\(deviceKey)&lat=47.3779&lon=8.5403&timestamp=\(Int((t0 + 5) * 1000))&accuracy=4"))
            #expect(f.status == .ok)
            let iso = try await client.execute(
                uri: "/osmand?id=\(deviceKey)&lat=47.378&lon=8.5404&timestamp=\(Timestamp.format(t0 + 10))",
                method: .get)
            #expect(iso.status == .ok)
            let unknown = try await client.execute(
                uri: "/osmand?id=nobody&lat=47.378&lon=8.5404&timestamp=\(Int(t0))", method: .post)
            #expect(unknown.status == .badRequest)
            #expect(try ServerHarness.json(unknown)["code"]?.string == "unknown-device")
            // Numbers in the grammar of every RaceKit reader: no hexadecimal, NaN, infinity or comma.
            for text in ["0x2F", "nan", "inf", "47%2C378", "1e999"] {
                let refused = try await client.execute(
                    uri: "/osmand?id=\(deviceKey)&lat=\(text)&lon=8.5404&timestamp=\(Int(t0 + 12))", method: .post)
                #expect(refused.status == .badRequest, "\(text)")
                #expect(try ServerHarness.json(refused)["path"]?.string == "lat", "\(text)")
            }

            // The native batch: good fixes, a duplicate of a Traccar fix, and one refusal of each kind.
            let batch = """
                [{"time": \(t0 + 20), "lat": 47.3781, "lon": 8.5405, "accuracy": 6},
                 {"time": "\(Timestamp.format(t0 + 30))", "lat": 47.3782, "lon": 8.5406, "accuracy": 6},
                 {"time": \(Int(t0) * 1000), "lat": 47.3778876, "lon": 8.5402755, "accuracy": 5},
                 {"time": \(clock.now + 3600), "lat": 47.378, "lon": 8.54, "accuracy": 5},
                 {"time": \(Self.start - 7200), "lat": 47.378, "lon": 8.54, "accuracy": 5},
                 {"time": \(t0 + 40), "lat": 91, "lon": 8.54, "accuracy": 5},
                 {"time": \(t0 + 50), "lat": 47.378, "lon": 8.54, "accuracy": 250},
                 {"time": \(t0 + 60), "lat": "north", "lon": 8.54}]
                """
            let ingested = try await client.execute(
                uri: "/races/\(raceID)/fixes", method: .post, headers: participant, body: ServerHarness.body(batch))
            #expect(ingested.status == .ok)
            let receipt = try ServerHarness.json(ingested)
            #expect(receipt["accepted"]?.number == 2)
            #expect(receipt["duplicates"]?.number == 1)
            #expect(receipt["rejected"]?.number == 5)
            #expect(
                receipt["rejections"]?.array?.compactMap { $0["code"]?.string } == [
                    "future", "before-start", "invalid-value", "poor-accuracy", "invalid-value",
                ])
            #expect(receipt["rejections"]?.array?.compactMap { $0["index"]?.number } == [3, 4, 5, 6, 7])
            let sequence = try #require(receipt["sequence"]?.number)
            // A retried batch changes nothing.
            let retried = try ServerHarness.json(
                try await client.execute(
                    uri: "/races/\(raceID)/fixes", method: .post, headers: participant, body: ServerHarness.body(batch))
            )
            #expect(retried["accepted"]?.number == 0)
            #expect(retried["sequence"]?.number == sequence)

            let standings = try ServerHarness.json(
                try await client.execute(uri: "/races/\(raceID)/standings", method: .get, headers: participant))
            #expect(standings["status"]?.string == "started")
            #expect(standings["sequence"]?.number == sequence)
            #expect(standings["report"]?["standings"] != nil)

            // A game input joins the log like a fix; the same input at the same time is a duplicate.
            let answer = ServerHarness.body(#"{"stop": "lindenhof", "choice": "A fountain"}"#)
            let answered = try ServerHarness.json(
                try await client.execute(
                    uri: "/races/\(raceID)/inputs", method: .post, headers: participant, body: answer))
            #expect(answered["accepted"] == .bool(true))
            #expect(answered["sequence"]?.number == sequence + 1)
            let repeated = try ServerHarness.json(
                try await client.execute(
                    uri: "/races/\(raceID)/inputs", method: .post, headers: participant, body: answer))
            #expect(repeated["accepted"] == .bool(false))
            let noQuestion = try await client.execute(
                uri: "/races/\(raceID)/inputs", method: .post, headers: participant,
                body: ServerHarness.body(#"{"stop": "hb", "choice": "x"}"#))
            #expect(noQuestion.status == .badRequest)
            #expect(try ServerHarness.json(noQuestion)["path"]?.string == "/stop")

            let ended = try await client.execute(uri: "/races/\(raceID)/end", method: .post, headers: organiser)
            #expect(ended.status == .ok)
            let endSequence = try #require(try ServerHarness.json(ended)["sequence"]?.number)
            #expect(endSequence == sequence + 2)
            let afterEnd = try await client.execute(
                uri: "/osmand?id=\(deviceKey)&lat=47.378&lon=8.5404&timestamp=\(Int(clock.now) + 30)", method: .post)
            #expect(afterEnd.status == .badRequest)

            // The event stream of an ended race: retry, the final standings with the log's id, then closed.
            let events = try await client.execute(uri: "/races/\(raceID)/events", method: .get, headers: organiser)
            #expect(events.status == .ok)
            #expect(events.headers[.contentType] == "text/event-stream")
            let text = String(buffer: events.body)
            #expect(text.hasPrefix("retry: 3000\n\n"))
            #expect(text.contains("id: \(Int(endSequence))\nevent: standings\ndata: {"))
            // Resuming from the last id has nothing to send; from an older one, the newest state.
            var resume = organiser
            resume[.init("Last-Event-ID")!] = String(Int(endSequence))
            #expect(
                String(
                    buffer: try await client.execute(uri: "/races/\(raceID)/events", method: .get, headers: resume).body
                ) == "retry: 3000\n\n")
            let older = String(
                buffer: try await client.execute(
                    uri: "/races/\(raceID)/events?lastEventId=1", method: .get, headers: organiser
                ).body)
            #expect(older.contains("id: \(Int(endSequence))\n"))
        }
    }
}
