import GeoCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct HaversineTests {
    // Reference values: the peers' formula evaluated by CPython's math module (same libm).
    @Test(
        "distances match the reference formula",
        arguments: [
            (47.3769, 8.5417, 46.2044, 6.1432, 224351.34269859074),
            (0.0, 179.9, 0.0, -179.9, 22239.016046706758),
            (89.9, 0.0, 89.9, 180.0, 22239.01604670598),
            (51.5074, -0.1278, 40.7128, -74.0060, 5570229.873656523),
        ])
    func reference(lat1: Double, lon1: Double, lat2: Double, lon2: Double, expected: Double) {
        #expect(Haversine.distanceMeters(lat1, lon1, lat2, lon2) == expected)
        #expect(Haversine.distanceMeters(lat2, lon2, lat1, lon1) == expected)
    }

    @Test("antipodes are half a circumference apart; a point is 0 from itself")
    func extremes() {
        #expect(abs(Haversine.distanceMeters(0, 0, 0, 180) - .pi * Earth.meanRadiusMeters) < 1e-6)
        #expect(abs(Haversine.distanceMeters(90, 0, -90, 0) - .pi * Earth.meanRadiusMeters) < 1e-6)
        #expect(Haversine.distanceMeters(12.5, -3, 12.5, -3) == 0)
    }
}

struct BearingAndDestinationTests {
    @Test("cardinal bearings")
    func cardinal() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        #expect(origin.initialBearingDegrees(to: try Coordinate(latitude: 1, longitude: 0)) == 0)
        #expect(abs(origin.initialBearingDegrees(to: try Coordinate(latitude: 0, longitude: 1)) - 90) < 1e-12)
        #expect(abs(origin.initialBearingDegrees(to: try Coordinate(latitude: -1, longitude: 0)) - 180) < 1e-12)
        #expect(abs(origin.initialBearingDegrees(to: try Coordinate(latitude: 0, longitude: -1)) - 270) < 1e-12)
        // Due east across the antimeridian.
        let east = try Coordinate(latitude: 0, longitude: 179.5).initialBearingDegrees(
            to: try Coordinate(latitude: 0, longitude: -179.5))
        #expect(abs(east - 90) < 1e-9)
    }

    @Test("destination then distance back gives the distance, across poles and the antimeridian")
    func roundTrip() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<5_000 {
            let start = Coordinate(uncheckedLatitude: random.uniform(-90...90), longitude: random.uniform(-180...180))
            let distance = exp(random.uniform(0...log(15_000_000)))
            let bearing = random.uniform(0...360)
            let end = start.destination(bearingDegrees: bearing, distanceMeters: distance)
            #expect(abs(start.distanceMeters(to: end) - distance) < 1e-6 * max(1, distance / 1000))
            #expect(end.longitude >= -180 && end.longitude < 180)
        }
    }

    @Test("walking north over the pole comes down the other side")
    func overThePole() throws {
        let start = try Coordinate(latitude: 89.99, longitude: 10)
        let end = start.destination(bearingDegrees: 0, distanceMeters: 2 * 0.01 * Earth.metersPerDegree)
        #expect(abs(end.latitude - 89.99) < 1e-9)
        #expect(abs(end.longitude - (-170)) < 1e-9)
    }
}

struct BoundingBoxTests {
    @Test(
        "every point of a circle lies in its box",
        arguments: [
            (47.0, 8.0, 300.0), (0.0, 179.9999, 50.0), (0.0, -180.0, 50.0), (0.0, 180.0, 500.0),
            (89.9999, 0.0, 100.0), (-89.9995, 120.0, 10.0), (-90.0, 0.0, 1000.0), (60.0, -179.0, 300_000.0),
            (10.0, 10.0, 25_000_000.0), (-45.0, 100.0, 5_000_000.0),
        ])
    func containsCircle(lat: Double, lon: Double, radius: Double) throws {
        let centre = try Coordinate(latitude: lat, longitude: lon)
        let box = GeoBoundingBox.around(centre, radiusMeters: radius)
        var random = SplitMix64(seed: UInt64(radius))
        for _ in 0..<2_000 {
            let p = centre.destination(
                bearingDegrees: random.uniform(0...360), distanceMeters: radius * random.nextUnit().squareRoot())
            #expect(box.contains(latitude: p.latitude, longitude: p.longitude), "\(p) outside \(box)")
        }
    }

    @Test("shapes: antimeridian boxes wrap, polar boxes span every longitude, small ones are tight")
    func shapes() throws {
        let wrap = GeoBoundingBox.around(try Coordinate(latitude: 0, longitude: 179.9999), radiusMeters: 100)
        #expect(wrap.crossesAntimeridian && wrap.longitudeRanges.count == 2)
        let polar = GeoBoundingBox.around(try Coordinate(latitude: 89.9995, longitude: 0), radiusMeters: 100)
        #expect(polar.spansAllLongitudes && polar.north == 90)
        let small = GeoBoundingBox.around(try Coordinate(latitude: 0, longitude: 0), radiusMeters: 1000)
        #expect(abs(small.north - 1000 / Earth.metersPerDegree) < 1e-9 && !small.crossesAntimeridian)
    }
}

struct CoordinateTests {
    @Test("invalid values throw errors that name the value and its source")
    func validation() {
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: 91.2, longitude: 0) }
        do {
            _ = try Coordinate(latitude: 91.2, longitude: 0, source: "track.gpx:812:17")
            Issue.record("no error")
        } catch {
            #expect(error.description == "track.gpx:812:17: latitude 91.2 is out of range (-90…90)")
        }
        do {
            _ = try Coordinate(latitude: 0, longitude: .nan, source: "/stops/3")
            Issue.record("no error")
        } catch {
            #expect(error.description == "/stops/3: longitude nan is not a finite number")
        }
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: 0, longitude: -180.0001) }
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: .infinity, longitude: 0) }
    }

    @Test("boundary values are valid and kept as given")
    func limits() throws {
        #expect(try Coordinate(latitude: 90, longitude: 180).longitude == 180)
        #expect(try Coordinate(latitude: -90, longitude: -180).latitude == -90)
        #expect(Coordinate.normalizedLongitude(540) == -180)
        #expect(Coordinate.normalizedLongitude(-190) == 170)
    }
}

struct SplitMix64Tests {
    @Test("the published SplitMix64 stream for seed 0")
    func knownValues() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }
}

struct PoleDestinationTests {
    @Test(
        "from a pole, the bearing picks the meridian as if arriving along the start's meridian",
        arguments: [(0.0, -170.0), (90.0, 100.0), (180.0, 10.0), (270.0, -80.0)])
    func northPole(bearing: Double, expectedLongitude: Double) throws {
        let end = try Coordinate(latitude: 90, longitude: 10).destination(
            bearingDegrees: bearing, distanceMeters: 100_000)
        #expect(abs(end.latitude - (90 - 100_000 / Earth.metersPerDegree)) < 1e-9)
        #expect(abs(end.longitude - expectedLongitude) < 1e-9)
    }

    @Test("from the south pole, bearing θ climbs meridian λ + θ")
    func southPole() throws {
        let end = try Coordinate(latitude: -90, longitude: 10).destination(bearingDegrees: 90, distanceMeters: 1_000)
        #expect(abs(end.longitude - 100) < 1e-9)
        #expect(abs(Haversine.distanceMeters(-90, 10, end.latitude, end.longitude) - 1_000) < 1e-6)
    }
}
