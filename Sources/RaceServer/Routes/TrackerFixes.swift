import GeoFormats
import RaceKitCore
import RaceLive

/// A fix's time as trackers send it: epoch seconds, epoch milliseconds (any number above
/// 10¹¹, a date after 5138 in seconds) or an ISO 8601 / RFC 3339 text (UTC without an offset).
/// Numbers are read by `DecimalParser`, the grammar of every RaceKit reader.
enum FixTime {
    static func parse(_ text: String) -> Double? {
        if let number = DecimalParser.parse(text) { return abs(number) > 1e11 ? number / 1000 : number }
        return Timestamp.parse(text)
    }
}

/// One OsmAnd-protocol fix (Traccar Client): `lat`, `lon`, `timestamp`, `speed` in knots,
/// `bearing`, `altitude`, `accuracy`, `batt`; numbers in `DecimalParser`'s grammar (plain
/// decimals with an optional exponent).
enum OsmAndFix {
    static let metersPerSecondPerKnot = 1852.0 / 3600.0

    static func parse(_ fields: [String: String], participant: String) throws -> LiveFix {
        func number(_ key: String) throws -> Double? {
            guard let text = fields[key], !text.isEmpty else { return nil }
            guard let value = DecimalParser.parse(text) else {
                throw APIError.badRequest("\(key) must be a finite number", path: key)
            }
            return value
        }
        guard let latitude = try number("lat"), let longitude = try number("lon") else {
            throw APIError.badRequest("lat and lon are required", path: fields["lat"] == nil ? "lat" : "lon")
        }
        guard let text = fields["timestamp"], let time = FixTime.parse(text) else {
            throw APIError.badRequest(
                "timestamp must be epoch seconds, milliseconds or an ISO 8601 time", path: "timestamp")
        }
        return LiveFix(
            participant: participant, time: time, latitude: latitude, longitude: longitude,
            accuracyMeters: try number("accuracy"),
            altitudeMeters: try number("altitude"),
            speedMetersPerSecond: try number("speed").map { $0 * metersPerSecondPerKnot },
            bearingDegrees: try number("bearing"), batteryPercent: try number("batt"))
    }
}
