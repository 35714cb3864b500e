import GeoCore
import GeoProjection
import Testing

/// A grid point and its WGS 84 position from an independent source.
struct ControlPoint: Sendable, CustomTestStringConvertible {
    let crs: String
    let easting: Double, northing: Double
    let latitude: Double, longitude: Double
    /// How close our result must be, in degrees (the source's rounding).
    let tolerance: Double
    let source: String

    var testDescription: String { "\(crs) (\(easting), \(northing)): \(source)" }
}

@Suite struct ProjectedCRSTests {
    static let controlPoints: [ControlPoint] = [
        // swisstopo: LV95's origin, the old observatory of Bern, is 2 600 000 / 1 200 000 and
        // 46.9511°N 7.4386°E on WGS 84 (rounded to 4 decimals).
        .init(
            crs: "EPSG:2056", easting: 2_600_000, northing: 1_200_000, latitude: 46.9511, longitude: 7.4386,
            tolerance: 0.00005, source: "swisstopo, Bern"),
        // The same point and another by `cs2cs -d 10 EPSG:2056 EPSG:4326` (Debian's proj-bin 9.1.1,
        // a separate program: checks the axis order and the operation chosen).
        .init(
            crs: "EPSG:2056", easting: 2_600_000, northing: 1_200_000, latitude: 46.9510827719,
            longitude: 7.4386324209, tolerance: 1e-9, source: "cs2cs, Bern"),
        .init(
            crs: "EPSG:2056", easting: 2_683_000, northing: 1_248_000, latitude: 47.3776072162,
            longitude: 8.5376902957, tolerance: 1e-9, source: "cs2cs, Zürich"),
        // UTM by definition: the central meridian (9°E in zone 32, 15°E in 33) is easting 500 000,
        // and the equator northing 0 (false easting 500 000 m, no false northing in the north).
        .init(
            crs: "EPSG:32632", easting: 500_000, northing: 0, latitude: 0, longitude: 9,
            tolerance: 1e-12, source: "UTM 32N origin"),
        .init(
            crs: "EPSG:32633", easting: 500_000, northing: 0, latitude: 0, longitude: 15,
            tolerance: 1e-12, source: "UTM 33N origin"),
        // Zürich in UTM 32N, from `cs2cs -f %.4f EPSG:4326 EPSG:32632` for 47.3769°N 8.5417°E
        // (the table in CoordinateTransformationTests): the inverse lands within 0.1 mm.
        .init(
            crs: "EPSG:32632", easting: 465_403.2845, northing: 5_247_150.8394, latitude: 47.3769,
            longitude: 8.5417, tolerance: 1e-8, source: "cs2cs, Zürich in UTM"),
        // British National Grid (a 7-parameter datum shift, no ballpark), `cs2cs -d 10`.
        .init(
            crs: "EPSG:27700", easting: 530_000, northing: 180_000, latitude: 51.5039908276,
            longitude: -0.1283539405, tolerance: 1e-9, source: "cs2cs, London"),
        // New York Long Island in US survey feet, `cs2cs -d 10`.
        .init(
            crs: "EPSG:2263", easting: 988_000, northing: 200_000, latitude: 40.7156297033,
            longitude: -73.9864726335, tolerance: 1e-9, source: "cs2cs, Manhattan"),
    ]

    @Test(arguments: controlPoints)
    func convertsControlPoint(_ point: ControlPoint) throws {
        let crs = try ProjectedCRS(epsg: point.crs)
        let coordinate = try crs.coordinate(easting: point.easting, northing: point.northing)
        #expect(abs(coordinate.latitude - point.latitude) <= point.tolerance, "latitude \(coordinate.latitude)")
        #expect(abs(coordinate.longitude - point.longitude) <= point.tolerance, "longitude \(coordinate.longitude)")
    }

