import GeoFormats
import RaceKitCore
import RaceLive

/// A native batch read from the request's bytes straight into fixes, with no JSON tree in
/// between: a JSON array of `{"time", "lat", "lon", "accuracy"?, "altitude"?, "speed"? (m/s),
/// "bearing"?, "battery"?}`, `time` as epoch seconds or milliseconds (number) or an ISO 8601 text.
///
/// A body that is not JSON is refused whole; an element that is not a fix is refused alone
/// (``malformed``) and the others go on. Of a member given twice, the first counts, as in
/// ``JSONValue``'s lookup; unknown members are read and ignored.
struct NativeFixBatch {
    /// One fix per element, in order; a malformed element's fix has no finite value, so that
    /// indices match the elements.
    var fixes: [LiveFix] = []
    /// The elements that are not fixes, and why.
    var malformed: [(index: Int, message: String)] = []

    /// Reads `bytes` for `participant`.
    /// - Throws: ``APIError`` 400 for a body that is not JSON or not an array.
    init(_ bytes: UnsafeBufferPointer<UInt8>, participant: String) throws(APIError) {
        var reader = JSONParser.Reader(bytes: bytes, file: "request body")
        reader.skipWhitespace()
        guard reader.offset < bytes.count, bytes[reader.offset] == UInt8(ascii: "[") else {
            // Whatever else it is, it is not a batch; JSON errors come first, as for other bodies.
            do { _ = try JSONParser.parse(bytes, file: "request body") } catch { throw JSONResponse.notJSON(error) }
            throw APIError.badRequest("the body must be a JSON array of fixes", path: "")
        }
        // A compact fix takes about 48 bytes: room for that many fixes, so that a batch's array
        // is allocated once instead of doubling about ten times (at most 4 096 ahead of reading).
        fixes.reserveCapacity(min(bytes.count / 48, 4_096))
        do {
            try reader.forEachElement(depth: 1) { (reader) throws(InputError) in
                try read(&reader, participant: participant)
            }
            try reader.expectEnd()
        } catch {
            throw JSONResponse.notJSON(error)
        }
    }

    /// Reads one element and appends its fix.
    private mutating func read(_ reader: inout JSONParser.Reader, participant: String) throws(InputError) {
        let index = fixes.count
        guard reader.offset < reader.bytes.count, reader.bytes[reader.offset] == UInt8(ascii: "{") else {
            _ = try reader.value(depth: 1)
            refuse(index, "a fix must be a JSON object", participant: participant)
            return
        }
        var fields = Fields()
        try reader.forEachMember(depth: 2) { (reader, key) throws(InputError) in
            try fields.read(key, from: &reader)
        }
        do {
            fixes.append(try Self.fix(fields, participant: participant))
        } catch {
            refuse(index, error.message, participant: participant)
        }
    }

    private mutating func refuse(_ index: Int, _ message: String, participant: String) {
        malformed.append((index, message))
        fixes.append(LiveFix(participant: participant, time: .nan, latitude: .nan, longitude: .nan))
    }

    /// The fix of an element's members; the checks run in a fixed order, so the message names
    /// the first problem.
    private static func fix(_ fields: Fields, participant: String) throws(APIError) -> LiveFix {
        func number(_ field: Field, _ name: String) throws(APIError) -> Double? {
            switch field {
            case .absent, .null: return nil
            case .number(let x): return x
            case .text, .other: throw APIError.badRequest("\"\(name)\" must be a number")
            }
        }
        let time: Double?
        switch fields.time {
        case .number(let x): time = abs(x) > 1e11 ? x / 1000 : x
        case .text: time = fields.timeText.flatMap { Timestamp.parse($0) }
        default: time = nil
        }
        guard let time else {
            throw APIError.badRequest("\"time\" must be epoch seconds, milliseconds or an ISO 8601 time")
        }
        guard let latitude = try number(fields.lat, "lat"), let longitude = try number(fields.lon, "lon") else {
            throw APIError.badRequest("\"lat\" and \"lon\" are required")
        }
        return LiveFix(
            participant: participant, time: time, latitude: latitude, longitude: longitude,
            accuracyMeters: try number(fields.accuracy, "accuracy"),
            altitudeMeters: try number(fields.altitude, "altitude"),
            speedMetersPerSecond: try number(fields.speed, "speed"),
            bearingDegrees: try number(fields.bearing, "bearing"),
            batteryPercent: try number(fields.battery, "battery"))
    }

    /// An element's members as far as a fix cares, each the first of its name.
    private struct Fields {
        var time = Field.absent, lat = Field.absent, lon = Field.absent, accuracy = Field.absent
        var altitude = Field.absent, speed = Field.absent, bearing = Field.absent, battery = Field.absent
        /// `time`'s text, when it is one.
        var timeText: String?

        /// Reads the value of the member `key`: into its slot the first time, past it otherwise.
        mutating func read(_ key: JSONParser.RawString, from reader: inout JSONParser.Reader) throws(InputError) {
            if key.matches("time") {
                if case .absent = time { return time = try Field.read(&reader, text: &timeText) }
            } else if key.matches("lat") {
                if case .absent = lat { return lat = try Field.read(&reader) }
            } else if key.matches("lon") {
                if case .absent = lon { return lon = try Field.read(&reader) }
            } else if key.matches("accuracy") {
                if case .absent = accuracy { return accuracy = try Field.read(&reader) }
            } else if key.matches("altitude") {
                if case .absent = altitude { return altitude = try Field.read(&reader) }
            } else if key.matches("speed") {
                if case .absent = speed { return speed = try Field.read(&reader) }
            } else if key.matches("bearing") {
                if case .absent = bearing { return bearing = try Field.read(&reader) }
            } else if key.matches("battery") {
                if case .absent = battery { return battery = try Field.read(&reader) }
            }
            _ = try reader.value(depth: 2)
        }
    }

    /// A member's value, as far as a fix cares (no text kept, so copying one costs nothing).
    private enum Field {
        case absent, null, number(Double), text
        /// `true`, `false`, an array or an object.
        case other

        /// Reads a value; a string's text goes to `text`.
        static func read(_ reader: inout JSONParser.Reader, text: inout String?) throws(InputError) -> Field {
            guard reader.offset < reader.bytes.count else { _ = try reader.value(depth: 2); return .other }
            switch reader.bytes[reader.offset] {
            case UInt8(ascii: "\""): text = try reader.string(); return .text
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try reader.number())
            case UInt8(ascii: "n"): try reader.literal("null"); return .null
            default: _ = try reader.value(depth: 2); return .other
            }
        }

        /// Reads a value whose text, if any, does not matter.
        static func read(_ reader: inout JSONParser.Reader) throws(InputError) -> Field {
            var ignored: String?
            return try read(&reader, text: &ignored)
        }
    }
}
