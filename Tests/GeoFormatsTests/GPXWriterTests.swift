import Foundation
import GeoCore
import RaceKitCore
import Testing

@testable import GeoFormats

struct GPXWriterTests {
    /// A random document using every field the model has.
    static func randomDocument(_ r: inout SplitMix64) -> GPXDocument {
        func maybe<T>(_ value: @autoclosure () -> T) -> T? { r.nextUnit() < 0.5 ? value() : nil }
        func text() -> String {
            [
                "a", "Zürich & <Bern>", "\"quoted\" 'x'", "日本", "tab\there",
                "  spaced  ".trimmingCharacters(in: .whitespaces),
            ][Int(r.next() % 6)]
        }
        func time() -> Double { Double(Int(r.next() % 2_000_000_000)) + Double(Int(r.next() % 1000)) / 1000 }
        func tiny() -> Double { (r.nextUnit() - 0.5) * pow(10, -Double(r.next() % 9)) }
        func point() -> GPXPoint {
            var p = GPXPoint(
                latitude: r.nextUnit() < 0.1 ? tiny() : r.uniform(-90...90), longitude: r.uniform(-180...179.999))
            p.elevation = maybe(r.uniform(-400...9000))
            p.time = maybe(time())
            p.heartRate = maybe(Double(r.next() % 200))
            p.speed = maybe(r.uniform(0...40))
            if r.nextUnit() < 0.3 {
                var d = GPXPointDetails()
                d.name = maybe(text()); d.description = maybe(text()); d.symbol = maybe(text()); d.type = maybe(text())
                d.comment = maybe(text()); d.source = maybe(text())
                d.horizontalDilution = maybe(r.uniform(0...50)); d.satellites = maybe(Int(r.next() % 20))
                d.fix = maybe("3d"); d.geoidHeight = maybe(tiny()); d.magneticVariation = maybe(r.uniform(0...359))
                d.links =
                    r.nextUnit() < 0.3
                    ? [GPXLink(href: "https://example.com/?a=1&b=2", text: maybe(text()), type: maybe("text/html"))]
                    : []
                if r.nextUnit() < 0.5 {
                    d.extensions = [
                        GPXExtensionElement(
                            namespace: "urn:example:x", prefix: "ex", name: "thing",
                            attributes: [.init(name: "k", value: text())], text: text(),
                            children: [GPXExtensionElement(namespace: nil, name: "inner", text: "1")])
                    ]
                }
                p.details = d
            }
            return p
        }
        var doc = GPXDocument(version: "1.1", creator: "test")
        doc.metadata.name = maybe(text())
        doc.metadata.time = maybe(time())
        doc.waypoints = (0..<Int(r.next() % 4)).map { _ in point() }
        doc.routes = (0..<Int(r.next() % 3)).map { _ in
            GPXRoute(info: GPXPathInfo(name: maybe(text())), points: (0..<Int(r.next() % 5)).map { _ in point() })
        }
        doc.tracks = (0..<Int(r.next() % 3)).map { _ in
            var info = GPXPathInfo(name: maybe(text()))
            info.number = maybe(Int(r.next() % 10))
            return GPXTrack(
                info: info,
                segments: (0..<Int(1 + r.next() % 3)).map { _ in
                    GPXTrackSegment(points: (0..<Int(1 + r.next() % 6)).map { _ in point() })
                })
        }
        return doc
    }

    /// The document as the reader gives it back: sensor values the writer puts into a synthetic
    /// TrackPointExtension come back as that extension too.
    static func comparable(_ d: GPXDocument) -> GPXDocument {
        var d = d
        func strip(_ p: GPXPoint) -> GPXPoint {
            var p = p
            var details = p.details
            details.extensions.removeAll { $0.namespace == GPXDocument.trackPointExtensionV2 }
            p.details = details
            return p
        }
        d.waypoints = d.waypoints.map(strip)
        for i in d.routes.indices { d.routes[i].points = d.routes[i].points.map(strip) }
        for i in d.tracks.indices {
            for j in d.tracks[i].segments.indices {
                d.tracks[i].segments[j].points = d.tracks[i].segments[j].points.map(strip)
            }
        }
        d.warnings = []
        d.warningCount = 0
        return d
    }

    @Test("random documents survive writing and reading back, field for field")
    func roundTrip() throws {
        var r = SplitMix64(seed: 2024)
        for k in 0..<150 {
            let doc = Self.randomDocument(&r)
            let text = doc.gpxText()
            #expect(!text.contains("e-") && !text.contains("e+"), "exponent notation in \(k)")
            let back = try GPXDocument.parse(Array(text.utf8), file: "rt.gpx")
            #expect(Self.comparable(back) == Self.comparable(doc), "document \(k)")
            // And the text is a fixed point.
            #expect(back.gpxText() == text)
        }
    }

