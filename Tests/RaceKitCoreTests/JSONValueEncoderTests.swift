import Foundation
import GeoCore
import RaceKitCore
import Testing

/// The encoder that puts `Encodable` values through the package's one JSON writer, against
/// Foundation's `JSONEncoder` (the writer it replaced) over seeded random values.
struct JSONValueEncoderTests {
    /// A random document: every shape `encode(to:)` can produce (keyed, unkeyed, single values,
    /// nil, nested), with strings that need escapes and integers at both ends of their types.
    indirect enum Node: Encodable {
        case text(String)
        case flag(Bool)
        case real(Double)
        case whole(Int64)
        case unsigned(UInt64)
        case small(Int8)
        case nothing
        case list([Node])
        case record([String: Node])
        case optionals(present: Int?, absent: Int?, explicitNull: Int?)

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .text(let s): var c = encoder.singleValueContainer(); try c.encode(s)
            case .flag(let b): var c = encoder.singleValueContainer(); try c.encode(b)
            case .real(let x): var c = encoder.singleValueContainer(); try c.encode(x)
            case .whole(let n): var c = encoder.singleValueContainer(); try c.encode(n)
            case .unsigned(let n): var c = encoder.singleValueContainer(); try c.encode(n)
            case .small(let n): var c = encoder.singleValueContainer(); try c.encode(n)
            case .nothing: var c = encoder.singleValueContainer(); try c.encodeNil()
            case .list(let nodes):
                var c = encoder.unkeyedContainer()
                for node in nodes { try c.encode(node) }
            case .record(let members):
                var c = encoder.container(keyedBy: Key.self)
                for (key, node) in members { try c.encode(node, forKey: Key(stringValue: key)) }
            case .optionals(let present, let absent, let explicitNull):
                var c = encoder.container(keyedBy: Key.self)
                try c.encodeIfPresent(present, forKey: Key(stringValue: "present"))
                try c.encodeIfPresent(absent, forKey: Key(stringValue: "absent"))
                try c.encode(explicitNull, forKey: Key(stringValue: "explicitNull"))
            }
        }
    }

    private static func randomText(_ r: inout SplitMix64) -> String {
        let pieces = ["a", "Zürich", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1F}", "é", "🏁", " ", "key", "0"]
        return (0..<Int(r.next() % 6)).map { _ in pieces[Int(r.next() % UInt64(pieces.count))] }.joined()
    }

    private static func randomNode(_ r: inout SplitMix64, depth: Int) -> Node {
        switch r.next() % (depth > 3 ? 7 : 10) {
        case 0: return .text(randomText(&r))
        case 1: return .flag(r.next() % 2 == 0)
        case 2:
            let magnitude = pow(10, Double(Int(r.next() % 31)) - 15)
            return .real((r.nextUnit() - 0.5) * magnitude)
        case 3:
            let extremes: [Int64] = [.min, .max, 1 << 53, -(1 << 53), (1 << 53) + 1, 0, -1]
            return .whole(
                r.next() % 3 == 0 ? extremes[Int(r.next() % 7)] : Int64(bitPattern: r.next()) >> (r.next() % 64))
        case 4: return .unsigned(r.next() % 2 == 0 ? .max : r.next() >> (r.next() % 64))
        case 5: return .small(Int8(truncatingIfNeeded: r.next()))
        case 6: return .nothing
        case 7: return .list((0..<Int(r.next() % 5)).map { _ in randomNode(&r, depth: depth + 1) })
        case 8:
            var members: [String: Node] = [:]
            for _ in 0..<Int(r.next() % 5) { members[randomText(&r)] = randomNode(&r, depth: depth + 1) }
            return .record(members)
        default:
            return .optionals(
                present: Int(truncatingIfNeeded: r.next()), absent: nil,
                explicitNull: r.next() % 2 == 0 ? nil : 7)
        }
    }

    /// Numbers of the two writers may differ in form (`1e-07` and `1e-7`), not in value: both
    /// texts are parsed and compared as values, and every integer must keep all its digits.
    @Test("encodes what JSONEncoder encodes, keys sorted, over 3 000 seeded random documents")
    func matchesFoundation() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var r = SplitMix64(seed: 2026)
        for index in 0..<3_000 {
            let node = Self.randomNode(&r, depth: 0)
            let ours = try JSONValueEncoder().encode(node).serialized(pretty: false)
            let theirs = String(decoding: try foundation.encode(node), as: UTF8.self)
            let oursParsed = try JSONParser.parse(Array(ours.utf8), file: "ours")
            let theirsParsed = try JSONParser.parse(Array(theirs.utf8), file: "theirs")
            #expect(oursParsed == theirsParsed, "document \(index): \(ours) vs \(theirs)")
            if case .whole(let n) = node { #expect(ours == String(n)) }
            if case .unsigned(let n) = node { #expect(ours == String(n)) }
        }
    }

    @Test("members keep the order they were encoded in unless keys are sorted")
    func memberOrder() throws {
        struct Pair: Encodable {
            let zebra = 1
            let apple = 2
        }
        #expect(
            try JSONValueEncoder(sortsKeys: false).encode(Pair()).serialized(pretty: false) == #"{"zebra":1,"apple":2}"#
        )
        #expect(try JSONValueEncoder().encode(Pair()).serialized(pretty: false) == #"{"apple":2,"zebra":1}"#)
    }

    @Test("a non-finite number is an encoding error naming its path, not a crash")
    func nonFinite() {
        struct Reading: Encodable { let value: [Double] }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Reading(value: [1, .nan])) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Double.infinity) }
    }

    @Test("isJSONNumber agrees with RFC 8259's grammar as a regular expression, over seeded random texts")
    func numberGrammar() throws {
        let grammar = try NSRegularExpression(pattern: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#)
        let alphabet = Array("0123456789-+.eE x")
        var r = SplitMix64(seed: 8259)
        var accepted = 0
        for _ in 0..<20_000 {
            let text = String((0..<Int(r.next() % 7)).map { _ in alphabet[Int(r.next() % UInt64(alphabet.count))] })
            let expected = grammar.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            #expect(JSONValue.isJSONNumber(text) == expected, "\(text)")
            if expected { accepted += 1 }
        }
        #expect(accepted > 1_000)  // the random texts reach the grammar's valid side, too
    }

    @Test("an exact number is written as its text, in arrays kept on one line")
    func exactNumbers() {
        let value = JSONValue.object([
            JSONMember("checksum", .exactNumber("18446744073709551615")),
            JSONMember("at", .array([.exactNumber("8.500"), .number(47)])),
        ])
        #expect(value.serialized(pretty: false) == #"{"checksum":18446744073709551615,"at":[8.500,47]}"#)
        #expect(value.serialized() == "{\n  \"checksum\": 18446744073709551615,\n  \"at\": [8.500, 47]\n}")
    }
}
