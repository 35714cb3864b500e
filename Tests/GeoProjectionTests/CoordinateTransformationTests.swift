import GeoCore
import GeoProjection
import Testing

/// One point, in the axis order of our API (x = longitude, y = latitude), and what
/// `cs2cs -f %.4f EPSG:4326 <target>` (PROJ 9.1.1) printed for it (input given as "lat lon").
struct ReferencePoint: Sendable, CustomTestStringConvertible {
    let target: String
    let lon: Double, lat: Double
    let x: Double, y: Double

    var testDescription: String { "(\(lat), \(lon)) → \(target)" }
}

@Suite struct CoordinateTransformationTests {
    static let references: [ReferencePoint] = [
        // UTM zone 32N: Zürich, Bern, Berlin (outside the zone), Milan, Bergen, the central meridian.
        .init(target: "EPSG:32632", lon: 8.5417, lat: 47.3769, x: 465403.2845, y: 5247150.8394),
        .init(target: "EPSG:32632", lon: 7.4474, lat: 46.9480, x: 381849.1819, y: 5200555.4817),
        .init(target: "EPSG:32632", lon: 13.4050, lat: 52.5200, x: 798812.8026, y: 5827999.9001),
        .init(target: "EPSG:32632", lon: 9.1900, lat: 45.4642, x: 514853.4959, y: 5034536.7962),
        .init(target: "EPSG:32632", lon: 5.3221, lat: 60.3913, x: 297353.9327, y: 6700648.3452),
        .init(target: "EPSG:32632", lon: 9, lat: 0, x: 500000.0000, y: 0.0000),
        // Web Mercator.
        .init(target: "EPSG:3857", lon: 0, lat: 0, x: 0.0000, y: 0.0000),
        .init(target: "EPSG:3857", lon: -0.1278, lat: 51.5074, x: -14226.6309, y: 6711542.4756),
        .init(target: "EPSG:3857", lon: 151.2093, lat: -33.8688, x: 16832542.2792, y: -4011198.6473),
        .init(target: "EPSG:3857", lon: 179.9, lat: 85, x: 20026376.3937, y: 19971868.8804),
        .init(target: "EPSG:3857", lon: -120, lat: -70, x: -13358338.8952, y: -11068715.6594),
        // Swiss LV95 (a datum shift, CH1903+ to WGS 84, then the Swiss oblique Mercator).
        .init(target: "EPSG:2056", lon: 7.4474, lat: 46.9480, x: 2600667.4753, y: 1199657.3164),
        .init(target: "EPSG:2056", lon: 8.5417, lat: 47.3769, x: 2683303.8937, y: 1247925.6279),
        .init(target: "EPSG:2056", lon: 6.1432, lat: 46.2044, x: 2500016.0161, y: 1117821.0697),
        .init(target: "EPSG:2056", lon: 8.9511, lat: 46.0037, x: 2717161.1920, y: 1095811.5484),
        // UTM zone 33S: Luanda, Windhoek, Cape Town (zone 34), just south of the equator.
        .init(target: "EPSG:32733", lon: 13.2894, lat: -8.8390, x: 311871.9292, y: 9022515.8357),
        .init(target: "EPSG:32733", lon: 17.0658, lat: -22.5609, x: 712417.6133, y: 7503617.5112),
        .init(target: "EPSG:32733", lon: 18.4241, lat: -33.9249, x: 816557.7956, y: 6240887.9956),
        .init(target: "EPSG:32733", lon: 15, lat: -0.0001, x: 500000.0000, y: 9999988.9470),
    ]

    @Test("matches cs2cs to 1 mm", arguments: references)
    func matchesCs2cs(_ point: ReferencePoint) throws {
        let transformation = try CoordinateTransformation(from: "EPSG:4326", to: point.target)
        let (x, y) = try transformation.transform(x: point.lon, y: point.lat)
        #expect(abs(x - point.x) <= 0.001, "x \(x) vs cs2cs \(point.x)")
        #expect(abs(y - point.y) <= 0.001, "y \(y) vs cs2cs \(point.y)")
    }

    /// Projections alone round-trip to 1e-9° (0.1 mm). LV95 adds a datum shift through geocentric
    /// coordinates, which PROJ inverts to about 1e-8° (1 mm); it is held to 2e-8°.
    @Test(
        "forward then inverse returns the input",
        arguments: [
            ("EPSG:32632", 6.0..<12.0, -80.0..<84.0, 1e-9), ("EPSG:3857", -180.0..<180.0, -85.0..<85.0, 1e-9),
            ("EPSG:32733", 12.0..<18.0, -80.0..<0.0, 1e-9), ("EPSG:2056", 5.9..<10.5, 45.8..<47.8, 2e-8),
        ])
    func roundTrip(target: String, longitudes: Range<Double>, latitudes: Range<Double>, tolerance: Double) throws {
        let forward = try CoordinateTransformation(from: "EPSG:4326", to: target)
        let inverse = forward.inverted
        var generator = SplitMix64(seed: 42)
        var worst = 0.0
        for _ in 0..<5_000 {
            let lon = Double.random(in: longitudes, using: &generator)
            let lat = Double.random(in: latitudes, using: &generator)
            let (x, y) = try forward.transform(x: lon, y: lat)
            let (lonBack, latBack) = try inverse.transform(x: x, y: y)
            worst = max(worst, abs(lonBack - lon), abs(latBack - lat))
        }
        #expect(worst <= tolerance, "worst round-trip error \(worst)° to \(target)")
    }