    @Test("gpx-quirks files survive a round trip with their extensions")
    func quirksRoundTrip() throws {
        for row in try QuirkFiles.expectedRows() {
            let original = try GPXDocument.read(path: QuirkFiles.folder.appendingPathComponent(row[0]).path)
            let back = try GPXDocument.parse(Array(original.gpxText().utf8), file: row[0])
            #expect(
                back.tracks.map(\.segments) == original.tracks.map(\.segments)
                    || Self.comparable(back).tracks == Self.comparable(original).tracks, "\(row[0])")
            #expect(
                back.waypoints.map(\.details.extensions) == original.waypoints.map(\.details.extensions), "\(row[0])")
            #expect(back.routes.map(\.points.count) == original.routes.map(\.points.count))
        }
    }

    @Test("schema constraints: order, longitude 180, plain decimals, namespaces declared once")
    func schemaShape() throws {
        var doc = GPXDocument()
        var p = GPXPoint(latitude: 0.00001, longitude: 180, elevation: 1e-7, time: 0)
        p.speed = 3
        var d = GPXPointDetails()
        d.name = "n"
        d.extensions = [GPXExtensionElement(namespace: nil, name: "plain", text: "x")]
        p.details = d
        doc.tracks = [GPXTrack(segments: [GPXTrackSegment(points: [p])])]
        let text = doc.gpxText()
        #expect(text.contains("<trkpt lat=\"0.00001\" lon=\"-180\">"))
        #expect(
            text.contains("<ele>0.0000001</ele>\n        <time>1970-01-01T00:00:00Z</time>\n        <name>n</name>"))
        #expect(text.contains("xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\""))
        #expect(text.contains("xmlns:rku=\"urn:racekit:gpx:unqualified\""))
        #expect(text.contains("<gpxtpx:TrackPointExtension>\n            <gpxtpx:speed>3</gpxtpx:speed>"))
        let back = try GPXDocument.parse(Array(text.utf8), file: "s.gpx")
        #expect(
            back.tracks[0].segments[0].points[0].details.extensions.first
                == GPXExtensionElement(namespace: nil, name: "plain", text: "x"))
        #expect(back.tracks[0].segments[0].points[0].speed == 3)
    }
}

struct TextFormatTests {
    @Test("plain decimals read back as the same double and never use an exponent")
    func plainDecimal() {
        var r = SplitMix64(seed: 5)
        for _ in 0..<20_000 {
            let v = (r.nextUnit() - 0.5) * pow(10, Double(Int(r.next() % 40)) - 20)
            let text = DecimalText.plain(v)
            #expect(!text.contains("e") && Double(text) == v, "\(v) → \(text)")
        }
        #expect(
            DecimalText.plain(12) == "12" && DecimalText.plain(-0.5) == "-0.5"
                && DecimalText.plain(1e21) == "1000000000000000000000")
    }

    @Test("RFC 3339 times against a day-by-day reference calendar")
    func timestamps() {
        // Reference: count days one by one from 1970.
        var days = 0
        var (y, m, d) = (1970, 1, 1)
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        while y < 2101 {
            if d == 1 || d == 28 || d == 29 {
                let text = String(format: "%04d-%02d-%02dT12:34:56Z", y, m, d)
                #expect(Timestamp.parse(text) == Double(days * 86_400 + 45_296), "\(text)")
                #expect(Timestamp.format(Double(days * 86_400 + 45_296)) == text)
            }
            let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
            let length = m == 2 && leap ? 29 : lengths[m - 1]
            days += 1
            d += 1
            if d > length { d = 1; m += 1; if m > 12 { m = 1; y += 1 } }
        }
        #expect(Timestamp.parse("2010-08-05T14:23:59.5+02:00") == Timestamp.parse("2010-08-05T12:23:59.5Z"))
        #expect(Timestamp.parse("2010-08-05 14:23:59z") == Timestamp.parse("2010-08-05T14:23:59Z"))
        #expect(Timestamp.parse("2010-08-05T14:23:59-0130") == Timestamp.parse("2010-08-05T15:53:59Z"))
        #expect(Timestamp.parse("1901-12-13T20:45:52.2073437Z")! < 0)
        for bad in [
            "", "2010-02-30T00:00:00Z", "2010-13-01T00:00:00Z", "2010-08-05", "2010-08-05T25:00:00Z",
            "2010-08-05T14:23:59Zx", "yesterday", "2010-08-05T14:23:59.",
        ] {
            #expect(Timestamp.parse(bad) == nil, "\(bad)")
        }
    }
}

struct GPXTokenizerTests {
    @Test("comments, CDATA-free noise and any chunking between tags never change what is read")
    func noiseBetweenTags() throws {
        var r = SplitMix64(seed: 77)
        for k in 0..<60 {
            let text = GPXWriterTests.randomDocument(&r).gpxText()
            let reference = try GPXDocument.parse(Array(text.utf8), file: "a.gpx")
            // Every '>' the writer emits ends a tag (it escapes '>' in values), so a comment or a
            // processing instruction may follow any of them.
            var noisy = ""
            for ch in text {
                noisy.append(ch)
                if ch == ">" && r.nextUnit() < 0.3 {
                    noisy += r.nextUnit() < 0.5 ? "<!-- > -- ' \" <x> -->" : "<?pi data?>"
                }
            }
            let bytes = Array(noisy.utf8)
            let reader = try GPXReader(
                source: MemoryByteSource(bytes), file: "b.gpx", options: .init(), chunkSize: 1 + Int(r.next() % 50))
            let parsed = try GPXDocument.assemble(reader)
            #expect(
                parsed.tracks == reference.tracks && parsed.waypoints == reference.waypoints
                    && parsed.routes == reference.routes, "\(k)")
        }
    }
}
