import GeoCore
import Testing

struct GnomonicPlaneTests {
    @Test("project then unproject returns the point")
    func roundTrip() {
        var random = SplitMix64(seed: 8)
        for _ in 0..<2_000 {
            let centre = Coordinate(uncheckedLatitude: random.uniform(-90...90), longitude: random.uniform(-180...180))
            let plane = GnomonicPlane(centre: centre)
            let p = centre.destination(
                bearingDegrees: random.uniform(0...360), distanceMeters: random.uniform(0...2_000_000))
            guard let xy = plane.project(latitude: p.latitude, longitude: p.longitude) else {
                Issue.record("no image for a point 2000 km away")
                continue
            }
            #expect(plane.unproject(x: xy.x, y: xy.y).distanceMeters(to: p) < 1e-6)
        }
    }

    @Test("a great circle projects to a straight line, and a circle around the centre to a circle")
    func straightLines() throws {
        let plane = GnomonicPlane(centre: try Coordinate(latitude: 60, longitude: 179.99))
        let a = try Coordinate(latitude: 60.01, longitude: 179.95),
            b = try Coordinate(latitude: 59.99, longitude: -179.96)
        let pa = plane.project(latitude: a.latitude, longitude: a.longitude)!
        let pb = plane.project(latitude: b.latitude, longitude: b.longitude)!
        let bearing = a.initialBearingDegrees(to: b)
        for step in 1..<10 {
            let m = a.destination(bearingDegrees: bearing, distanceMeters: a.distanceMeters(to: b) * Double(step) / 10)
            let pm = plane.project(latitude: m.latitude, longitude: m.longitude)!
            let cross = (pb.x - pa.x) * (pm.y - pa.y) - (pb.y - pa.y) * (pm.x - pa.x)
            let length = ((pb.x - pa.x) * (pb.x - pa.x) + (pb.y - pa.y) * (pb.y - pa.y)).squareRoot()
            #expect(abs(cross / length) < 1e-6, "off the line by \(cross / length) m")
        }
        let r = GnomonicPlane.planeRadius(forSphereRadius: 5_000)
        for bearing in stride(from: 0.0, to: 360, by: 30) {
            let p = plane.centre.destination(bearingDegrees: bearing, distanceMeters: 5_000)
            let xy = plane.project(latitude: p.latitude, longitude: p.longitude)!
            #expect(abs((xy.x * xy.x + xy.y * xy.y).squareRoot() - r) < 1e-6)
        }
    }
}

struct PlanarPolygonTests {
    let square = PlanarPolygon(rings: [
        [PlanarPoint(x: 0, y: 0), PlanarPoint(x: 10, y: 0), PlanarPoint(x: 10, y: 10), PlanarPoint(x: 0, y: 10)],
        [PlanarPoint(x: 4, y: 4), PlanarPoint(x: 4, y: 6), PlanarPoint(x: 6, y: 6), PlanarPoint(x: 6, y: 4)],
    ])

    @Test("inside, in the hole, outside, and on edges")
    func containment() {
        #expect(square.contains(PlanarPoint(x: 1, y: 1)))
        #expect(!square.contains(PlanarPoint(x: 5, y: 5)))
        #expect(!square.contains(PlanarPoint(x: 11, y: 5)))
        #expect(square.contains(PlanarPoint(x: 0, y: 5)))
        #expect(square.contains(PlanarPoint(x: 4, y: 5)))
    }

    @Test("distance to the boundary and crossing parameters")
    func distances() {
        #expect(square.distanceToBoundary(PlanarPoint(x: 2, y: 5)) == 2)
        #expect(square.distanceToBoundary(PlanarPoint(x: 5, y: 5)) == 1)
        let expected: [Double] = [10.0 / 30, 14.0 / 30, 16.0 / 30, 20.0 / 30]
        let crossings = square.boundaryCrossings(from: PlanarPoint(x: -10, y: 5), to: PlanarPoint(x: 20, y: 5))
        #expect(crossings == expected)
    }
}
