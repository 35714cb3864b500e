import GeoCore
import GeoFormats
import RaceKitCore

/// Reads typed fields out of a `JSONValue` tree while collecting every problem as a
/// ``ValidationIssue`` with its JSON pointer, instead of stopping at the first one.
struct DecodingContext {
    private(set) var issues: [ValidationIssue] = []
    /// Ids of stops the file declares but that were too broken to decode (already reported).
    var undecodedStopIDs: Set<String> = []

    mutating func report(_ severity: Severity, _ code: String, at path: String, _ message: String, hint: String? = nil)
    {
        issues.append(ValidationIssue(severity, code, at: path, message, hint: hint))
    }

    /// The members of an object; reports a non-object, duplicate keys, and keys not in `known`.
    mutating func object(_ value: JSONValue?, at path: String, known: [String]) -> [JSONMember]? {
        guard let value else { return nil }
        guard case .object(let members) = value else {
            report(.error, "wrong-type", at: path, "expected an object, found \(value.typeName)")
            return nil
        }
        var seen = Set<String>()
        for member in members {
            let memberPath = JSONPointer.appending(path, member.key)
            if !seen.insert(member.key).inserted {
                report(
                    .error, "duplicate-key", at: memberPath, "\"\(member.key)\" appears more than once in this object",
                    hint: "keep one; JSON readers disagree on which of two duplicates wins")
            } else if !known.contains(member.key) {
                report(
                    .warning, "unknown-key", at: memberPath, "\"\(member.key)\" is not a field here; it is ignored",
                    hint: "known fields: \(known.joined(separator: ", "))")
            }
        }
        return members
    }

    /// The elements of an array; reports a non-array.
    mutating func array(_ value: JSONValue?, at path: String) -> [JSONValue]? {
        guard let value else { return nil }
        guard case .array(let elements) = value else {
            report(.error, "wrong-type", at: path, "expected an array, found \(value.typeName)")
            return nil
        }
        return elements
    }

    mutating func string(_ members: [JSONMember], _ key: String, at path: String, required: Bool = false) -> String? {
        guard let value = field(members, key, at: path, required: required) else { return nil }
        guard case .string(let text) = value else {
            report(
                .error, "wrong-type", at: JSONPointer.appending(path, key), "expected a string, found \(value.typeName)"
            )
            return nil
        }
        return text
    }

    mutating func number(_ members: [JSONMember], _ key: String, at path: String, required: Bool = false) -> Double? {
        guard let value = field(members, key, at: path, required: required) else { return nil }
        return number(value, at: JSONPointer.appending(path, key))
    }

    mutating func number(_ value: JSONValue, at path: String) -> Double? {
        guard case .number(let x) = value else {
            let found: String
            if case .string(let text) = value {
                found = "the string \"\(text.prefix(30))\""
            } else {
                found = value.typeName
            }
            report(.error, "wrong-type", at: path, "expected a number, found \(found)")
            return nil
        }
        return x
    }

    mutating func integer(_ members: [JSONMember], _ key: String, at path: String) -> Int? {
        guard let x = number(members, key, at: path) else { return nil }
        guard x == x.rounded() else {
            report(
                .error, "wrong-type", at: JSONPointer.appending(path, key),
                "expected a whole number, found \(JSONValue.numberText(x))")
            return nil
        }
        if let problem = WholeNumber.problem(x, name: key) {
            report(.error, "out-of-range", at: JSONPointer.appending(path, key), problem)
            return nil
        }
        return Int(x)
    }

    mutating func bool(_ members: [JSONMember], _ key: String, at path: String) -> Bool? {
        guard let value = field(members, key, at: path, required: false) else { return nil }
        guard case .bool(let b) = value else {
            report(
                .error, "wrong-type", at: JSONPointer.appending(path, key),
                "expected true or false, found \(value.typeName)")
            return nil
        }
        return b
    }

    /// `[lon, lat]` as GeoJSON writes positions; reports the wrong shape or an out-of-range value.
    mutating func position(_ value: JSONValue, at path: String) -> Coordinate? {
        guard case .array(let parts) = value, parts.count == 2 || parts.count == 3 else {
            report(.error, "wrong-type", at: path, "expected a position [longitude, latitude], found \(value.typeName)")
            return nil
        }
        guard let lon = number(parts[0], at: JSONPointer.appending(path, 0)),
            let lat = number(parts[1], at: JSONPointer.appending(path, 1))
        else { return nil }
        do throws(CoordinateError) {
            return try Coordinate(latitude: lat, longitude: lon)
        } catch {
            let index = error.component == .longitude ? 0 : 1
            report(
                .error, "coordinate-out-of-range", at: JSONPointer.appending(path, index),
                CoordinateError(component: error.component, value: error.value, problem: error.problem, source: "")
                    .description,
                hint: "positions are [longitude, latitude] in degrees, as in GeoJSON")
            return nil
        }
    }

    private mutating func field(_ members: [JSONMember], _ key: String, at path: String, required: Bool) -> JSONValue? {
        guard let member = members.first(where: { $0.key == key }) else {
            if required { report(.error, "missing-field", at: path, "the required field \"\(key)\" is missing") }
            return nil
        }
        if case .null = member.value, !required { return nil }
        return member.value
    }
}
