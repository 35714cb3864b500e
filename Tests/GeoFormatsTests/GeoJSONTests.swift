import GeoCore
import RaceKitCore
import Testing

@testable import GeoFormats

struct GeoJSONTests {
    /// Golden pairs: input text, the exact text the writer gives back.
    static let golden: [(name: String, input: String, output: String)] = [
        (
            "clockwise exterior and counter-clockwise hole are re-wound",
            #"{"type":"Polygon","coordinates":[[[0,0],[0,10],[10,10],[10,0],[0,0]],[[2,2],[4,2],[4,4],[2,4],[2,2]]]}"#,
            #"{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[2,4],[4,4],[4,2],[2,2]]]}"#
                + "\n"
        ),
        (
            "a feature collection gets a bbox across the antimeridian",
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":7,"geometry":{"type":"LineString","coordinates":[[179.5,-16.5,3],[-179.5,-17]]},"properties":{"name":"Fiji"}}]}"#,
            #"{"type":"FeatureCollection","bbox":[179.5,-17,-179.5,-16.5],"features":["# + "\n"
                + #"{"type":"Feature","id":7,"geometry":{"type":"LineString","coordinates":[[179.5,-16.5,3],[-179.5,-17]]},"properties":{"name":"Fiji"}}"#
                + "\n]}\n"
        ),
        (
            "every geometry type, null geometry and properties",
            #"{"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1e-7,2]},{"type":"MultiPoint","coordinates":[]},{"type":"MultiLineString","coordinates":[[[1,1],[2,2]]]},{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}]},"properties":null}"#,
            #"{"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[0.0000001,2]},{"type":"MultiPoint","coordinates":[]},{"type":"MultiLineString","coordinates":[[[1,1],[2,2]]]},{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}]},"properties":{}}"#
                + "\n"
        ),
    ]

    @Test("golden files: read, then write exactly the expected text", arguments: 0..<3)
    func goldenFiles(_ k: Int) throws {
        let (_, input, output) = Self.golden[k]
        let object = try GeoJSONReader.parse(Array(input.utf8), file: "in.geojson")
        #expect(object.jsonText() == output)
        #expect(try GeoJSONReader.parse(Array(output.utf8), file: "out.geojson").jsonText() == output)
    }

