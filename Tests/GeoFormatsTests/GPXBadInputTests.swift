import RaceKitCore
import Testing

@testable import GeoFormats

struct GPXBadInputTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let bytes: [UInt8]
        let error: String
        var description: String { name }
        init(_ name: String, _ text: String, _ error: String) {
            self.name = name
            bytes = Array(text.utf8)
            self.error = error
        }
        init(_ name: String, bytes: [UInt8], _ error: String) {
            self.name = name
            self.bytes = bytes
            self.error = error
        }
    }

    static let head = "<gpx version=\"1.1\" creator=\"t\">\n<trk><trkseg>\n"

    static let cases: [Case] = [
        Case("empty file", "", "bad.gpx: error: the file is empty"),
        Case("white space only", "  \n ", "bad.gpx:2: error: no root element: the file contains no XML element"),
        Case(
            "truncated", head + "<trkpt lat=\"1\" lon=\"2\"><ele>3</ele>",
            "bad.gpx:3:36: error: unexpected end of file: <trkpt> and 3 enclosing element(s) are not closed (truncated file?)"
        ),
        Case(
            "truncated inside a tag", head + "<trkpt lat=\"1\" lo",
            "bad.gpx:3:1: error: unexpected end of file inside a tag or comment (truncated file?)"),
        Case(
            "latitude out of range", head + "<trkpt lat=\"91.2\" lon=\"2\"/>",
            "bad.gpx:3:8: error: latitude 91.2 is out of range (-90…90)"),
        Case(
            "longitude out of range", head + "<trkpt lat=\"1\" lon=\"-180.5\"/>",
            "bad.gpx:3:16: error: longitude -180.5 is out of range (-180…180)"),
        Case(
            "non-numeric coordinate", head + "<trkpt lat=\"1\" lon=\"east\"/>",
            "bad.gpx:3:16: error: lon 'east' is not a number"),
        Case(
            "NaN coordinate", head + "<trkpt lat=\"NaN\" lon=\"1\"/>", "bad.gpx:3:8: error: lat 'NaN' is not a number"),
        Case("missing lat", head + "  <trkpt lon=\"2\"/>", "bad.gpx:3:3: error: <trkpt> has no lat attribute"),
        Case(
            "root is not gpx", "<?xml version=\"1.0\"?>\n<kml><Document/></kml>",
            "bad.gpx:2:1: error: the root element is <kml>, not <gpx>"),
        Case(
            "an HTML page", "<!DOCTYPE html>\n<html lang=\"en\"><head><title>404</title></head></html>",
            "bad.gpx:2:1: error: the root element is <html>, not <gpx>: this is a web page saved as a file, not GPX"),
        Case(
            "binary junk", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13],
            "bad.gpx:1:1: error: text before the root element: this is not an XML document"),
        Case(
            "NUL inside", bytes: Array("<gpx><wpt lat=\"1\" lon=\"2\">".utf8) + [0] + Array("</wpt></gpx>".utf8),
            "bad.gpx:1:27: error: NUL byte in the text: this is binary data, not XML"),
        Case(
            "deep nesting", "<gpx>" + String(repeating: "<a>", count: 300),
            "bad.gpx:1:771: error: elements are nested more than 256 deep (the reader's limit)"),
        Case(
            "huge attribute", "<gpx creator=\"" + String(repeating: "x", count: 70_000) + "\"/>",
            "bad.gpx:1:6: error: the value of attribute 'creator' is longer than 65536 bytes (the reader's limit)"),
        Case(
            "duplicate attribute", head + "<trkpt lat=\"1\" lat=\"2\" lon=\"3\"/>",
            "bad.gpx:3:16: error: duplicate attribute 'lat'"),
        Case(
            "mismatched tags", head + "</trk></trkseg></gpx>",
            "bad.gpx:3:1: error: closing tag </trk> does not match the open element <trkseg>"),
        Case(
            "second root", "<gpx/><gpx/>",
            "bad.gpx:1:7: error: a second root element <gpx>: an XML document has exactly one"),
        Case(
            "unquoted attribute", "<gpx version=1.1/>",
            "bad.gpx:1:14: error: the value of attribute 'version' must be in quotes"),
        Case(
            "billion laughs",
            "<!DOCTYPE gpx [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<gpx><metadata><name>&b;</name></metadata></gpx>",
            "bad.gpx:2:22: error: entity '&b;' is not one of XML's five predefined entities (RaceKit never expands DTD entities)"
        ),
        Case(
            "external entity",
            "<!DOCTYPE gpx [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>&xxe;</name></wpt></gpx>",
            "bad.gpx:2:33: error: entity '&xxe;' is not one of XML's five predefined entities (RaceKit never expands DTD entities)"
        ),
        Case(
            "entity in an attribute", "<!DOCTYPE gpx [<!ENTITY one \"1\">]>\n<gpx><wpt lat=\"&one;\" lon=\"2\"/></gpx>",
            "bad.gpx:2:11: error: entity '&one;' is not one of XML's five predefined entities (RaceKit never expands DTD entities)"
        ),
        Case(
            "entity in a namespace", "<gpx xmlns:x=\"urn:&bogus;\"><wpt lat=\"1\" lon=\"2\"/></gpx>",
            "bad.gpx:1:6: error: entity '&bogus;' is not one of XML's five predefined entities (RaceKit never expands DTD entities)"
        ),
        Case(
            "unsupported encoding", "<?xml version=\"1.0\" encoding=\"EBCDIC\"?><gpx/>",
            "bad.gpx:1:1: error: the XML declaration names encoding 'EBCDIC'; supported: UTF-8, UTF-16, ISO-8859-1"),
        Case("text after the root", "<gpx/>junk", "bad.gpx:1:7: error: text after the root element"),
    ]

    @Test("bad input fails with file:line:column and the problem", arguments: cases)
    func rejects(_ c: Case) {
        #expect {
            _ = try GPXDocument.parse(c.bytes, file: "bad.gpx")
        } throws: { error in
            let text = (error as? InputError)?.description ?? "\(error)"
            #expect(text == c.error)
            return text == c.error
        }
    }

    @Test("bad input fails the same way whatever the chunk size", arguments: [1, 5])
    func rejectsInChunks(chunk: Int) {
        for c in Self.cases where c.bytes.count < 5000 {
            var message = ""
            do { _ = try counts(c.bytes, file: "bad.gpx", chunkSize: chunk) } catch { message = "\(error)" }
            #expect(message == c.error, "\(c.name)")
        }
    }

    @Test("a long run of nested unknown elements within the limit is skipped")
    func deepButAllowed() throws {
        let text =
            "<gpx>" + String(repeating: "<a>", count: 250) + String(repeating: "</a>", count: 250)
            + "<wpt lat=\"1\" lon=\"1\"/></gpx>"
        #expect(try GPXDocument.parse(Array(text.utf8), file: "d.gpx").waypoints.count == 1)
    }
}
