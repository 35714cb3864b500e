import Foundation
import RaceKitCore

/// One fix as `racekit stream` sends it: a GPX point with the accuracy a phone would report.
struct StreamFix: Hashable, Sendable {
    /// Seconds since 1970, as recorded in the GPX file (never shifted: the server places
    /// the fix on the race clock exactly as `racekit simulate` would).
    var time: Double
    var latitude: Double
    var longitude: Double
    /// Metres; every protocol carries one.
    var accuracy: Double
}

/// The tracker protocols `racekit stream` speaks, as the real apps speak them.
enum TrackerProtocol: String, CaseIterable, Sendable {
    /// Traccar Client: one fix per request, fields in the query string (`id` is the device key).
    case osmand
    /// OwnTracks HTTP mode: one `_type: location` JSON object per request, HTTP Basic credentials.
    case owntracks
    /// RaceKit's native batch: a JSON array of fixes with the participant's bearer token.
    case native

    /// Whether one request carries several fixes.
    var batches: Bool { self == .native }
}

/// What a participant's phone needs to talk to the server: the answer to `POST /join`.
struct DeviceCredentials: Hashable, Sendable {
    /// The participant's id in the race (a listed participant's id, or the name joined with).
    var participantID: String
    /// Bearer token of the native API.
    var participantToken: String
    /// The OsmAnd `id` and the OwnTracks password.
    var deviceKey: String
    /// Path of the OwnTracks endpoint: the join answer's `trackers.owntracks.path`, else `/owntracks`.
    var ownTracksPath: String = "/owntracks"
}

/// An HTTP request before it goes on the wire: what the encoders below produce and the unit
/// tests read.
struct TrackerRequest: Sendable {
    var method: String
    /// Path and query, starting with `/`.
    var target: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The request that delivers `fixes` (one fix unless the protocol batches) for `device`.
    static func make(
        _ fixes: [StreamFix], protocol kind: TrackerProtocol, raceID: String, device: DeviceCredentials
    ) -> TrackerRequest {
        switch kind {
        case .osmand:
            let fix = fixes[0]
            let query = [
                ("id", device.deviceKey), ("lat", number(fix.latitude)), ("lon", number(fix.longitude)),
                ("timestamp", number(fix.time)), ("accuracy", number(fix.accuracy)),
            ].map { "\($0.0)=\(percentEncoded($0.1))" }.joined(separator: "&")
            // Traccar Client posts with the fields in the query string and an empty body.
            return TrackerRequest(method: "POST", target: "/osmand?" + query, headers: [], body: [])
        case .owntracks:
            let fix = fixes[0]
            // OwnTracks sends whole seconds (`tst`) and a two-character tracker id (`tid`).
            let body = JSONValue.object([
                JSONMember("_type", .string("location")), JSONMember("lat", .number(fix.latitude)),
                JSONMember("lon", .number(fix.longitude)), JSONMember("tst", .number(fix.time.rounded(.down))),
                JSONMember("acc", .number(fix.accuracy)), JSONMember("tid", .string(trackerID(device.participantID))),
            ]).serializedBytes(pretty: false)
            let credentials = Data("\(device.participantID):\(device.deviceKey)".utf8).base64EncodedString()
            return TrackerRequest(
                method: "POST", target: device.ownTracksPath,
                headers: [
                    ("Content-Type", "application/json"), ("Authorization", "Basic " + credentials),
                    ("X-Limit-U", device.participantID), ("X-Limit-D", "racekit-stream"),
                ], body: body)
        case .native:
            let body = Self.nativeBody(fixes)
            return TrackerRequest(
                method: "POST", target: "/races/\(percentEncoded(raceID))/fixes",
                headers: [
                    ("Content-Type", "application/json"), ("Authorization", "Bearer " + device.participantToken),
                ], body: body)
        }
    }

    /// A native batch's body, `[{"time":…,"lat":…,"lon":…,"accuracy":…},…]`: the bytes the
    /// JSON writer makes of that array (a test holds the two together), written straight out,
    /// since a tree per fix cost the load generator as much as the numbers.
    static func nativeBody(_ fixes: [StreamFix]) -> [UInt8] {
        var body: [UInt8] = [UInt8(ascii: "[")]
        body.reserveCapacity(2 + fixes.count * 88)
        for (index, fix) in fixes.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(contentsOf: #"{"time":"#.utf8)
            body.append(contentsOf: number(fix.time).utf8)
            body.append(contentsOf: #","lat":"#.utf8)
            body.append(contentsOf: number(fix.latitude).utf8)
            body.append(contentsOf: #","lon":"#.utf8)
            body.append(contentsOf: number(fix.longitude).utf8)
            body.append(contentsOf: #","accuracy":"#.utf8)
            body.append(contentsOf: number(fix.accuracy).utf8)
            body.append(UInt8(ascii: "}"))
        }
        body.append(UInt8(ascii: "]"))
        return body
    }

    /// A number as the JSON writer prints it (shortest exact form, integers without a
    /// fraction), so the server reads back the very same `Double`.
    static func number(_ value: Double) -> String { JSONValue.numberText(value) }

    /// OwnTracks' `tid`: the first two letters or digits of the participant's id.
    static func trackerID(_ participant: String) -> String {
        let letters = participant.filter { $0.isLetter || $0.isNumber }
        return letters.isEmpty ? "rk" : String(letters.prefix(2))
    }

    /// `text` with everything but unreserved ASCII (RFC 3986) percent-encoded as UTF-8.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
