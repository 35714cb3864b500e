import Foundation
import Testing

/// `racekit build --crs`: stops given as projected eastings and northings, converted to WGS 84.
struct BuildCRSCommandTests {
    /// The stops' centres in a race file, `[longitude, latitude]` in stop order.
    private func centres(_ path: String) throws -> [[Double]] {
        let race = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let stops = try #require(race["stops"] as? [[String: Any]])
        return try stops.map { stop in
            let fence = try #require(stop["fence"] as? [String: Any])
            return try #require(fence["center"] as? [Double])
        }
    }

    @Test("build --crs EPSG:2056 places LV95 stops where cs2cs does, other columns kept")
    func swissGrid() throws {
        let folder = try TemporaryFolder()
        let csv = try folder.write(
            "stops.csv", "name,x,y,radius_m,points\nBern,2600000,1200000,40,3\nZürich,2683000,1248000,,5\n")
        let race = folder.url.appendingPathComponent("race.json").path
        let result = try RaceKitBinary.run(["build", csv, "--crs", "EPSG:2056", "-o", race])
        #expect(result.status == 0, "\(result.stderr)")
        let centres = try centres(race)
        // `cs2cs -d 10 EPSG:2056 EPSG:4326` (PROJ 9.1.1's own tool); swisstopo gives Bern as 46.9511°N 7.4386°E.
        let expected = [[7.4386324209, 46.9510827719], [8.5376902957, 47.3776072162]]
        #expect(centres.count == 2)
        for (centre, reference) in zip(centres, expected) {
            #expect(abs(centre[0] - reference[0]) < 1e-9 && abs(centre[1] - reference[1]) < 1e-9, "\(centre)")
        }
        let text = try String(contentsOfFile: race, encoding: .utf8)
        #expect(
            text.contains("\"radius\": 40") && text.contains("\"points\": 3") && text.contains("\"points\": 5"),
            "\(text)")
    }

    @Test("easting,northing columns in UTM 32N; the same race as from the equivalent lat,lon")
    func utmEastingNorthing() throws {
        let folder = try TemporaryFolder()
        // UTM zone 32N's origin is 9°E on the equator: (500000, 0) is exactly (0, 9).
        let projected = try folder.write("utm.csv", "easting,northing,name\n500000,0,Origin\n")
        let geographic = try folder.write("utm-geo.csv", "lon,lat,name\n9,0,Origin\n")
        let fromProjected = try RaceKitBinary.run(["build", projected, "--crs", "epsg:32632", "--name", "r"])
        let fromGeographic = try RaceKitBinary.run(["build", geographic, "--name", "r"])
        #expect(fromProjected.status == 0, "\(fromProjected.stderr)")
        #expect(fromProjected.stdout == fromGeographic.stdout)
    }

    @Test("build --crs with a code that is not a projected CRS is a usage error naming it")
    func badCodes() throws {
        let folder = try TemporaryFolder()
        let csv = try folder.write("s.csv", "name,x,y\nA,2600000,1200000\n")
        let unknown = try RaceKitBinary.run(["build", csv, "--crs", "EPSG:999999"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.contains("--crs EPSG:999999: EPSG:999999 is not a CRS in PROJ's EPSG registry"),
            "\(unknown.stderr)")
        let geographic = try RaceKitBinary.run(["build", csv, "--crs", "EPSG:4326"])
        #expect(geographic.status == 64)
        #expect(
            geographic.stderr.contains("EPSG:4326 (WGS 84) is a geographic 2D CRS, not a projected CRS"),
            "\(geographic.stderr)")
        let notACode = try RaceKitBinary.run(["build", csv, "--crs", "LV95"])
        #expect(notACode.status == 64)
        #expect(
            notACode.stderr.contains("'LV95' is not an EPSG code; give one such as EPSG:2056"), "\(notACode.stderr)")
        let geojson = try folder.write("s.geojson", #"{"type":"FeatureCollection","features":[]}"#)
        let notCSV = try RaceKitBinary.run(["build", geojson, "--crs", "EPSG:2056"])
        #expect(notCSV.status == 64)
        #expect(notCSV.stderr.contains("GeoJSON (RFC 7946) and GPX positions are always WGS 84"), "\(notCSV.stderr)")
    }

    @Test("columns and --crs must agree; errors name the file, line and column")
    func columnsAndCRS() throws {
        let folder = try TemporaryFolder()
        let latLon = try folder.write("ll.csv", "name,lat,lon\nA,47,8\n")
        let withCRS = try RaceKitBinary.run(["build", latLon, "--crs", "EPSG:2056"])
        #expect(withCRS.status == 2 && withCRS.stdout.isEmpty)
        #expect(
            withCRS.stderr.contains(
                "ll.csv:1:2: error: lat and lon are WGS 84 degrees, but --crs EPSG:2056 is for projected x,y"),
            "\(withCRS.stderr)")
        let projected = try folder.write("xy.csv", "name,x,y\nA,2600000,1200000\n")
        let withoutCRS = try RaceKitBinary.run(["build", projected])
        #expect(withoutCRS.status == 2)
        #expect(
            withoutCRS.stderr.contains(
                "xy.csv:1:2: error: x and y are projected coordinates: name their CRS with --crs"),
            "\(withoutCRS.stderr)")
        let half = try folder.write("half.csv", "name,x,lat\nA,2600000,47\n")
        #expect(
            try RaceKitBinary.run(["build", half, "--crs", "EPSG:2056"]).stderr.contains(
                "half.csv:1:2: error: the header has x but no y column"))
        let unknown = try folder.write("unknown.csv", "name,x,y,colour\nA,2600000,1200000,red\n")
        #expect(
            try RaceKitBinary.run(["build", unknown, "--crs", "EPSG:2056"]).stderr
                .contains("unknown.csv:1:4: error: unknown column \"colour\"; expected name,x,y,id,radius_m"))
    }

    @Test("a position outside the CRS's area of use, or not a number, is an error at its field")
    func badPositions() throws {
        let folder = try TemporaryFolder()
        // 400 km east of Bern lands near Salzburg, outside Switzerland and Liechtenstein.
        let outside = try folder.write("s.csv", "name,x,y\nBern,2600000,1200000\nSalzburg,3000000,1200000\n")
        let race = folder.url.appendingPathComponent("race.json").path
        let result = try RaceKitBinary.run(["build", outside, "--crs", "EPSG:2056", "-o", race])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "s.csv:3:2: error: easting 3000000.0, northing 1200000.0 in EPSG:2056 is at 46.8307°N 12.6852°E, "
                    + "outside the CRS's area of use: Liechtenstein; Switzerland (45.82°N to 47.81°N, 5.96°E to 10.49°E)"
            ), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: race))
        let notANumber = try folder.write("n.csv", "name,x,y\nA,2600000,12e\n")
        #expect(
            try RaceKitBinary.run(["build", notANumber, "--crs", "EPSG:2056"]).stderr.contains(
                "n.csv:2:3: error: y '12e' is not a number"))
        let empty = try folder.write("e.csv", "name,x,y\nA,,1200000\n")
        #expect(
            try RaceKitBinary.run(["build", empty, "--crs", "EPSG:2056"]).stderr.contains(
                "e.csv:2:2: error: x is empty"))
    }
}
