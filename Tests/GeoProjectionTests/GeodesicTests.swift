import GeoCore
import GeoProjection
import Testing

/// An inverse problem and its answer from `geod +ellps=WGS84 -I -f %.9f` (PROJ 9.1.1), which prints
/// the distance to 1 mm and, as second azimuth, the *back* azimuth (from the end to the start).
struct GeodesicReference: Sendable, CustomTestStringConvertible {
    let name: String
    let lat1: Double, lon1: Double, lat2: Double, lon2: Double
    let initialAzimuth: Double, backAzimuth: Double, distance: Double
    /// Whether the azimuths are determined (not for coincident points or a pole).
    var checksAzimuths = true

    var testDescription: String { name }
}

/// The difference of two angles in degrees, in [0, 180].
func angularDifference(_ a: Double, _ b: Double) -> Double {
    let d = abs((a - b).truncatingRemainder(dividingBy: 360))
    return min(d, 360 - d)
}

@Suite struct GeodesicTests {
    static let references: [GeodesicReference] = [
        .init(
            name: "JFK to LHR", lat1: 40.64, lon1: -73.78, lat2: 51.47, lon2: -0.45,
            initialAzimuth: 51.379232821, backAzimuth: -72.014651859, distance: 5555408.658),
        .init(
            name: "Zürich to Bern", lat1: 47.3769, lon1: 8.5417, lat2: 46.9480, lon2: 7.4474,
            initialAzimuth: -119.482143832, backAzimuth: 59.715406083, distance: 95698.992),
        .init(
            name: "Bern to Geneva", lat1: 46.9480, lon1: 7.4474, lat2: 46.2044, lon2: 6.1432,
            initialAzimuth: -129.109626939, backAzimuth: 49.943107314, distance: 129717.706),
        .init(
            name: "Zürich 7.6 m east", lat1: 47.3769, lon1: 8.5417, lat2: 47.3769, lon2: 8.5418,
            initialAzimuth: 89.999963, backAzimuth: -89.999963, distance: 7.552),
        .init(
            name: "near-antipodal, equator", lat1: 0, lon1: 0, lat2: 0.5, lon2: 179.5,
            initialAzimuth: 25.671873, backAzimuth: -25.672915, distance: 19936288.579),
        .init(
            name: "near-antipodal, oblique", lat1: -30, lon1: 0, lat2: 29.9, lon2: 179.8,
            initialAzimuth: 161.890525, backAzimuth: -161.909263, distance: 19989832.828),
        .init(
            name: "antipodal on the equator (over a pole)", lat1: 0, lon1: 0, lat2: 0, lon2: 180,
            initialAzimuth: 0, backAzimuth: 0, distance: 20003931.459),
        .init(
            name: "near the poles", lat1: 89.9, lon1: 0, lat2: -89.9, lon2: 180,
            initialAzimuth: 0, backAzimuth: 0, distance: 20003931.459),
        .init(
            name: "pole to pole", lat1: 90, lon1: 0, lat2: -90, lon2: 0,
            initialAzimuth: 180, backAzimuth: 0, distance: 20003931.459, checksAzimuths: false),
        .init(
            name: "coincident points", lat1: 10, lon1: 20, lat2: 10, lon2: 20,
            initialAzimuth: 180, backAzimuth: 0, distance: 0, checksAzimuths: false),
    ]

    @Test("inverse matches geod", arguments: references)
    func inverse(_ reference: GeodesicReference) throws {
        let start = try Coordinate(latitude: reference.lat1, longitude: reference.lon1)
        let end = try Coordinate(latitude: reference.lat2, longitude: reference.lon2)
        let result = Geodesic.wgs84.inverse(from: start, to: end)
        #expect(abs(result.distanceMeters - reference.distance) <= 0.001, "\(result.distanceMeters)")
        #expect(Geodesic.wgs84.distanceMeters(from: start, to: end) == result.distanceMeters)
        if reference.checksAzimuths {
            #expect(angularDifference(result.initialAzimuth, reference.initialAzimuth) <= 1e-6)
            #expect(angularDifference(result.finalAzimuth, reference.backAzimuth + 180) <= 1e-6)
        }
    }

    @Test func directMatchesGeod() throws {
        // `geod +ellps=WGS84 -f %.9f`: "40.64 -73.78 51.6 5554539.0" → 51.311707027 -0.545439711 -71.946912618
        let jfk = try Coordinate(latitude: 40.64, longitude: -73.78)
        let (end, finalAzimuth) = Geodesic.wgs84.direct(from: jfk, azimuth: 51.6, distanceMeters: 5554539.0)
        #expect(abs(end.latitude - 51.311707027) <= 1e-9 && abs(end.longitude - -0.545439711) <= 1e-9)
        #expect(angularDifference(finalAzimuth, -71.946912618 + 180) <= 1e-9)
        // "0 0 90 20003931.458625" → 0 179.698373718 -90: along the equator, past the half meridian.
        let equator = Geodesic.wgs84.direct(
            from: Coordinate(uncheckedLatitude: 0, longitude: 0),
            azimuth: 90, distanceMeters: 20003931.458625)
        #expect(abs(equator.coordinate.latitude) <= 1e-9 && abs(equator.coordinate.longitude - 179.698373718) <= 1e-9)
        #expect(angularDifference(equator.finalAzimuth, 90) <= 1e-9)
    }

    @Test("direct undoes inverse", arguments: [11, 12, 13] as [UInt64])
    func directUndoesInverse(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<1_000 {
            let start = Coordinate(
                uncheckedLatitude: .random(in: -90...90, using: &generator),
                longitude: .random(in: -180..<180, using: &generator))
            let end = Coordinate(
                uncheckedLatitude: .random(in: -90...90, using: &generator),
                longitude: .random(in: -180..<180, using: &generator))
            let line = Geodesic.wgs84.inverse(from: start, to: end)
            let reached = Geodesic.wgs84.direct(
                from: start, azimuth: line.initialAzimuth, distanceMeters: line.distanceMeters)
            // Back to metres: the distance between the target and where the direct problem lands.
            let miss = Geodesic.wgs84.distanceMeters(from: end, to: reached.coordinate)
            #expect(miss < 1e-6, "\(start) → \(end): missed by \(miss) m")
        }
    }

    @Test func polylineLengthIsTheSumOfItsLegs() throws {
        let zurich = try Coordinate(latitude: 47.3769, longitude: 8.5417)
        let bern = try Coordinate(latitude: 46.9480, longitude: 7.4474)
        let geneva = try Coordinate(latitude: 46.2044, longitude: 6.1432)
        #expect(abs(Geodesic.wgs84.lengthMeters(of: [zurich, bern, geneva]) - (95698.992 + 129717.706)) <= 0.002)
        #expect(abs(Geodesic.wgs84.lengthMeters(of: [zurich, bern, zurich]) - 2 * 95698.992) <= 0.002)
        #expect(Geodesic.wgs84.lengthMeters(of: [zurich]) == 0)
        #expect(Geodesic.wgs84.lengthMeters(of: [Coordinate]()) == 0)
    }

    @Test func sphereMatchesHaversine() throws {
        // With flattening 0 the geodesic is a great circle: haversine on the same radius.
        let sphere = Geodesic(equatorialRadius: Earth.meanRadiusMeters, flattening: 0)
        let a = try Coordinate(latitude: 47.3769, longitude: 8.5417),
            b = try Coordinate(latitude: -33.9249, longitude: 18.4241)
        let haversine = Haversine.distanceMeters(a, b)
        #expect(abs(sphere.distanceMeters(from: a, to: b) - haversine) <= 1e-6 * haversine)
    }
}
