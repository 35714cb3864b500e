import GeoCore
import Geofencing
import RaceKitCore
import RaceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The grid index must give exactly the brute-force answer, everywhere.
struct GridIndexTests {
    @Test("index equals brute force", arguments: RandomLayout.allCases, [1, 2, 3] as [UInt64])
    func equalsBruteForce(layout: RandomLayout, seed: UInt64) {
        let fences = layout.fences(count: 120, seed: seed)
        var random = SplitMix64(seed: seed &* 7919)
        for cell in [nil, 7.0, 250.0, 40_000.0] as [Double?] {
            let index = GridIndex(fences: fences, cellSizeMeters: cell)
            var mismatches = 0
            for _ in 0..<1_500 {
                let p = layout.point(near: fences, &random)
                var found: [Int] = []
                index.forEachFence(containingLatitude: p.latitude, longitude: p.longitude) { found.append($0) }
                let expected = BruteForce.fences(containingLatitude: p.latitude, longitude: p.longitude, in: fences)
                if found != expected { mismatches += 1 }
            }
            #expect(mismatches == 0, "layout \(layout), seed \(seed), cell \(String(describing: cell))")
        }
    }

    /// The index keeps column tables only for the band of latitude its fences reach; points
    /// and boxes anywhere else (the poles, the other hemisphere, straddling the band's edge)
    /// must still get the brute-force answer.
    @Test("points and boxes outside the fences' band of latitude", arguments: [4, 5] as [UInt64])
    func outsideTheBand(seed: UInt64) {
        let fences = RandomLayout.city.fences(count: 80, seed: seed)
        let south = fences.map(\.boundingBox.south).min()!, north = fences.map(\.boundingBox.north).max()!
        var random = SplitMix64(seed: seed)
        for cell in [nil, 40.0, 5_000.0] as [Double?] {
            let index = GridIndex(fences: fences, cellSizeMeters: cell)
            var mismatches = 0
            for k in 0..<1_500 {
                // Anywhere on the globe, or within a few cells of the band's edges.
                let latitude =
                    k % 2 == 0
                    ? random.uniform(-90...90)
                    : (k % 4 == 1 ? south : north) + random.uniform(-0.01...0.01)
                let longitude = k % 2 == 0 ? random.uniform(-180...180) : 8.5417 + random.uniform(-0.1...0.1)
                var found: [Int] = []
                index.forEachFence(containingLatitude: latitude, longitude: longitude) { found.append($0) }
                if found != BruteForce.fences(containingLatitude: latitude, longitude: longitude, in: fences) {
                    mismatches += 1
                }
                // A box around the point: its candidates hold every fence whose box holds a corner of it.
                let box = GeoBoundingBox(
                    south: max(-90, latitude - 0.002), north: min(90, latitude + 0.002),
                    west: max(-180, longitude - 0.003), east: min(180, longitude + 0.003))
                var candidates = Set<Int>()
                index.forEachCandidate(in: box) { candidates.insert($0) }
                for corner in [(box.south, box.west), (box.north, box.east), (latitude, longitude)] {
                    for fence in BruteForce.fences(containingLatitude: corner.0, longitude: corner.1, in: fences)
                    where !candidates.contains(fence) {
                        mismatches += 1
                    }
                }
            }
            #expect(mismatches == 0, "seed \(seed), cell \(String(describing: cell))")
        }
    }

    @Test("points on and next to circle boundaries decide as the reference does")
    func boundaries() {
        var random = SplitMix64(seed: 42)
        let fences =
            RandomLayout.city.fences(count: 200, seed: 9) + RandomLayout.antimeridian.fences(count: 50, seed: 9)
            + RandomLayout.poles.fences(count: 50, seed: 9)
        let index = GridIndex(fences: fences)
        var checked = 0, inside = 0
        for fence in fences {
            guard case .circle(let circle) = fence else { continue }
            for _ in 0..<40 {
                // At the radius, a hair inside and a hair outside (nanometres to millimetres).
                let distance =
                    circle.radiusMeters * (1 + random.uniform(-1e-6...1e-6) * pow(10, -random.uniform(0...6)))
                let p = circle.centre.destination(bearingDegrees: random.uniform(0...360), distanceMeters: distance)
                var found: [Int] = []
                index.forEachFence(containingLatitude: p.latitude, longitude: p.longitude) { found.append($0) }
                let expected = BruteForce.fences(containingLatitude: p.latitude, longitude: p.longitude, in: fences)
                #expect(found == expected)
                checked += 1
                inside += expected.isEmpty ? 0 : 1
            }
        }
        #expect(checked == 12_000)
        #expect(inside > 1_000 && inside < 11_000, "both sides of the boundary are exercised")
    }

