import GeoCore
import GeoFormats
import RaceKitCore
import RaceLive
import Testing

@testable import RaceServer

/// The native batch reader walks the request's bytes itself; it must say exactly what reading
/// the body into a JSON tree and checking each element would say: the same fixes, the same
/// refused elements with the same reasons, the same error for a body that is not a batch.
@Suite struct NativeFixBatchTests {
    /// What a batch reads as, or the message of the error it gives.
    private enum Outcome: Equatable {
        case batch(fixes: [FixFields], malformed: [String])
        case refused(String)
    }

    /// A fix's values as bits, so that the NaN placeholders of refused elements compare equal.
    private struct FixFields: Equatable {
        var bits: [UInt64?]
        init(_ fix: LiveFix) {
            bits = [
                fix.time, fix.latitude, fix.longitude, fix.accuracyMeters, fix.altitudeMeters,
                fix.speedMetersPerSecond, fix.bearingDegrees, fix.batteryPercent,
            ].map { $0?.bitPattern }
        }
    }

    private static func read(_ text: String) -> Outcome {
        let bytes = Array(text.utf8)
        do {
            let batch = try bytes.withUnsafeBufferPointer { try NativeFixBatch($0, participant: "p") }
            return .batch(
                fixes: batch.fixes.map(FixFields.init), malformed: batch.malformed.map { "\($0.index): \($0.message)" })
        } catch let error as APIError {
            return .refused(error.message)
        } catch {
            return .refused("not an API error: \(error)")
        }
    }

    // MARK: - The reference: a JSON tree, then one element at a time

    private static func reference(_ text: String) -> Outcome {
        let tree: JSONValue
        do { tree = try JSONParser.parse(Array(text.utf8), file: "request body") } catch {
            return .refused("the body is not JSON: \(error.message)")
        }
        guard case .array(let items) = tree else { return .refused("the body must be a JSON array of fixes") }
        var fixes: [FixFields] = []
        var malformed: [String] = []
        for (index, item) in items.enumerated() {
            do {
                fixes.append(FixFields(try referenceFix(item)))
            } catch {
                malformed.append("\(index): \(error)")
                fixes.append(FixFields(LiveFix(participant: "p", time: .nan, latitude: .nan, longitude: .nan)))
            }
        }
        return .batch(fixes: fixes, malformed: malformed)
    }

    private struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    private static func referenceFix(_ json: JSONValue) throws -> LiveFix {
        guard case .object = json else { throw Refusal(description: "a fix must be a JSON object") }
        func number(_ key: String) throws -> Double? {
            switch json[key] {
            case nil, .null?: return nil
            case .number(let x)?: return x
            default: throw Refusal(description: "\"\(key)\" must be a number")
            }
        }
        let time: Double?
        switch json["time"] {
        case .number(let x)?: time = abs(x) > 1e11 ? x / 1000 : x
        case .string(let s)?: time = Timestamp.parse(s)
        default: time = nil
        }
        guard let time else {
            throw Refusal(description: "\"time\" must be epoch seconds, milliseconds or an ISO 8601 time")
        }
        guard let latitude = try number("lat"), let longitude = try number("lon") else {
            throw Refusal(description: "\"lat\" and \"lon\" are required")
        }
        return LiveFix(
            participant: "p", time: time, latitude: latitude, longitude: longitude,
            accuracyMeters: try number("accuracy"), altitudeMeters: try number("altitude"),
            speedMetersPerSecond: try number("speed"), bearingDegrees: try number("bearing"),
            batteryPercent: try number("battery"))
    }

    // MARK: - Random bodies

    private static let names = [
        "time", "lat", "lon", "accuracy", "altitude", "speed", "bearing", "battery", "x", "_type", "la\\u0074",
    ]

