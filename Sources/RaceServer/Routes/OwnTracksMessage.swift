import Foundation
import RaceKitCore
import RaceLive

/// What an OwnTracks app POSTs in HTTP mode: one JSON object with a `_type`. Only `location`
/// carries a fix; `transition`, `waypoint(s)`, `lwt`, `card`, `status`, `steps`, `encrypted` and
/// an empty body are taken and ignored, as the OwnTracks Recorder does.
enum OwnTracksMessage {
    /// A fix: `lat`, `lon`, `tst` (epoch seconds) required; `acc` and `alt` in metres, `vel` in
    /// km/h, `cog` in degrees, `batt` in percent, when the app sends them.
    case location(LiveFix)
    /// A location whose values are missing or not numbers: refused like a malformed native fix.
    case malformedLocation(String)
    /// Any other message, or none.
    case ignored

    /// Reads `body` (the request's bytes) for `participant`.
    /// - Throws: ``APIError`` 400 for a body that is not a JSON object.
    static func parse(_ body: [UInt8], participant: String) throws -> OwnTracksMessage {
        guard body.contains(where: { !" \t\r\n".utf8.contains($0) }) else { return .ignored }
        let json: JSONValue
        do {
            json = try JSONParser.parse(body, file: "request body")
        } catch {
            throw APIError.badRequest("the body is not JSON: \(error.message)")
        }
        guard case .object = json else { throw APIError.badRequest("the body must be a JSON object", path: "") }
        guard case .string("location")? = json["_type"] else { return .ignored }
        func number(_ key: String) -> Double?? {
            switch json[key] {
            case nil, .null?: return .some(nil)
            case .number(let x)?: return .some(x)
            default: return nil  // present but not a number
            }
        }
        guard let lat = number("lat"), let latitude = lat, let lon = number("lon"), let longitude = lon else {
            return .malformedLocation("\"lat\" and \"lon\" must be numbers")
        }
        guard let tst = number("tst"), let time = tst else {
            return .malformedLocation("\"tst\" must be the fix's time in epoch seconds")
        }
        guard let accuracy = number("acc"), let altitude = number("alt"), let velocity = number("vel"),
            let course = number("cog"), let battery = number("batt")
        else {
            return .malformedLocation("\"acc\", \"alt\", \"vel\", \"cog\" and \"batt\" must be numbers when given")
        }
        return .location(
            LiveFix(
                participant: participant, time: time, latitude: latitude, longitude: longitude,
                accuracyMeters: accuracy, altitudeMeters: altitude,
                speedMetersPerSecond: velocity.map { $0 * 1000 / 3600 },  // km/h
                bearingDegrees: course, batteryPercent: battery))
    }
}

/// The user name and password of an `Authorization: Basic` header (RFC 7617: base64 of
/// `user:password`, split at the first colon).
struct BasicCredentials: Hashable {
    var user: String
    var password: String

    /// The credentials in `header`, or `nil` when it is not a well-formed Basic header.
    init?(header: String) {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let data = Data(base64Encoded: parts[1].trimmingCharacters(in: .whitespaces)),
            let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        user = String(text[..<colon])
        password = String(text[text.index(after: colon)...])
    }
}
