import RaceKitCore
import RaceModel

/// Decoding a mode's ``GameMode/Configuration`` from the race's `mode.config` JSON, with
/// every problem reported as a `ValidationIssue` at its JSON path (`/mode/config/rounds`).
public enum ModeConfiguration {
    /// Decodes `json`; on failure, the issue locating the first problem. Keys that are not among
    /// `options` give `unknown-key` warnings (a typo would otherwise silently keep the default).
    public static func decode<C: Decodable>(
        _ type: C.Type, from json: JSONValue, options: [ModeOption],
        at path: String = "/mode/config"
    ) -> (value: C?, issues: [ValidationIssue]) {
        var issues: [ValidationIssue] = []
        guard case .object(let members) = json else {
            return (
                nil,
                [
                    ValidationIssue(
                        .error, "wrong-type", at: path,
                        "the mode's configuration must be an object, found \(json.typeName)")
                ]
            )
        }
        let known = Set(options.map(\.name))
        for member in members where !known.contains(member.key) {
            let names = options.map(\.name).joined(separator: ", ")
            issues.append(
                ValidationIssue(
                    .warning, "unknown-key", at: JSONPointer.appending(path, member.key),
                    "the mode has no option \"\(member.key)\"",
                    hint: names.isEmpty ? "this mode has no options" : "its options are \(names)"))
        }
        do {
            return (try C(from: JSONValueDecoder(json)), issues)
        } catch let error as DecodingError {
            issues.append(issue(for: error, in: json, at: path))
            return (nil, issues)
        } catch {
            issues.append(ValidationIssue(.error, "bad-mode-option", at: path, "\(error)"))
            return (nil, issues)
        }
    }

    /// A compiler-like issue for a decoding error: what was expected, what was found, where.
    static func issue(for error: DecodingError, in json: JSONValue, at base: String) -> ValidationIssue {
        func pointer(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce(base) { path, key in
                key.intValue.map { JSONPointer.appending(path, $0) } ?? JSONPointer.appending(path, key.stringValue)
            }
        }
        func value(at codingPath: [any CodingKey]) -> JSONValue? {
            var current: JSONValue? = json
            for key in codingPath {
                if let index = key.intValue, case .array(let items)? = current {
                    current = index < items.count ? items[index] : nil
                } else {
                    current = current?[key.stringValue]
                }
            }
            return current
        }
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let found = value(at: context.codingPath)?.typeName ?? "nothing"
            return ValidationIssue(
                .error, "wrong-type", at: pointer(context.codingPath),
                "expected \(describe(type)), found \(found)")
        case .keyNotFound(let key, let context):
            return ValidationIssue(
                .error, "missing-field", at: pointer(context.codingPath + [key]),
                "the option \"\(key.stringValue)\" is required here")
        case .dataCorrupted(let context):
            return ValidationIssue(.error, "bad-mode-option", at: pointer(context.codingPath), context.debugDescription)
        @unknown default:
            return ValidationIssue(.error, "bad-mode-option", at: base, "\(error)")
        }
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: return "a boolean"
        case is Int.Type: return "an integer"
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "a value of type \(name)"
        }
    }
}

/// An option whose value is one of a few words (`"penalty" | "retry"`): decoding says which
/// words are allowed.
public protocol ModeChoice: RawRepresentable, CaseIterable, Codable, Sendable, Hashable where RawValue == String {}

extension ModeChoice {
    /// Decodes a choice from its string, naming the allowed values when it is not one of them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(rawValue: text) else {
            let allowed = Self.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not one of \(allowed)")
        }
        self = value
    }

    /// Encodes the choice as its string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// `"a" | "b"`, for ``ModeOption/type``.
    public static var typeDescription: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " | ") }
}

extension KeyedDecodingContainer {
    /// The value for `key`, or `fallback` when the key is absent (not when it is `null` of the
    /// wrong type: that is an error at the key's path).
    public func decode<T: Decodable>(_ key: Key, default fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }
}