    @Test("a circle around a pole contains the pole and is found from every longitude")
    func pole() throws {
        let fence = Fence.circle(
            try CircleFence(centre: Coordinate(latitude: 89.9995, longitude: 33), radiusMeters: 120))
        let index = GridIndex(fences: [fence])
        for lon in stride(from: -180.0, through: 180.0, by: 7.5) {
            #expect(index.containsAny(latitude: 90, longitude: lon))
            #expect(!index.containsAny(latitude: 89.99, longitude: lon))
        }
    }

    @Test("stops at +180 and −180 are found from both sides of the antimeridian")
    func antimeridian() throws {
        let east = Fence.circle(try CircleFence(centre: Coordinate(latitude: -16.5, longitude: 180), radiusMeters: 50))
        let west = Fence.circle(try CircleFence(centre: Coordinate(latitude: -16.6, longitude: -180), radiusMeters: 50))
        let index = GridIndex(fences: [east, west])
        for (lat, lon, expected) in [
            (-16.5, 179.9997, [0]), (-16.5, -179.9997, [0]), (-16.6, 179.9997, [1]),
            (-16.6, -179.9997, [1]), (-16.5, 180.0, [0]), (-16.6, -180.0, [1]),
        ] {
            var found: [Int] = []
            index.forEachFence(containingLatitude: lat, longitude: lon) { found.append($0) }
            #expect(found == expected, "at \(lat), \(lon)")
        }
    }

    @Test("parts tile the positions in order, at most one per 4 096 positions and a few per thread")
    func partsTileThePositions() {
        for count in [0, 1, 4_095, 4_096, 8_192, 10_000, 100_003] {
            for threads in [1, 2, 3, 8] {
                let ranges = GridIndex.reduceParts(of: count, threads: threads) {
                    [$0]
                } merge: {
                    $0 += $1
                }
                #expect(
                    ranges.count == max(1, min(ParallelJobs.jobCount(threads: threads), count / 4096 + 1)),
                    "\(count) positions, \(threads) threads")
                #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
                #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            }
        }
    }

    @Test(
        "the batch query equals the per-point query, and the parallel reduction gives it in order for any thread count")
    func batchEqualsPointQueries() {
        let workload = FenceWorkload.generate(layout: .global, stops: 300, participants: 20, seconds: 300, seed: 5)
        let index = GridIndex(fences: workload.fences)
        let columns = workload.positions
        var expected: [(Int, Int)] = []
        for p in 0..<columns.count {
            index.forEachFence(containingLatitude: columns.latitude[p], longitude: columns.longitude[p]) {
                expected.append((p, $0))
            }
        }
        var batch: [(Int, Int)] = []
        columns.latitude.withUnsafeBufferPointer { lat in
            columns.longitude.withUnsafeBufferPointer { lon in
                index.forEachHit(latitudes: lat, longitudes: lon, range: 0..<columns.count) { batch.append(($0, $1)) }
                // 120 000 positions: 8 threads make 8 parts of 15 000.
                for threads in [1, 2, 3, 8] {
                    let hits = index.reduceHits(latitudes: lat, longitudes: lon, threads: threads, into: [(Int, Int)]())
                    {
                        $0.append(($1, $2))
                    } merge: {
                        $0 += $1
                    }
                    #expect(hits.elementsEqual(expected, by: ==), "\(threads) threads")
                }
            }
        }
        #expect(batch.elementsEqual(expected, by: ==))
        #expect(!expected.isEmpty)
    }

    @Test("generated workloads are the same for the same seed and differ for another")
    func workloadDeterminism() {
        let a = FenceWorkload.generate(layout: .city, stops: 50, participants: 5, seconds: 30, seed: 11)
        let b = FenceWorkload.generate(layout: .city, stops: 50, participants: 5, seconds: 30, seed: 11)
        let c = FenceWorkload.generate(layout: .city, stops: 50, participants: 5, seconds: 30, seed: 12)
        #expect(a.fences == b.fences && a.positions == b.positions)
        #expect(a.positions != c.positions)
    }
}
