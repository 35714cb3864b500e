import Foundation
import GeoCore
import RaceKitCore
import Testing

@testable import RaceCommands

/// What `racekit stream` puts on the wire for each tracker protocol (expected bytes written by
/// hand from the protocols' descriptions in issue 15 and docs/live-server.md), and the plan of
/// requests with its seeded faults.
@Suite struct StreamRequestTests {
    let device = DeviceCredentials(participantID: "anna", participantToken: "T0K", deviceKey: "k3y")
    let fix = StreamFix(time: 1_777_708_800, latitude: 47.3778876, longitude: 8.5402755, accuracy: 5)

    @Test func osmandIsOneFixInTheQueryString() {
        let request = TrackerRequest.make([fix], protocol: .osmand, raceID: "r-1", device: device)
        #expect(request.method == "POST")
        #expect(request.target == "/osmand?id=k3y&lat=47.3778876&lon=8.5402755&timestamp=1777708800&accuracy=5")
        #expect(request.body.isEmpty)
    }

    @Test func owntracksIsALocationObjectWithBasicCredentials() throws {
        let late = StreamFix(time: 1_777_708_801.75, latitude: -33.5, longitude: 151.25, accuracy: 12.5)
        let request = TrackerRequest.make([late], protocol: .owntracks, raceID: "r-1", device: device)
        #expect(request.method == "POST" && request.target == "/owntracks")
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == #"{"_type":"location","lat":-33.5,"lon":151.25,"tst":1777708801,"acc":12.5,"tid":"an"}"#)
        let headers = Dictionary(uniqueKeysWithValues: request.headers.map { ($0.name, $0.value) })
        // base64("anna:k3y") == "YW5uYTprM3k=" (RFC 7617: user:password).
        #expect(headers["Authorization"] == "Basic YW5uYTprM3k=")
        #expect(headers["Content-Type"] == "application/json")
        #expect(headers["X-Limit-U"] == "anna" && headers["X-Limit-D"] == "racekit-stream")
        var moved = device
        moved.ownTracksPath = "/pub/owntracks"
        #expect(
            TrackerRequest.make([late], protocol: .owntracks, raceID: "r", device: moved).target == "/pub/owntracks")
    }

    @Test func nativeIsAJSONArrayWithTheBearerToken() {
        let second = StreamFix(time: 1_777_708_802, latitude: 47.5, longitude: 8.25, accuracy: 5)
        let request = TrackerRequest.make([fix, second], protocol: .native, raceID: "r-1", device: device)
        #expect(request.target == "/races/r-1/fixes")
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == #"[{"time":1777708800,"lat":47.3778876,"lon":8.5402755,"accuracy":5},"#
                + #"{"time":1777708802,"lat":47.5,"lon":8.25,"accuracy":5}]"#)
        #expect(request.headers.contains { $0.name == "Authorization" && $0.value == "Bearer T0K" })
    }

    /// The body written straight out is the JSON writer's serialisation of the same array,
    /// byte for byte, over seeded random batches (negative zero, integers, long fractions).
    @Test func nativeBodyIsTheJSONWritersArray() {
        var random = SplitMix64(seed: 12)
        for _ in 0..<300 {
            let batch = (0..<Int.random(in: 0...30, using: &random)).map { _ in
                StreamFix(
                    time: Bool.random(using: &random)
                        ? 1.7e9 + Double(Int.random(in: 0...100_000, using: &random))
                        : Double.random(in: 1.7e9...1.8e9, using: &random),
                    latitude: Bool.random(using: &random) ? -0.0 : Double.random(in: -90...90, using: &random),
                    longitude: Double.random(in: -180...180, using: &random),
                    accuracy: Double(Int.random(in: 0...50, using: &random)) / 4)
            }
            let reference = JSONValue.array(
                batch.map {
                    JSONValue.object([
                        JSONMember("time", .number($0.time)), JSONMember("lat", .number($0.latitude)),
                        JSONMember("lon", .number($0.longitude)), JSONMember("accuracy", .number($0.accuracy)),
                    ])
                }
            ).serializedBytes(pretty: false)
            #expect(TrackerRequest.nativeBody(batch) == reference)
        }
    }

    @Test func trackerIDAndEscaping() {
        #expect(TrackerRequest.trackerID("Zoë Meier") == "Zo")
        #expect(TrackerRequest.trackerID("--") == "rk")
        #expect(TrackerRequest.percentEncoded("a b/ü+") == "a%20b%2F%C3%BC%2B")
    }

    static func fixes(_ count: Int) -> [StreamFix] {
        (0..<count).map { StreamFix(time: 1000 + Double($0), latitude: 47, longitude: 8, accuracy: 5) }
    }

    @Test func withoutFaultsRequestsAreBatchesInTimeOrderDueAtTheirLastFix() {
        var random = SplitMix64(seed: 1)
        let sends = StreamPlan.sends(
            Self.fixes(7).reversed(), batchSize: 3, origin: 990, faults: StreamFaults(), random: &random)
        #expect(sends.map { $0.fixes.map(\.time) } == [[1000, 1001, 1002], [1003, 1004, 1005], [1006]])
        #expect(sends.map(\.due) == [12, 15, 16])
        #expect(sends.allSatisfy { !$0.dropFirstAttempt && !$0.sendTwice && $0.holdSeconds == 0 })
    }

    @Test func faultsAreSeededAndLoseNoFix() {
        let faults = StreamFaults(delay: 0.2, reorder: 0.2, duplicate: 0.1, drop: 0.1)
        func plan(_ seed: UInt64) -> [PlannedSend] {
            var random = SplitMix64(seed: seed)
            return StreamPlan.sends(Self.fixes(1000), batchSize: 1, origin: 1000, faults: faults, random: &random)
        }
        let sends = plan(7)
        #expect(sends == plan(7))
        #expect(sends != plan(8))
        // Every fix exactly once, whatever the faults.
        #expect(sends.flatMap(\.fixes).map(\.time).sorted() == Self.fixes(1000).map(\.time))
        let times = sends.map { $0.fixes[0].time }
        let late = zip(times, times.dropFirst()).filter { $0 > $1 }.count
        // About a fifth of the pairs swapped (each swap makes one late fix): 1000 draws, wide bounds.
        #expect((100...260).contains(late))
        #expect((50...150).contains(sends.filter(\.dropFirstAttempt).count))
        #expect((50...150).contains(sends.filter(\.sendTwice).count))
        #expect(sends.filter { $0.holdSeconds > 0 }.allSatisfy { $0.holdSeconds <= faults.maximumDelaySeconds })
        // A swapped request waits for the later one: dues never decrease along the sending order.
        #expect(zip(sends, sends.dropFirst()).allSatisfy { $0.due <= $1.due })
    }

    @Test func backoffDoublesToItsCapWithJitter() {
        let retry = StreamRetry(maximumAttempts: 10, baseSeconds: 0.1, capSeconds: 1)
        #expect(retry.delay(afterAttempt: 1, jitter: 1) == 0.1)
        #expect(retry.delay(afterAttempt: 3, jitter: 1) == 0.4)
        #expect(retry.delay(afterAttempt: 3, jitter: 0) == 0.2)
        #expect(retry.delay(afterAttempt: 9, jitter: 1) == 1)
        #expect(StreamRetry.isTransient(status: 429) && StreamRetry.isTransient(status: 503))
        #expect(!StreamRetry.isTransient(status: 400) && !StreamRetry.isTransient(status: 409))
    }

    @Test func answersAreCountedPerProtocol() {
        let batch = TrackerAnswer(
            status: 200,
            body: Array(
                #"{"accepted":3,"duplicates":1,"rejected":1,"rejections":[{"index":4,"code":"poor-accuracy","reason":"…"}]}"#
                    .utf8))
        guard case .answered(let acknowledged, let refusals) = StreamPhone.result(of: batch, fixes: 5, kind: .native)
        else {
            Issue.record("not answered")
            return
        }
        #expect(acknowledged == 4 && refusals == ["poor-accuracy"])
        let refused = TrackerAnswer(status: 400, body: Array(#"{"error":"no","code":"unknown-device"}"#.utf8))
        guard case .answered(0, let codes) = StreamPhone.result(of: refused, fixes: 1, kind: .osmand) else {
            Issue.record("not refused")
            return
        }
        #expect(codes == ["unknown-device"])
    }
}
