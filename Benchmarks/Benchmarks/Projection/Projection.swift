// Batch WGS 84 lon/lat → UTM zone 32N (EPSG:32632) over 1 M points: GeoProjection's batch API
// against calling PROJ's proj_trans_generic directly, on the same points and PROJ operation.
//   cd Benchmarks && swift package benchmark --target ProjectionBenchmarks
// Metrics are per point (scaling factor mega): wall clock in ns per point, throughput in points/s.
// The direct-PROJ baseline needs the CProj module; it is compiled in when `import CProj` is possible.
// Also: the length of a recorded track's short steps (what `racekit inspect` sums) by the chord
// (`Geodesic.stepMeters`) against Karney's geodesic for every step.

import Benchmark
import GeoCore
import GeoProjection

#if canImport(CProj)
import CProj
#endif

/// 1 M points, interleaved lon, lat: lon uniform in [6°, 12°), lat uniform in [30°, 70°),
/// seeded with 7.
private let input: [Double] = {
    var random = SplitMix64(seed: 7)
    return (0..<1_000_000).flatMap { _ in [random.uniform(6...12), random.uniform(30...70)] }
}()

/// Runs `transform` on a fresh copy of `input`, measuring only the transform.
private func measure(_ benchmark: Benchmark, _ transform: (UnsafeMutableBufferPointer<Double>) -> Int) {
    let points = UnsafeMutableBufferPointer<Double>.allocate(capacity: input.count)
    defer { points.deallocate() }
    _ = points.initialize(from: input)
    benchmark.startMeasurement()
    let failed = transform(points)
    benchmark.stopMeasurement()
    precondition(failed == 0, "\(failed) points failed")
    blackHole(points[0])
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput], scalingFactor: .mega, maxDuration: .seconds(10), maxIterations: 20
    )

    Benchmark("UTM 32N, 1 M points interleaved: GeoProjection batch") { benchmark in
        let utm = try CoordinateTransformation(from: "EPSG:4326", to: "EPSG:32632")
        measure(benchmark) { utm.transform(interleaved: $0) }
    }

    #if canImport(CProj)
    Benchmark("UTM 32N, 1 M points interleaved: proj_trans_generic directly") { benchmark in
        let context = proj_context_create()
        let operation = proj_create_crs_to_crs(context, "EPSG:4326", "EPSG:32632", nil)
        let utm = proj_normalize_for_visualization(context, operation)
        defer {
            proj_destroy(utm)
            proj_destroy(operation)
            proj_context_destroy(context)
        }
        measure(benchmark) { points in
            let count = points.count / 2, stride = 2 * MemoryLayout<Double>.stride
            _ = proj_trans_generic(
                utm, PJ_FWD, points.baseAddress, stride, count,
                points.baseAddress! + 1, stride, count, nil, 0, 0, nil, 0, 0)
            return 0
        }
    }
    #endif

    Benchmark("track steps, 1 M steps of about 10 m: Geodesic.stepMeters (chord)") { benchmark in
        measureSteps(benchmark) { Geodesic.wgs84.stepMeters(from: $0, to: $1) }
    }

    Benchmark("track steps, 1 M steps of about 10 m: TrackStepMeter (chord, each point converted once)") {
        benchmark in
        var steps = TrackStepMeter(.wgs84)
        measureSteps(benchmark) { steps.meters(from: $0, to: $1) }
    }

    Benchmark("track steps, 1 M steps of about 10 m: Geodesic.distanceMeters (Karney)") { benchmark in
        measureSteps(benchmark) { Geodesic.wgs84.distanceMeters(from: $0, to: $1) }
    }
}

/// A random walk of 1 M + 1 points with steps of up to about 10 m (a track at 1 fix/s), seeded.
private let walk: [Coordinate] = {
    var random = SplitMix64(seed: 8)
    var latitude = 47.0, longitude = 8.0
    return (0...1_000_000).map { _ in
        latitude += random.uniform(-0.00007...0.00007)
        longitude += random.uniform(-0.0001...0.0001)
        return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }
}()

/// Sums `step` over the walk's consecutive points, measuring only the sum.
private func measureSteps(_ benchmark: Benchmark, _ step: (Coordinate, Coordinate) -> Double) {
    let points = walk
    benchmark.startMeasurement()
    var length = 0.0
    for i in 1..<points.count { length += step(points[i - 1], points[i]) }
    benchmark.stopMeasurement()
    blackHole(length)
}
