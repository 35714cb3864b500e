// Batch WGS 84 lon/lat → UTM zone 32N (EPSG:32632) over 1 M points: GeoProjection's batch API
// against calling PROJ's proj_trans_generic directly, on the same points and PROJ operation.
//   cd Benchmarks && swift package benchmark --target ProjectionBenchmarks
// Metrics are per point (scaling factor mega): wall clock in ns per point, throughput in points/s.
// The direct-PROJ baseline needs the CProj module; it is compiled in when `import CProj` is possible.

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
}
