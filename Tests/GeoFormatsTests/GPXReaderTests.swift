import Foundation
import GeoCore
import RaceKitCore
import Testing

@testable import GeoFormats

/// The gpx-quirks files kept in `Fixtures/` (see `Fixtures/README.md` for their source).
enum QuirkFiles {
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Fixtures/gpx-quirks")

    /// expected.csv's rows.
    static func expectedRows() throws -> [[String]] {
        let text = try String(contentsOf: folder.appendingPathComponent("expected.csv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    }
}

func counts(_ bytes: [UInt8], file: String = "test.gpx", chunkSize: Int = 256 * 1024) throws -> (
    GPXTestCounts, [GPXEvent]
) {
    let reader = try GPXReader(source: MemoryByteSource(bytes), file: file, options: .init(), chunkSize: chunkSize)
    var counts = GPXTestCounts()
    var events: [GPXEvent] = []
    while let event = try reader.next() {
        counts.add(event)
        events.append(event)
    }
    return (counts, events)
}

struct GPXConformanceTests {
    @Test("every file of gpx-quirks gives expected.csv's counts and coordinate sums")
    func quirks() throws {
        let rows = try QuirkFiles.expectedRows()
        #expect(rows.count == 28)
        for row in rows {
            let path = QuirkFiles.folder.appendingPathComponent(row[0]).path
            var c = GPXTestCounts()
            try GPXReader(path: path).forEach { c.add($0) }
            let got =
                [c.tracks, c.segments, c.trackPoints, c.timedTrackPoints, c.routes, c.routePoints, c.waypoints].map(
                    String.init)
                + [String(format: "%.6f", c.latitudeSum), String(format: "%.6f", c.longitudeSum)]
            #expect(got == Array(row.dropFirst()), "\(row[0])")
        }
    }

    @Test("the repository's fixtures give their stated counts", arguments: GPXFixtures.all)
    func fixtures(_ f: GPXFixtures.Fixture) throws {
        let (c, _) = try counts(Array(f.text.utf8), file: f.name)
        let got: [Int] = [
            c.tracks, c.segments, c.trackPoints, c.timedTrackPoints, c.routes, c.routePoints, c.waypoints,
        ]
        let expected: [Int] = [
            f.tracks, f.segments, f.trackPoints, f.timedTrackPoints, f.routes, f.routePoints, f.waypoints,
        ]
        #expect(got == expected)
        #expect(abs(c.latitudeSum - f.latitudeSum) < 1e-9 && abs(c.longitudeSum - f.longitudeSum) < 1e-9)
    }

    @Test("fields, extensions, entities and CDATA are read")
    func fields() throws {
        let garmin = try GPXDocument.parse(Array(GPXFixtures.garminWithPrefixes.text.utf8), file: "g.gpx")
        #expect(garmin.metadata.name == "Morning ride — Zürich")
        #expect(garmin.metadata.time == 1_714_543_200)
        let points = garmin.tracks[0].segments[0].points
        #expect(points[0].heartRate == 128 && points[0].cadence == 85 && points[0].temperature == 14.5)
        #expect(points[0].elevation == 408.2)
        #expect(points[0].details.extensions.first?.namespace == GPXDocument.trackPointExtensionV1)
        #expect(points[1].time == 1_714_543_205.25)
        #expect(points[2].time == 1_714_543_210)
        let old = try GPXDocument.parse(Array(GPXFixtures.gpx10.text.utf8), file: "o.gpx")
        #expect(old.version == "1.0" && old.metadata.name == "Old file" && old.metadata.bounds?.maxLatitude == 42.5)
        #expect(old.tracks[0].segments[0].points[0].speed == 2.5 && old.tracks[0].segments[0].points[0].course == 90.5)
        #expect(
            old.waypoints[0].details.symbol == "Crossing"
                && old.waypoints[1].details.links == [GPXLink(href: "http://example.com/", text: "site")])
        let c = try GPXDocument.parse(Array(GPXFixtures.commentsCDATAEntities.text.utf8), file: "c.gpx")
        #expect(c.creator == "x & y")
        #expect(c.waypoints[0].details.name == "A <b> & C <D>")
        #expect(c.waypoints[0].latitude == 45.5)
    }

    @Test("what cannot be used is reported with its line")
    func warnings() throws {
        let d = try GPXDocument.parse(Array(GPXFixtures.emptyAndMissing.text.utf8), file: "m.gpx")
        #expect(
            d.warnings.map(\.description) == [
                "m.gpx:2:6: warning: empty track segment",
                "m.gpx:3:1: warning: track point without a time",
                "m.gpx:4:30: warning: time 'yesterday' is not an RFC 3339 date-time; the point has no time",
                "m.gpx:4:1: warning: track point without a time",
            ])
        // The leap second reads as the next second.
        #expect(d.tracks[0].segments[1].points[2].time == Timestamp.parse("2020-03-01T00:00:00Z"))
    }

    @Test("tiny chunks and short reads give the same events as one buffer", arguments: [1, 2, 3, 7, 64])
    func chunkBoundaries(chunk: Int) throws {
        var sources = GPXFixtures.all.map { Array($0.text.utf8) }
        for name in [
            "gpx1.1_with_all_fields.gpx", "unicode_with_bom.gpx", "gpx-with-node-with-comments.gpx",
            "korita-zbevnica.gpx",
        ] {
            sources.append(Array(try Data(contentsOf: QuirkFiles.folder.appendingPathComponent(name))))
        }
        for bytes in sources {
            let whole = try counts(bytes).1
            let pieces = try counts(bytes, chunkSize: chunk).1
            #expect(whole == pieces)
        }
    }

    /// The events of `bytes`, or the error, read with or without the extension trees.
    private func read(_ bytes: [UInt8], keepExtensions: Bool) -> Result<[GPXEvent], InputError> {
        Result { () throws(InputError) -> [GPXEvent] in
            let reader = try GPXReader(
                source: MemoryByteSource(bytes), file: "x.gpx", options: .init(keepExtensions: keepExtensions),
                chunkSize: 64)
            var events: [GPXEvent] = []
            while let event = try reader.next() { events.append(event) }
            return events
        }
    }

    @Test("without the extension trees a file reads the same, sensor values, warnings and errors included")
    func withoutExtensionTrees() throws {
        var sources = GPXFixtures.all.map { Array($0.text.utf8) }
        for row in try QuirkFiles.expectedRows() {
            sources.append(Array(try Data(contentsOf: QuirkFiles.folder.appendingPathComponent(row[0]))))
        }
        // Sensors nested, split by comments, in CDATA, after space, under long names; the first wins.
        let point = """
            <trkpt lat="1" lon="2"><time>2024-05-01T09:00:01Z</time><extensions>
              <gpxtpx:TrackPointExtension><gpxtpx:hr> 116 </gpxtpx:hr><gpxtpx:cad>8<!-- c -->5</gpxtpx:cad>
              </gpxtpx:TrackPointExtension>
              <x:aVeryLongExtensionElementName a="1 &amp; 2"><x:speed>3.5</x:speed></x:aVeryLongExtensionElementName>
              <hr>120</hr><temp>  <![CDATA[14.5]]>  </temp><course>1<!-- c --> <!-- c -->2</course>
            </extensions></trkpt>
            """
        func track(_ point: String) -> [UInt8] {
            Array(
                #"<gpx version="1.1" xmlns:gpxtpx="urn:t" xmlns:x="urn:x"><trk><trkseg>\#(point)</trkseg></trk></gpx>"#
                    .utf8)
        }
        sources.append(track(point))
        // A bad reference in an extension's attribute is an error either way.
        sources.append(track(point.replacingOccurrences(of: "1 &amp; 2", with: "1 &bogus; 2")))
        var sensors = 0, failures = 0
        for bytes in sources {
            switch (read(bytes, keepExtensions: true), read(bytes, keepExtensions: false)) {
            case (.success(let kept), .success(let skimmed)):
                #expect(kept.compactMap(\.withoutExtensionTrees) == skimmed)
                for case .trackPoint(let p) in skimmed where p.heartRate != nil || p.speed != nil { sensors += 1 }
            case (.failure(let kept), .failure(let skimmed)):
                #expect(kept.description == skimmed.description)
                failures += 1
            case (let kept, let skimmed):
                Issue.record("kept: \(kept), skimmed: \(skimmed)")
            }
        }
        #expect(sensors >= 3 && failures >= 1, "\(sensors) points with sensor values, \(failures) failures")
        let events = try read(track(point), keepExtensions: false).get()
        let sensed = try #require(events.lazy.compactMap { if case .trackPoint(let p) = $0 { p } else { nil } }.first)
        #expect(sensed.heartRate == 116 && sensed.cadence == 85 && sensed.speed == 3.5 && sensed.temperature == 14.5)
        #expect(sensed.course == nil, "'1 2' is not a number")
    }

    @Test("UTF-16 (both byte orders, with and without BOM) and ISO-8859-1 read like UTF-8")
    func encodings() throws {
        let text = GPXFixtures.garminWithPrefixes.text.replacingOccurrences(
            of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        let expected = try GPXDocument.parse(Array(GPXFixtures.garminWithPrefixes.text.utf8), file: "a")
        for (bom, little) in [(true, true), (true, false), (false, true), (false, false)] {
            var bytes: [UInt8] = bom ? (little ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
            for unit in text.utf16 {
                bytes += little ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            }
            let document = try GPXDocument.parse(bytes, file: "a")
            #expect(
                document.tracks == expected.tracks && document.metadata == expected.metadata,
                "bom \(bom) little \(little)")
        }
        var latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx><wpt lat=\"1\" lon=\"2\"><name>Z".utf8)
        latin1 += [0xFC] + Array("rich</name></wpt></gpx>".utf8)
        #expect(try GPXDocument.parse(latin1, file: "l").waypoints[0].details.name == "Zürich")
    }
}
