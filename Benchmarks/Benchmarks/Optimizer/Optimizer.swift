// The stop-order optimizer: exact Held–Karp on 13 stops, and a fixed number of iterated local
// search rounds on seeded random instances (so each measurement does the same work on any machine).
// TSPLIB quality against the peers lives in Benchmarks/peers/tsp.sh, not here.
//   cd Benchmarks && swift package benchmark --target OptimizerBenchmarks

import Benchmark
import GeoCore
import RouteOptimizer

/// n random points in a 10 km square, as a rounded-metre Euclidean matrix (seeded).
private func randomMatrix(_ n: Int, seed: UInt64, asymmetric: Bool = false) -> DistanceMatrix {
    var random = SplitMix64(seed: seed)
    let points = (0..<n).map { _ in (random.uniform(0...10_000), random.uniform(0...10_000)) }
    let surcharge = (0..<(n * n)).map { _ in asymmetric ? Int(random.next() % 500) : 0 }
    return DistanceMatrix(count: n) { i, j in
        let dx = points[i].0 - points[j].0, dy = points[i].1 - points[j].1
        return Int((dx * dx + dy * dy).squareRoot().rounded()) + surcharge[i * n + j]
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 20)

    Benchmark("Held–Karp, 13 stops, closed") { benchmark in
        let problem = try RouteProblem(matrix: randomMatrix(13, seed: 1))
        benchmark.startMeasurement()
        blackHole(try RouteSolver.solve(problem))
    }

    Benchmark("Symmetric ILS, 500 stops, 5 000 rounds") { benchmark in
        let problem = try RouteProblem(matrix: randomMatrix(500, seed: 2))
        benchmark.startMeasurement()
        blackHole(try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 5_000)))
    }

    Benchmark("Constrained ILS, 60 stops asymmetric + precedence, 200 rounds") { benchmark in
        let problem = try RouteProblem(
            matrix: randomMatrix(60, seed: 3, asymmetric: true), shape: .openPath(start: 0),
            precedence: [Precedence(before: 5, after: 2), Precedence(before: 9, after: 4)])
        benchmark.startMeasurement()
        blackHole(try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 200)))
    }

    Benchmark("Fair variants, 3 of 40 stops, 50 rounds each") { benchmark in
        let problem = try RouteProblem(matrix: randomMatrix(40, seed: 4))
        benchmark.startMeasurement()
        blackHole(
            try RouteSolver.fairVariants(
                problem, count: 3, maxExcessPercent: 5, options: .init(timeLimit: nil, iterations: 50)))
    }
}