    static let errors: [(String, String)] = [
        (
            #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}"#,
            "e.geojson:1:34: error: /coordinates/0: the ring is not closed: its last position must equal its first (RFC 7946 §3.1.6)"
        ),
        (
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[47.5,191]}}]}"#,
            "e.geojson:1:116: error: /features/0/geometry/coordinates/1: latitude 191.0 is out of range (-90…90); positions are [longitude, latitude]"
        ),
        (
            #"{"type":"LineString","coordinates":[[0,0]]}"#,
            "e.geojson:1:36: error: /coordinates: a LineString needs at least 2 positions, found 1"
        ),
        (
            #"{"type":"Point","coordinates":[0,"north"]}"#,
            "e.geojson:1:34: error: a position must hold numbers [longitude, latitude(, altitude)], found '\"'"
        ),
        (
            #"{"type":"Point","coordinates":[0]}"#,
            "e.geojson:1:31: error: a position needs at least longitude and latitude, found 1 number"
        ),
        (
            #"{"type":"Circle","coordinates":[0,0]}"#,
            "e.geojson:1:1: error: /type: unknown geometry type \"Circle\" (RFC 7946: Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon, GeometryCollection)"
        ),
        (
            #"{"type":"Feature","properties":{}}"#,
            "e.geojson:1:1: error: /geometry: a Feature needs a \"geometry\" member (null when it has none)"
        ),
        (#"{"coordinates":[0,0]}"#, "e.geojson:1:1: error: /type: the \"type\" member is missing"),
        (
            #"{"type":"FeatureCollection","features":[{"type":"#,
            "e.geojson:1:49: error: unexpected end of file (truncated?)"
        ),
        ("", "e.geojson:1:1: error: the file is empty"),
        (String(repeating: "[", count: 300), "e.geojson:1:257: error: nesting deeper than 256 levels"),
        (#"{"type":"Point","coordinates":[1e999,0]}"#, "e.geojson:1:32: error: number 1e999 is too large for a double"),
    ]

    @Test("bad GeoJSON names file:line:column and the JSON path", arguments: 0..<12)
    func rejects(_ k: Int) {
        let (input, message) = Self.errors[k]
        var got = ""
        do { _ = try GeoJSONReader.parse(Array(input.utf8), file: "e.geojson") } catch { got = error.description }
        #expect(got == message)
    }

    /// A feature whose property `name` is `value`, as bytes (so a test can put invalid UTF-8 in it);
    /// the value starts at column 56.
    static func feature(name value: [UInt8]) -> [UInt8] {
        Array(#"{"type":"Feature","geometry":null,"properties":{"name":"#.utf8) + value + Array("}}".utf8)
    }

    /// Strings and numbers that GeoJSONReader once read its own way (a lone surrogate became
    /// U+FFFD, invalid UTF-8 was repaired, a leading zero passed), with JSONParser's verdict.
    static let tokenRules: [(value: [UInt8], message: String)] = [
        (Array(#""\ud800""#.utf8), #"e.geojson:1:63: error: a \u escape has a lone high surrogate"#),
        (Array(#""\ud800\u0041""#.utf8), #"e.geojson:1:69: error: a \u escape has a lone high surrogate"#),
        (Array(#""\udc00""#.utf8), #"e.geojson:1:63: error: a \u escape names no character"#),
        ([0x22, 0x61, 0xFF, 0x62, 0x22], "e.geojson:1:56: error: the string is not valid UTF-8"),
        ([0x22, 0xC3, 0x22], "e.geojson:1:56: error: the string is not valid UTF-8"),
        ([0x22, 0x5C, 0x6E, 0xED, 0xA0, 0x80, 0x22], "e.geojson:1:56: error: the string is not valid UTF-8"),
        (Array("01".utf8), "e.geojson:1:56: error: a number may not start with 0"),
        (Array("1.".utf8), "e.geojson:1:56: error: a number needs digits after '.'"),
    ]

    @Test("strings and numbers follow JSONParser's rules, with the same message at the same place", arguments: 0..<8)
    func tokenRulesAreJSONParsers(_ k: Int) {
        let bytes = Self.feature(name: Self.tokenRules[k].value)
        var geoJSON = "", json = ""
        do { _ = try GeoJSONReader.parse(bytes, file: "e.geojson"); geoJSON = "accepted" } catch {
            geoJSON = error.description
        }
        do { _ = try JSONParser.parse(bytes, file: "e.geojson"); json = "accepted" } catch { json = error.description }
        #expect(geoJSON == Self.tokenRules[k].message)
        #expect(geoJSON == json)
    }

    @Test("escaped and plain strings decode as JSONParser decodes them")
    func stringsDecodeAsJSONParser() throws {
        let bytes = Self.feature(name: Array(#""\ud83d\ude00 caf\u00e9 \"Zürich\"""#.utf8))
        guard case .feature(let feature) = try GeoJSONReader.parse(bytes, file: "s.geojson") else {
            Issue.record("not a feature")
            return
        }
        #expect(feature.properties == [JSONMember("name", .string("😀 café \"Zürich\""))])
        #expect(try JSONParser.parse(bytes, file: "s.geojson")["properties"]?["name"] == .string("😀 café \"Zürich\""))
    }

    @Test("random GPX documents survive GPX → GeoJSON → GPX with tracks, times, routes and waypoints")
    func gpxRoundTrip() throws {
        var r = SplitMix64(seed: 99)
        for k in 0..<100 {
            var doc = GPXWriterTests.randomDocument(&r)
            // Only what GeoJSON carries: positions, elevation, times, names.
            doc.metadata = GPXMetadata()
            doc.waypoints = doc.waypoints.map {
                var p = GPXPoint(latitude: $0.latitude, longitude: $0.longitude, elevation: $0.elevation, time: $0.time)
                var d = GPXPointDetails(); d.name = $0.details.name; d.description = $0.details.description
                d.type = $0.details.type; d.symbol = $0.details.symbol; p.details = d; return p
            }
            func plain(_ p: GPXPoint, time: Bool) -> GPXPoint {
                GPXPoint(
                    latitude: p.latitude, longitude: p.longitude, elevation: p.elevation, time: time ? p.time : nil)
            }
            doc.routes = doc.routes.filter { $0.points.count >= 2 }.map {
                GPXRoute(info: GPXPathInfo(name: $0.info.name), points: $0.points.map { plain($0, time: false) })
            }
            doc.tracks = doc.tracks.map { t in
                GPXTrack(
                    info: GPXPathInfo(name: t.info.name),
                    segments: t.segments.filter { $0.points.count >= 2 }.map {
                        GPXTrackSegment(points: $0.points.map { plain($0, time: true) })
                    })
            }
            .filter { !$0.segments.isEmpty }
            let text = GeoJSONObject(gpx: doc).jsonText()
            let back = try GPXDocument(
                geoJSON: GeoJSONReader.parse(Array(text.utf8), file: "rt.geojson"), file: "rt.geojson")
            #expect(back.waypoints == doc.waypoints, "\(k)")
            #expect(back.routes == doc.routes, "\(k)")
            #expect(back.tracks == doc.tracks, "\(k)")
        }
    }

    @Test("lines are cut at the antimeridian with an interpolated position on each side")
    func antimeridianCut() {
        let line: GeoJSONGeometry = .lineString([
            GeoJSONPosition(longitude: 179, latitude: 0), GeoJSONPosition(longitude: -179, latitude: 2),
            GeoJSONPosition(longitude: -178, latitude: 2),
        ])
        #expect(
            line.cutAtAntimeridian()
                == .multiLineString([
                    [GeoJSONPosition(longitude: 179, latitude: 0), GeoJSONPosition(longitude: 180, latitude: 1)],
                    [
                        GeoJSONPosition(longitude: -180, latitude: 1), GeoJSONPosition(longitude: -179, latitude: 2),
                        GeoJSONPosition(longitude: -178, latitude: 2),
                    ],
                ]))
        // A ring across the antimeridian, wound clockwise on the unwrapped plane, is re-wound.
        let ring = [(179.0, 0.0), (179.0, 1.0), (-179.0, 1.0), (-179.0, 0.0), (179.0, 0.0)].map {
            GeoJSONPosition(longitude: $0.0, latitude: $0.1)
        }
        #expect(GeoJSONRing.signedArea(ring) < 0)
        #expect(GeoJSONRing.signedArea(ring.reversed()) > 0)
    }

    @Test("the bounding box follows the antimeridian and matches brute force on random clusters")
    func boundingBox() {
        var r = SplitMix64(seed: 3)
        for _ in 0..<300 {
            let centre = r.uniform(-180...180), spread = r.uniform(0.001...170)
            var acc = BoundingBoxAccumulator()
            var lons: [Double] = []
            for _ in 0..<20 {
                var lon = centre + r.uniform(-spread...spread)
                if lon > 180 { lon -= 360 }
                if lon < -180 { lon += 360 }
                lons.append(lon)
                acc.add(latitude: r.uniform(-80...80), longitude: lon)
            }
            // Brute force: the widest gap between sorted longitudes (wrapping) is left out.
            let sorted = lons.sorted()
            var bestGap = sorted.first! + 360 - sorted.last!, west = sorted.first!, east = sorted.last!
            for k in 1..<sorted.count where sorted[k] - sorted[k - 1] > bestGap {
                bestGap = sorted[k] - sorted[k - 1]; west = sorted[k]; east = sorted[k - 1]
            }
            let box = acc.box!
            #expect(box.west == west && box.east == east, "centre \(centre) spread \(spread)")
        }
    }

    @Test("stops from features: circles, polygons, properties; errors name the feature")
    func stops() throws {
        let text = #"""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"s1","geometry":{"type":"Point","coordinates":[8.5,47.4]},"properties":{"name":"Fountain","radius":25,"points":10,"question":"How many lions?"}},
            {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[8.5,47.4],[8.5,47.41],[8.51,47.41],[8.51,47.4],[8.5,47.4]]]},"properties":{"name":"Park"}}
            ]}
            """#
        let stops = try GeoJSONStops.stops(
            from: GeoJSONReader.parse(Array(text.utf8), file: "s.geojson"), file: "s.geojson")
        #expect(stops.count == 2)
        #expect(
            stops[0].name == "Fountain" && stops[0].points == 10 && stops[0].question == "How many lions?"
                && stops[0].id == .string("s1"))
        #expect(stops[0].area == .circle(centre: Coordinate(uncheckedLatitude: 47.4, longitude: 8.5), radiusMeters: 25))
        let ring = [(47.4, 8.5), (47.41, 8.5), (47.41, 8.51), (47.4, 8.51), (47.4, 8.5)].map {
            Coordinate(uncheckedLatitude: $0.0, longitude: $0.1)
        }
        #expect(stops[1].area == .polygons([[ring]]))
        let bad =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[8.5,47.4]},"properties":{"name":"x"}}]}"#
        #expect {
            _ = try GeoJSONStops.stops(from: GeoJSONReader.parse(Array(bad.utf8), file: "b.geojson"), file: "b.geojson")
        } throws: {
            ($0 as? InputError)?.description
                == "b.geojson: error: /features/0/properties/radius: a Point stop needs a positive \"radius\" in metres"
        }
    }
}

struct PositionsCSVWriterTests {
    @Test("positions written and read back are the same, with and without accuracy")
    func roundTrip() throws {
        var r = SplitMix64(seed: 11)
        for withAccuracy in [false, true] {
            var columns = PositionColumns()
            var t = 1_700_000_000.0
            for _ in 0..<500 {
                t += Double(r.next() % 3) + (r.nextUnit() < 0.5 ? 0.25 : 0)
                columns.append(
                    participant: Int32(r.next() % 4), time: t, latitude: r.uniform(-90...90),
                    longitude: r.uniform(-180...180),
                    accuracy: withAccuracy && r.nextUnit() < 0.8 ? r.uniform(0...50) : nil)
            }
            let table = PositionTable(columns: columns, participantNames: ["0", "1", "ann", "bob"])
            let text = PositionsCSV.text(table)
            #expect(!text.contains("e-") && !text.contains("e+"))
            let back = try PositionsCSV.parse(Array(text.utf8), file: "p.csv")
            #expect(
                back.columns.time == columns.time && back.columns.latitude == columns.latitude
                    && back.columns.longitude == columns.longitude)
            #expect(back.columns.accuracy == columns.accuracy)
            #expect(
                back.columns.participant.map { back.participantNames[Int($0)] }
                    == columns.participant.map { table.participantNames[Int($0)] })
        }
    }

    @Test("GPX tracks become positions ordered by time; untimed points are counted")
    func fromGPX() throws {
        let d = try GPXDocument.parse(Array(GPXFixtures.emptyAndMissing.text.utf8), file: "m.gpx")
        let (table, untimed) = PositionTable.fromGPX(d)
        #expect(untimed == 2 && table.columns.count == 1 && table.participantNames == ["track-1"])
        let back = GPXDocument(positions: table)
        #expect(back.tracks.count == 1 && back.tracks[0].segments[0].points[0].time == table.columns.time[0])
    }
}
