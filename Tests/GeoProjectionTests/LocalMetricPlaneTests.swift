import GeoCore
import GeoProjection
import Testing

@Suite struct LocalMetricPlaneTests {
    static let zurich = Coordinate(uncheckedLatitude: 47.3769, longitude: 8.5417)

    @Test(
        "UTM zone, with the Norway and Svalbard exceptions",
        arguments: [
            (47.3769, 8.5417, 32), (60.3913, 5.3221, 32), (60.3913, 2.9, 31), (78.2232, 15.6267, 33),
            (74.0, 8.99, 31), (74.0, 9.0, 33), (80.0, 41.9, 37), (-33.9249, 18.4241, 34), (0, -180, 1),
            (0, 179.999, 60), (0, 180, 60),
        ])
    func utmZone(latitude: Double, longitude: Double, zone: Int) throws {
        let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        #expect(LocalMetricPlane.utmZone(of: coordinate) == zone)
    }

    @Test func utmPlaneNamesItsEPSGCode() throws {
        let north = try LocalMetricPlane.utm(around: Self.zurich)
        #expect(north.kind == .utm(zone: 32, isNorth: true) && north.crs == "EPSG:32632")
        #expect(north.description == "UTM zone 32N (EPSG:32632)")
        let south = try LocalMetricPlane.utm(around: Coordinate(uncheckedLatitude: -33.9249, longitude: 18.4241))
        #expect(south.kind == .utm(zone: 34, isNorth: false) && south.crs == "EPSG:32734")
    }

    @Test func utmPlaneMatchesCs2cs() throws {
        let point = try LocalMetricPlane.utm(around: Self.zurich).project(Self.zurich)
        #expect(abs(point.x - 465403.2845) <= 0.001 && abs(point.y - 5247150.8394) <= 0.001)
    }

    @Test func transverseMercatorMatchesPROJ() throws {
        // `cs2cs +proj=longlat +datum=WGS84 +to +proj=tmerc +lat_0=47 +lon_0=8.5 … -f %.4f`: 3149.1634 41902.5185
        let plane = try LocalMetricPlane.transverseMercator(centre: Coordinate(uncheckedLatitude: 47, longitude: 8.5))
        let point = try plane.project(Self.zurich)
        #expect(abs(point.x - 3149.1634) <= 0.001 && abs(point.y - 41902.5185) <= 0.001)
        #expect(try plane.project(plane.centre) == PlanarPoint(x: 0, y: 0))
    }

    @Test(
        "a point 1 km east of the centre is at about (1000, 0)",
        arguments: [
            (47.3769, 8.5417), (-33.9249, 18.4241), (0, 0), (69.6492, 18.9553), (-54.8019, -68.3030), (0, 179.9995),
        ])
    func oneKilometreEast(latitude: Double, longitude: Double) throws {
        let centre = try Coordinate(latitude: latitude, longitude: longitude)
        let east = Geodesic.wgs84.direct(from: centre, azimuth: 90, distanceMeters: 1000).coordinate
        let point = try LocalMetricPlane.transverseMercator(centre: centre).project(east)
        #expect(abs(point.x - 1000) < 1 && abs(point.y) < 1, "\(point)")
    }

    @Test("unproject(project(c)) == c to 1e-9°", arguments: [0, 1, 2])
    func roundTrip(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let centre = Coordinate(
            uncheckedLatitude: .random(in: -70...70, using: &generator),
            longitude: .random(in: -180..<180, using: &generator))
        let coordinates = (0..<2_000).compactMap { _ in
            try? Coordinate(
                latitude: centre.latitude + .random(in: -0.2...0.2, using: &generator),
                longitude: centre.longitude + .random(in: -0.3...0.3, using: &generator))
        }
        for plane in [
            try LocalMetricPlane.utm(around: centre), try LocalMetricPlane.transverseMercator(centre: centre),
        ] {
            let back = try plane.unproject(plane.project(coordinates))
            let worst = zip(coordinates, back).map {
                max(abs($0.latitude - $1.latitude), abs($0.longitude - $1.longitude))
            }.max()
            #expect(try #require(worst) <= 1e-9, "\(plane)")
        }
    }

    @Test func batchFormsEqualSinglePointForms() throws {
        let plane = try LocalMetricPlane.transverseMercator(centre: Self.zurich)
        var generator = SplitMix64(seed: 3)
        let coordinates = (0..<500).map { _ in
            Coordinate(
                uncheckedLatitude: .random(in: 47...48, using: &generator),
                longitude: .random(in: 8...9, using: &generator))
        }
        let points = try plane.project(coordinates)
        #expect(try points == coordinates.map { try plane.project($0) })
        #expect(try plane.unproject(points) == points.map { try plane.unproject($0) })
    }

    @Test func batchProjectionReportsFailures() throws {
        // 90° from the central meridian on the equator is the transverse Mercator's singular point.
        let plane = try LocalMetricPlane.transverseMercator(centre: Coordinate(uncheckedLatitude: 0, longitude: 0))
        let coordinates = [Self.zurich, Coordinate(uncheckedLatitude: 0, longitude: 90), Self.zurich]
        let error = #expect(throws: ProjectionError.self) { try plane.project(coordinates) }
        #expect(error?.operation.hasSuffix(": 1 failed") == true, "\(String(describing: error))")
        #expect(throws: ProjectionError.self) { try plane.project(coordinates[1]) }
    }
}