    @Test func inverseDirectionIsNamedAndSharesTheOperation() throws {
        let forward = try CoordinateTransformation(from: "EPSG:4326", to: "EPSG:32632")
        #expect(forward.description == "EPSG:4326 → EPSG:32632")
        #expect(forward.inverted.description == "EPSG:32632 → EPSG:4326")
        #expect(!forward.inverted.inverted.isInverted)
        let (lon, lat) = try forward.inverted.transform(x: 465403.2845, y: 5247150.8394)
        #expect(abs(lon - 8.5417) < 1e-7 && abs(lat - 47.3769) < 1e-7)
    }

    @Test func unknownCRSThrowsWithPROJsMessage() {
        #expect {
            _ = try CoordinateTransformation(from: "EPSG:4326", to: "EPSG:999999")
        } throws: { error in
            guard let error = error as? ProjectionError else { return false }
            return error.operation == "creating EPSG:4326 → EPSG:999999"
                && error.message == "proj_create: crs not found"
                && error.description.hasPrefix(
                    "creating EPSG:4326 → EPSG:999999: error: proj_create: crs not found (PROJ error ")
        }
    }

    @Test func invalidPROJStringThrowsWithPROJsErrnoText() {
        let error = #expect(throws: ProjectionError.self) {
            try CoordinateTransformation(from: "EPSG:4326", to: "+proj=nosuchprojection +type=crs")
        }
        #expect(error?.code == 1027)  // PROJ_ERR_INVALID_OP_ILLEGAL_ARG_VALUE
        #expect(error?.errnoText == "Invalid value for an argument")
        #expect(error?.message?.hasSuffix("Unknown projection") == true, "\(String(describing: error))")
    }

    @Test func pointPROJCannotTransformThrows() throws {
        let utm = try CoordinateTransformation(from: "EPSG:4326", to: "EPSG:32632")
        let error = #expect(throws: ProjectionError.self) { try utm.transform(x: 9, y: 95) }
        #expect(error?.operation == "transforming (9.0, 95.0) with EPSG:4326 → EPSG:32632")
        #expect(error?.errnoText == "Invalid coordinate")
        #expect(error?.message == "utm: Invalid latitude")
        // The transformation is still usable afterwards.
        #expect(try utm.transform(x: 9, y: 0) == (500000, 0))
    }

    @Test func batchCountsThePointsThatFailed() throws {
        let utm = try CoordinateTransformation(from: "EPSG:4326", to: "EPSG:32632")
        var x = [9, 9, 8.5417, .nan]
        var y = [45, 95, 47.3769, 45]
        let failed = utm.transform(x: &x, y: &y)
        #expect(failed == 2)
        #expect(x[1] == .infinity && y[1] == .infinity)
        #expect(x[0].isFinite && x[2].isFinite && y[0].isFinite && y[2].isFinite)
        #expect(!x[3].isFinite && !y[3].isFinite)  // a NaN input fails too
    }

    @Test func batchEqualsPerPointTransformBitForBit() throws {
        let utm = try CoordinateTransformation(from: "EPSG:4326", to: "EPSG:32632")
        var generator = SplitMix64(seed: 7)
        let lons = (0..<10_000).map { _ in Double.random(in: 6..<12, using: &generator) }
        let lats = (0..<10_000).map { _ in Double.random(in: 30..<70, using: &generator) }
        var xs = lons, ys = lats
        var interleaved = zip(lons, lats).flatMap { [$0, $1] }
        #expect(utm.transform(x: &xs, y: &ys) == 0)
        #expect(utm.transform(interleaved: &interleaved) == 0)
        for i in lons.indices {
            let (x, y) = try utm.transform(x: lons[i], y: lats[i])
            #expect(xs[i].bitPattern == x.bitPattern && ys[i].bitPattern == y.bitPattern, "point \(i), columns")
            #expect(
                interleaved[2 * i].bitPattern == x.bitPattern && interleaved[2 * i + 1].bitPattern == y.bitPattern,
                "point \(i), interleaved")
        }
    }

    @Test func emptyBatchesDoNothing() throws {
        let utm = try CoordinateTransformation(from: "EPSG:4326", to: "EPSG:32632")
        var empty: [Double] = [], alsoEmpty: [Double] = []
        #expect(utm.transform(x: &empty, y: &alsoEmpty) == 0)
        #expect(utm.transform(interleaved: &empty) == 0)
    }

    @Test func oneTransformationSharedBetweenTasksGivesTheSequentialResults() async throws {
        let utm = try CoordinateTransformation(from: "EPSG:4326", to: "EPSG:32632")
        let inputs: [(Double, Double)] = (0..<2_000).map { i in
            let lon: Double = 6 + Double(i % 60) / 10, lat: Double = 30 + Double(i) / 50
            return (lon, lat)
        }
        let expected = try inputs.map { try utm.transform(x: $0.0, y: $0.1) }
        let results = try await withThrowingTaskGroup(of: [(x: Double, y: Double)].self) { group in
            for _ in 0..<4 {
                group.addTask { try inputs.map { try utm.transform(x: $0.0, y: $0.1) } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4)
        for result in results {
            #expect(result.elementsEqual(expected) { $0 == $1 })
        }
    }
}
