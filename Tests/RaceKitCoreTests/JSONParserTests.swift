import GeoCore
import RaceKitCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct JSONParserTests {
    private func parse(_ text: String) throws(InputError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8), file: "doc.json")
    }

    /// A random JSON value: nested arrays and objects, awkward strings, numbers of every size.
    private func randomValue(_ random: inout SplitMix64, depth: Int = 0) -> JSONValue {
        switch random.next() % (depth > 4 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2:
            let magnitude = pow(10, random.uniform(-12...15))
            return .number((random.uniform(-1...1) * magnitude * 1e6).rounded() / 1e6)
        case 3:
            let alphabet = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "é", "東", "😀", "~"]
            return .string(
                (0..<random.next() % 8).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined())
        case 4: return .array((0..<random.next() % 5).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            return .object(
                (0..<random.next() % 5).map { i in JSONMember("k\(i % 3)", randomValue(&random, depth: depth + 1)) })
        }
    }

    @Test("random documents survive writing and reading back, pretty and compact")
    func roundTrip() throws {
        var random = SplitMix64(seed: 21)
        for _ in 0..<2_000 {
            let value = randomValue(&random)
            #expect(try parse(value.serialized(pretty: true)) == value)
            #expect(try parse(value.serialized(pretty: false)) == value)
        }
    }

    @Test("duplicate keys are kept, in order")
    func duplicates() throws {
        #expect(try parse(#"{"a": 1, "a": 2}"#) == .object([JSONMember("a", .number(1)), JSONMember("a", .number(2))]))
    }

    @Test("escapes, surrogate pairs and a byte-order mark")
    func strings() throws {
        #expect(try parse("\u{FEFF}" + #""\u00e9\ud83d\ude00\n\/""#) == .string("é😀\n/"))
    }

    @Test(
        "bad input names line and column",
        arguments: [
            ("", "doc.json:1:1: error: the document is empty"),
            ("{\"a\": [1, 2,\n", "doc.json:2:1: error: unexpected end of file: a value is missing"),
            ("{\"a\": \n  tru}", "doc.json:2:3: error: expected a value, found 't'"),
            ("{\"a\": NaN}", "doc.json:1:7: error: expected a value, found 'N'"),
            ("{\"a\": 1e999}", "doc.json:1:7: error: number 1e999 is too large for a double"),
            ("{\"a\": 01}", "doc.json:1:7: error: a number may not start with 0"),
            ("{a: 1}", "doc.json:1:2: error: expected a quoted member name, found 'a'"),
            ("[1 2]", "doc.json:1:4: error: expected ',' or ']' in an array, found '2'"),
            ("\"tab\there\"", "doc.json:1:5: error: a control character (byte 0x9) must be escaped in a string"),
            ("\"\\ud800\"", "doc.json:1:8: error: a \\u escape has a lone high surrogate"),
            ("[1] [2]", "doc.json:1:5: error: unexpected text after the JSON value"),
        ])
    func errors(text: String, message: String) {
        do {
            _ = try parse(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("deep nesting is refused, not a stack overflow")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: InputError.self) { try parse(text) }
        let ok =
            String(repeating: "[", count: JSONParser.maximumDepth)
            + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect((try? parse(ok)) != nil)
    }

    @Test("invalid UTF-8 in a string is an error")
    func invalidUTF8() {
        #expect(throws: InputError.self) { try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22], file: "doc.json") }
    }

    @Test("numbers read in one pass are DecimalParser's doubles, on both sides of its exact fast path")
    func numbersMatchDecimalParser() throws {
        var random = SplitMix64(seed: 2_611)
        func digits(_ count: Int, leadingZeros: Int = 0) -> String {
            var text = String(repeating: "0", count: leadingZeros)
            for k in 0..<count { text.append(Character(String(k == 0 ? 1 + random.next() % 9 : random.next() % 10))) }
            return text
        }
        var fastPathLengths = 0
        for _ in 0..<20_000 {
            // 1 to 20 significant digits split around the point, up to 25 fraction digits with
            // leading zeros, sometimes an exponent: 15 digits and 22 fraction digits are the edges.
            let significant = 1 + Int(random.next() % 20)
            let integer = Int(random.next() % UInt64(significant + 1))
            var text = random.next() % 3 == 0 ? "-" : ""
            text += integer == 0 ? "0" : digits(integer)
            if integer < significant {
                text += "." + digits(significant - integer, leadingZeros: integer == 0 ? Int(random.next() % 10) : 0)
            }
            if random.next() % 8 == 0 {
                text += "e" + ["", "+", "-"][Int(random.next() % 3)] + String(random.next() % 30)
            }
            if significant <= 15 { fastPathLengths += 1 }
            try Array(text.utf8).withUnsafeBufferPointer { bytes in
                var reader = JSONParser.Reader(bytes: bytes, file: "doc.json")
                let expected = try #require(DecimalParser.parse(bytes), "\(text)")
                let read = try reader.number()
                #expect(read.bitPattern == expected.bitPattern, "\(text): \(read) against \(expected)")
                #expect(reader.offset == bytes.count, "\(text)")
            }
        }
        #expect(fastPathLengths > 10_000 && fastPathLengths < 19_000)
    }
}