    @Test func namesTheCRSItsUnitAndArea() throws {
        let lv95 = try ProjectedCRS(epsg: "epsg:2056")
        #expect(lv95.code == "EPSG:2056")
        #expect(lv95.description == "EPSG:2056 (CH1903+ / LV95)")
        #expect(lv95.unitName == "metre")
        // EPSG's area of use for 2056 (projinfo EPSG:2056 -o PROJJSON, "bbox").
        #expect(
            lv95.areaOfUse
                == AreaOfUse(name: "Liechtenstein; Switzerland", west: 5.96, south: 45.82, east: 10.49, north: 47.81))
        #expect(lv95.areaOfUse.description == "Liechtenstein; Switzerland (45.82°N to 47.81°N, 5.96°E to 10.49°E)")
        #expect(try ProjectedCRS(epsg: "EPSG:2263").unitName == "US survey foot")
    }

    /// Seeded random points within each area of use: PROJ's forward transformation (WGS 84 to the
    /// grid) then ``ProjectedCRS/coordinate(easting:northing:)`` returns the point within
    /// `tolerance`, so the conversion adds no approximation of its own.
    ///
    /// 1e-9° (0.1 mm) where the grid's datum is WGS 84 (UTM, Web Mercator) or its shift is 2D
    /// (NAD83 to WGS 84 is a null shift). A 3D datum shift (the CH1903+ and OSGB36 Helmert
    /// transformations) cannot close that tightly in 2D: PROJ's pipeline takes each side's point at
    /// height 0 on its own ellipsoid (`push +v_3 … pop +v_3`), and the two heights differ by ~50 m,
    /// which moves the point by up to ~2 mm (2e-8°). `cs2cs` shows the same: 46.5°N 7°E to LV95 and
    /// back is 46.500000010213°N 7.000000007010°E. That is a thousandth of the shifts' own 1–2 m
    /// accuracy.
    @Test(arguments: [
        ("EPSG:32632", 1e-9), ("EPSG:32633", 1e-9), ("EPSG:3857", 1e-9), ("EPSG:2263", 1e-9),
        ("EPSG:2056", 3e-8), ("EPSG:27700", 3e-8),
    ])
    func roundTripsRandomPointsWithinTheArea(code: String, tolerance: Double) throws {
        let crs = try ProjectedCRS(epsg: code)
        let area = crs.areaOfUse
        let forward = crs.toWGS84.inverted
        var random = SplitMix64(seed: 2056)
        var worst = 0.0
        var checked = 0
        for _ in 0..<2_000 {
            let latitude = random.uniform(area.south...area.north)
            let longitude = random.uniform(area.west...area.east)
            let (easting, northing) = try forward.transform(x: longitude, y: latitude)
            // The point converts back into the area of use (it came from there).
            let back = try crs.coordinate(easting: easting, northing: northing)
            worst = max(worst, abs(back.latitude - latitude), abs(back.longitude - longitude))
            checked += 1
        }
        #expect(checked == 2_000)
        #expect(worst <= tolerance, "worst round-trip error \(worst)° in \(code)")
    }

    @Test func refusesWhatIsNotAnEPSGCode() {
        for text in [
            "2056", "EPSG:", "EPSG:20x6", "ESRI:102100", "+proj=utm +zone=32", "EPSG:2056 ", "EPSG:1234567890",
        ] {
            #expect(throws: ProjectedCRSError.notAnEPSGCode(text)) { try ProjectedCRS(epsg: text) }
        }
        let error = #expect(throws: ProjectedCRSError.self) { try ProjectedCRS(epsg: "LV95") }
        #expect(error?.description == "'LV95' is not an EPSG code; give one such as EPSG:2056 (the Swiss LV95 grid)")
    }

    @Test func refusesAnUnknownCode() {
        let error = #expect(throws: ProjectedCRSError.self) { try ProjectedCRS(epsg: "EPSG:999999") }
        #expect(error?.description == "EPSG:999999 is not a CRS in PROJ's EPSG registry (proj_create: crs not found)")
    }

    @Test func refusesAGeographicCRSAndOtherObjects() {
        let geographic = #expect(throws: ProjectedCRSError.self) { try ProjectedCRS(epsg: "EPSG:4326") }
        #expect(geographic == .notProjected(code: "EPSG:4326", name: "WGS 84", kind: "geographic 2D CRS"))
        #expect(
            geographic?.description == "EPSG:4326 (WGS 84) is a geographic 2D CRS, not a projected CRS: "
                + "its coordinates are latitude and longitude, not easting and northing")
        // proj_create looks codes up as CRSs: a transformation's code (CH1903+ to WGS 84 (1)) is not one.
        let operation = #expect(throws: ProjectedCRSError.self) { try ProjectedCRS(epsg: "EPSG:1676") }
        #expect(operation?.description == "EPSG:1676 is not a CRS in PROJ's EPSG registry (proj_create: crs not found)")
        let vertical = #expect(throws: ProjectedCRSError.self) { try ProjectedCRS(epsg: "EPSG:5728") }
        #expect(
            vertical?.description
                == "EPSG:5728 (LN02 height) is a vertical CRS, not a projected CRS: it has no easting and northing")
        let geocentric = #expect(throws: ProjectedCRSError.self) { try ProjectedCRS(epsg: "EPSG:4978") }
        #expect(geocentric == .notProjected(code: "EPSG:4978", name: "WGS 84", kind: "geocentric CRS"))
    }

    @Test func refusesAPointOutsideTheAreaOfUse() throws {
        let lv95 = try ProjectedCRS(epsg: "EPSG:2056")
        // 400 km east of Bern: near Salzburg (cs2cs: 46.8307305689°N 12.6852476996°E), beyond Switzerland.
        let error = #expect(throws: ProjectedCRSError.self) {
            try lv95.coordinate(easting: 3_000_000, northing: 1_200_000)
        }
        #expect(
            error?.description == "easting 3000000.0, northing 1200000.0 in EPSG:2056 is at 46.8307°N 12.6852°E, "
                + "outside the CRS's area of use: Liechtenstein; Switzerland (45.82°N to 47.81°N, 5.96°E to 10.49°E)")
        #expect(throws: ProjectedCRSError.self) { try lv95.coordinate(easting: .nan, northing: 1_200_000) }
    }

    @Test func areaAcrossTheAntimeridian() {
        let area = AreaOfUse(name: "Fiji", west: 176, south: -20, east: -178, north: -12)
        #expect(area.contains(latitude: -17, longitude: 179))
        #expect(area.contains(latitude: -17, longitude: -179))
        #expect(!area.contains(latitude: -17, longitude: 0))
        #expect(!area.contains(latitude: -25, longitude: 179))
    }
}