    private static func value(_ random: inout SplitMix64, depth: Int = 0) -> String {
        switch random.next() % 12 {
        case 0: return "null"
        case 1: return random.next() % 2 == 0 ? "true" : "false"
        case 2: return "\"2026-11-28T10:00:0\(random.next() % 10)Z\""
        case 3: return "\"soon\""
        case 4: return String(1_764_324_000_000 + Int(random.next() % 100_000))
        case 5 where depth < 3:
            return "["
                + (0..<Int(random.next() % 3)).map { _ in value(&random, depth: depth + 1) }.joined(separator: ",")
                + "]"
        case 6 where depth < 3: return "{\"a\": " + value(&random, depth: depth + 1) + "}"
        case 7: return "-0.5e\(random.next() % 5)"
        default: return String(Double(Int(random.next() % 2_000_000)) / 10_000 - 100)
        }
    }

    private static func element(_ random: inout SplitMix64) -> String {
        if random.next() % 10 == 0 { return value(&random) }
        var members = ["\"time\": \(1_764_324_000 + Int(random.next() % 1000))", "\"lat\": 47.37", "\"lon\": 8.54"]
            .filter { _ in random.next() % 8 != 0 }
        for _ in 0..<Int(random.next() % 4) {
            members.append("\"\(names[Int(random.next() % UInt64(names.count))])\": \(value(&random))")
        }
        members.shuffle(using: &random)
        let space = random.next() % 3 == 0 ? " \n\t" : ""
        return "{" + space + members.joined(separator: "," + space) + space + "}"
    }

    private static func body(_ random: inout SplitMix64) -> String {
        var text = "[" + (0..<Int(random.next() % 8)).map { _ in element(&random) }.joined(separator: ", ") + "]"
        switch random.next() % 10 {
        case 0:
            // A cut or a changed byte: JSON errors must be the parser's, at the same line and column.
            var bytes = Array(text.utf8)
            let at = Int(random.next() % UInt64(bytes.count))
            let replacements = Array("{}[],:\"x1 ".utf8)
            if random.next() % 2 == 0 {
                bytes.removeSubrange(at...)
            } else {
                bytes[at] = replacements[Int(random.next() % UInt64(replacements.count))]
            }
            text = String(decoding: bytes, as: UTF8.self)
        case 1: text = random.next() % 2 == 0 ? element(&random) : " "
        case 2: text += random.next() % 2 == 0 ? " \n" : " 1"
        default: break
        }
        return text
    }

    @Test func readsWhatTheTreeReads() {
        var random = SplitMix64(seed: 17)
        var refused = 0, malformed = 0
        for _ in 0..<3_000 {
            let text = Self.body(&random)
            let expected = Self.reference(text)
            #expect(Self.read(text) == expected, "\(text)")
            switch expected {
            case .refused: refused += 1
            case .batch(_, let m): malformed += m.count
            }
        }
        // The bodies reach every branch: refused bodies and refused elements both occur.
        #expect(refused > 200)
        #expect(malformed > 200)
    }

    @Test func theFirstOfARepeatedMemberCounts() {
        let outcome = Self.read(#"[{"time": 10, "lat": 1, "lon": 2, "lat": "north", "time": "x"}]"#)
        let fix = LiveFix(participant: "p", time: 10, latitude: 1, longitude: 2)
        #expect(outcome == .batch(fixes: [FixFields(fix)], malformed: []))
    }

    @Test func refusedElementsKeepTheirPlace() {
        let outcome = Self.read(#"[7, {"time": 1, "lat": 1, "lon": 2}, {"time": 1, "lat": true, "lon": 2}]"#)
        guard case .batch(let fixes, let malformed) = outcome else {
            Issue.record("refused: \(outcome)")
            return
        }
        #expect(fixes.count == 3)
        #expect(malformed == ["0: a fix must be a JSON object", "2: \"lat\" must be a number"])
        #expect(fixes[1] == FixFields(LiveFix(participant: "p", time: 1, latitude: 1, longitude: 2)))
    }
}
