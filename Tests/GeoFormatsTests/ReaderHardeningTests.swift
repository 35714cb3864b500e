import RaceKitCore
import Testing

@testable import GeoFormats

/// Hostile input the readers once accepted or echoed raw (issue 13): the one message renderer,
/// the one decimal grammar, bounded fields per line, duplicate GeoJSON keys.
struct DiagnosticTextTests {
    @Test("control characters are escaped as JSON escapes them; printable text is unchanged")
    func escapes() {
        #expect(
            DiagnosticText.sanitized("id \u{1B}]0;pwned\u{07} and \u{0}\t\n\r\u{7F}\u{9B}")
                == "id \\u001b]0;pwned\\u0007 and \\u0000\\t\\n\\r\\u007f\\u009b")
        #expect(DiagnosticText.sanitized("stop \"Zürich\" — fine") == "stop \"Zürich\" — fine")
        #expect(DiagnosticText.escaped("dir\u{1B}/a b") == "dir\\u001b/a b")
    }

    @Test("a long run without spaces keeps its start and says how much was left out")
    func longRun() {
        let digits = String(repeating: "9", count: 100_000)
        let text = DiagnosticText.sanitized("number \(digits) is too large")
        #expect(
            text
                == "number \(String(repeating: "9", count: DiagnosticText.maximumRunLength))…[\(100_000 - DiagnosticText.maximumRunLength) more characters] is too large"
        )
    }

    @Test("a long message is cut at maximumLength characters")
    func longMessage() {
        let words = String(repeating: "ab ", count: 10_000)
        let text = DiagnosticText.sanitized(words)
        #expect(text.hasPrefix("ab ab "))
        #expect(text.hasSuffix("…[message cut: \(30_000 - DiagnosticText.maximumLength) more characters]"))
        #expect(text.count < DiagnosticText.maximumLength + 50)
    }

    @Test("InputError renders its location and message through DiagnosticText")
    func inputError() {
        let error = InputError(SourceLocation(file: "a\u{1B}.csv", line: 2, column: 3), "id '\u{1B}]0;x\u{07}' is bad")
        #expect(error.description == "a\\u001b.csv:2:3: error: id '\\u001b]0;x\\u0007' is bad")
    }

    @Test("a 50 000-character header line is not echoed whole")
    func longHeader() {
        let header = String(repeating: "x", count: 50_000)
        do {
            _ = try StopsCSV.parse(Array((header + "\n").utf8), file: "s.csv")
            Issue.record("no error")
        } catch {
            #expect(error.description.utf8.count < 400, "\(error.description.utf8.count) bytes")
            #expect(error.description.hasPrefix("s.csv:1: error: header is 'xxx"))
        }
    }
}

struct DecimalGrammarTests {
    @Test(
        "the String entry points use the same grammar: no hex, no NUL, no nan",
        arguments: ["0x2F", "0x10", "1\u{0}", "nan", "inf", " 1", "1 ", ""])
    func rejects(text: String) {
        #expect(DecimalParser.parse(text) == nil)
        #expect(DecimalParser.parseInteger(text) == nil)
    }

    @Test("and accept what the byte readers accept")
    func accepts() {
        #expect(
            DecimalParser.parse("47.5") == 47.5 && DecimalParser.parse("-1e3") == -1000
                && DecimalParser.parse("+.5") == 0.5)
        #expect(DecimalParser.parseInteger("-12") == -12)
    }
}

struct FieldLimitTests {
    @Test(
        "a line of many commas is an error at its line before its fields are stored (stops, positions, CSV documents)")
    func manyCommas() {
        let commas = String(repeating: ",", count: 100_000)
        #expect(
            throws: InputError(
                SourceLocation(file: "p.csv", line: 2), "the line has more than \(DelimitedText.maximumFields) fields")
        ) {
            try PositionsCSV.parse(Array("participant,t,lat,lon\n\(commas)\n".utf8), file: "p.csv")
        }
        #expect(
            throws: InputError(
                SourceLocation(file: "s.csv", line: 1), "the line has more than \(DelimitedText.maximumFields) fields")
        ) {
            try StopsCSV.parse(Array("\(commas)\n".utf8), file: "s.csv")
        }
        #expect(
            throws: InputError(
                SourceLocation(file: "b.csv", line: 3), "the row has more than \(CSVDocument.maximumFields) fields")
        ) {
            try CSVDocument(bytes: Array("name,lat,lon\n\nx\(commas)\n".utf8), file: "b.csv")
        }
        // At the limit it still reads.
        let wide = Array(repeating: "a", count: CSVDocument.maximumFields).joined(separator: ",")
        #expect(
            (try? CSVDocument(bytes: Array("\(wide)\n".utf8), file: "b.csv"))?.header.count == CSVDocument.maximumFields
        )
    }
}

struct GeoJSONHardeningTests {
    @Test("a member twice in one object is an error at the second, with line and column")
    func duplicateKey() {
        let text = "{\"type\":\"Point\",\n \"coordinates\":[8,47], \"coordinates\":[9,47]}"
        #expect(
            throws: InputError(
                SourceLocation(file: "d.geojson", line: 2, column: 24),
                "\"coordinates\" appears twice in this object (JSON readers disagree on which one wins)")
        ) {
            try GeoJSONReader.parse(Array(text.utf8), file: "d.geojson")
        }
    }

    @Test("properties.id names the stop (the Feature's id is the fallback); points must be a whole number in range")
    func stopIDsAndPoints() throws {
        func stops(_ features: String) throws -> [GeoJSONStop] {
            let text = "{\"type\":\"FeatureCollection\",\"features\":[\(features)]}"
            return try GeoJSONStops.stops(
                from: GeoJSONReader.parse(Array(text.utf8), file: "s.geojson"), file: "s.geojson",
                defaultRadiusMeters: 25)
        }
        let point = "\"geometry\":{\"type\":\"Point\",\"coordinates\":[8,47]}"
        let read = try stops(
            """
            {"type":"Feature","id":"f1",\(point),"properties":{"id":"alpha"}},
            {"type":"Feature","id":"f2",\(point),"properties":{"id":7}},
            {"type":"Feature","id":"f3",\(point),"properties":{}}
            """)
        #expect(read.map(\.id) == [.string("alpha"), .number(7), .string("f3")])
        #expect(read.map(\.feature) == [0, 1, 2])
        #expect(
            throws: InputError(
                SourceLocation(file: "s.geojson"),
                "/features/0/properties/points: points 1000000000000000 is out of range (a whole number in -999999999999999…999999999999999)"
            )
        ) {
            try stops("{\"type\":\"Feature\",\(point),\"properties\":{\"points\":1e15}}")
        }
        #expect(
            throws: InputError(
                SourceLocation(file: "s.geojson"), "/features/0/properties/id: a stop's id must be a string or a number"
            )
        ) {
            try stops("{\"type\":\"Feature\",\(point),\"properties\":{\"id\":[1]}}")
        }
    }
}
