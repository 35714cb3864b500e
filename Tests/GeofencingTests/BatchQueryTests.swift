import GeoCore
import Geofencing
import RaceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The batch query tests two of a cell's fences at once on constants packed per cell entry; it
/// must still give exactly the brute-force answer, in the documented order, on every layout.
struct BatchQueryTests {
    @Test(
        "the batch query equals brute force on every layout, near and on boundaries, over any range",
        arguments: RandomLayout.allCases, [11, 12] as [UInt64])
    func equalsBruteForce(layout: RandomLayout, seed: UInt64) {
        let fences = layout.fences(count: 150, seed: seed)
        var random = SplitMix64(seed: seed &* 104_729)
        var latitudes: [Double] = [], longitudes: [Double] = []
        for k in 0..<3_000 {
            // Points near the fences, and points a hair either side of a circle's boundary.
            let anchor = fences[Int(random.next() % UInt64(fences.count))]
            let point: Coordinate
            if k % 3 == 0, case .circle(let circle) = anchor {
                // A hundredth of the radius to nanometres off: either side of the thresholds of
                // the first test (10⁻⁵ of a city circle) and inside the series' 10⁻⁹ band too.
                let offset = random.uniform(-1e-2...1e-2) * pow(10, -random.uniform(0...11))
                let distance = circle.radiusMeters * (1 + offset)
                point = circle.centre.destination(bearingDegrees: random.uniform(0...360), distanceMeters: distance)
            } else {
                point = layout.point(near: fences, &random)
            }
            latitudes.append(point.latitude)
            longitudes.append(point.longitude)
        }
        // The oversized list (a 40 km grid for the huge radii) and cells of one to many fences.
        for cell in [nil, 9.0, 400.0, 40_000.0] as [Double?] {
            let index = GridIndex(fences: fences, cellSizeMeters: cell)
            // A range that starts and ends inside a block.
            let range = 7..<(latitudes.count - 5)
            var expected: [(Int, Int)] = []
            for p in range {
                for fence in BruteForce.fences(containingLatitude: latitudes[p], longitude: longitudes[p], in: fences) {
                    expected.append((p, fence))
                }
            }
            var found: [(Int, Int)] = []
            latitudes.withUnsafeBufferPointer { lat in
                longitudes.withUnsafeBufferPointer { lon in
                    index.forEachHit(latitudes: lat, longitudes: lon, range: range) { found.append(($0, $1)) }
                }
            }
            // Fences of one position come in increasing order, then any oversized ones.
            #expect(
                found.sorted { $0 < $1 }.elementsEqual(expected, by: ==),
                "layout \(layout), seed \(seed), cell \(String(describing: cell))")
            #expect(zip(found, found.dropFirst()).allSatisfy { $0.0 <= $1.0 }, "positions in order")
            #expect(!expected.isEmpty)
        }
    }

    @Test("a fence registered alone in its cell, and cells of odd and even runs, are all found")
    func runsOfEveryLength() throws {
        // n circles with one centre: every cell they touch holds a run of n entries.
        let centre = Coordinate(uncheckedLatitude: 47.3769, longitude: 8.5417)
        for n in 1...6 {
            let fences = try (0..<n).map {
                Fence.circle(try CircleFence(centre: centre, radiusMeters: 40 + 10 * Double($0)))
            }
            let index = GridIndex(fences: fences, cellSizeMeters: 1_000)
            var random = SplitMix64(seed: UInt64(n))
            var latitudes: [Double] = [], longitudes: [Double] = []
            for _ in 0..<400 {
                let p = centre.destination(
                    bearingDegrees: random.uniform(0...360), distanceMeters: random.uniform(0...120))
                latitudes.append(p.latitude)
                longitudes.append(p.longitude)
            }
            var found: [(Int, Int)] = [], expected: [(Int, Int)] = []
            for p in latitudes.indices {
                for fence in BruteForce.fences(containingLatitude: latitudes[p], longitude: longitudes[p], in: fences) {
                    expected.append((p, fence))
                }
            }
            latitudes.withUnsafeBufferPointer { lat in
                longitudes.withUnsafeBufferPointer { lon in
                    index.forEachHit(latitudes: lat, longitudes: lon, range: 0..<lat.count) { found.append(($0, $1)) }
                }
            }
            #expect(found.elementsEqual(expected, by: ==), "\(n) fences")
            #expect(expected.contains { $0.1 == n - 1 }, "the last fence of the run is hit")
        }
    }

    @Test("more hits than the query holds at once: every one, in order, cell fences before oversized ones")
    func moreHitsThanTheBuffer() throws {
        // 700 circles on one spot (a run of 700 entries in every cell they touch, longer than
        // the query's buffer of hits) and three circles too large to register cell by cell.
        let centre = Coordinate(uncheckedLatitude: 47.3769, longitude: 8.5417)
        let huge: Set<Int> = [0, 350, 702]
        let fences = try (0..<703).map {
            Fence.circle(
                try CircleFence(centre: centre, radiusMeters: huge.contains($0) ? 3_000_000 : 40 + Double($0 % 50)))
        }
        let index = GridIndex(fences: fences, cellSizeMeters: 1_000)
        #expect(index.oversizedCount == huge.count)
        var random = SplitMix64(seed: 7)
        var latitudes: [Double] = [], longitudes: [Double] = []
        for _ in 0..<300 {
            let p = centre.destination(bearingDegrees: random.uniform(0...360), distanceMeters: random.uniform(0...90))
            latitudes.append(p.latitude)
            longitudes.append(p.longitude)
        }
        var expected: [(Int, Int)] = []
        for p in latitudes.indices {
            let inside = BruteForce.fences(containingLatitude: latitudes[p], longitude: longitudes[p], in: fences)
            for fence in inside where !huge.contains(fence) { expected.append((p, fence)) }
            for fence in inside where huge.contains(fence) { expected.append((p, fence)) }
        }
        var found: [(Int, Int)] = []
        latitudes.withUnsafeBufferPointer { lat in
            longitudes.withUnsafeBufferPointer { lon in
                index.forEachHit(latitudes: lat, longitudes: lon, range: 3..<lat.count) { found.append(($0, $1)) }
            }
        }
        let wanted = expected.filter { $0.0 >= 3 }
        #expect(wanted.count > 100_000)
        #expect(found.count == wanted.count)
        #expect(found.elementsEqual(wanted, by: ==))
    }
}
