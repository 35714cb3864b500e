// The stop-order optimizer: exact Held–Karp on 13 stops, the exact programme over the prefixes
// dense precedences allow, and a fixed number of iterated local search rounds on seeded random
// instances (so each measurement does the same work on any machine), among them the dense
// precedences of TSPLIB's sequential ordering problems and time windows above Held–Karp's size.
// TSPLIB quality against the peers lives in Benchmarks/peers/tsp.sh, not here; the readers of
// TSPLIB's ATSP/SOP files and of CSV and JSON matrices are here, on generated 1 000-node files.
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

/// Stop 0, then `groups` groups of `size` stops, each stop of a group before every stop of the
/// next: the feasible prefixes are the earlier groups whole and any subset of the current one,
/// so 1 + groups · (2^size − 1) of them, each group's order left to the search.
private func groupedPrecedence(groups: Int, size: Int) -> [Precedence] {
    (0..<(groups - 1)).flatMap { group in
        let earlier = (1 + group * size)..<(1 + (group + 1) * size)
        return earlier.flatMap { before in
            (earlier.upperBound..<(earlier.upperBound + size)).map { Precedence(before: before, after: $0) }
        }
    }
}

/// Stops 1..<n in a random order (Fisher–Yates).
private func hiddenOrder(_ n: Int, _ random: inout SplitMix64) -> [Int] {
    var order = Array(1..<n)
    for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, Int(random.next() % UInt64(i + 1))) }
    return order
}

/// A hidden random order of stops 1..<n and each pair of it, with probability `share`, as a
/// precedence in that order: dense, random precedences as in TSPLIB's SOP files, never cyclic.
private func randomPrecedence(_ n: Int, share: Double, seed: UInt64) -> [Precedence] {
    var random = SplitMix64(seed: seed)
    let order = hiddenOrder(n, &random)
    return order.indices.flatMap { i in
        order[(i + 1)...].compactMap { after in
            random.uniform(0...1) < share ? Precedence(before: order[i], after: after) : nil
        }
    }
}

/// A window of ± `slack` around the arrival at every third stop along a hidden random order
/// starting at stop 0 (so at least one order meets them all).
private func randomWindows(_ matrix: DistanceMatrix, slack: Int, seed: UInt64) -> [TimeWindow?] {
    var random = SplitMix64(seed: seed)
    let order = hiddenOrder(matrix.count, &random)
    var windows = [TimeWindow?](repeating: nil, count: matrix.count)
    var (time, previous) = (0, 0)
    for (k, stop) in order.enumerated() {
        time += matrix[previous, stop]
        previous = stop
        if k % 3 == 0 { windows[stop] = TimeWindow(opens: max(0, time - slack), closes: time + slack) }
    }
    return windows
}

/// A TSPLIB SOP file of `n` nodes as the library's files write it: the dimension, then n rows of
/// n weights below 100 000 with a −1 wherever a random order's earlier node comes first (share
/// `share` of the pairs).
private func sopText(_ n: Int, share: Double, seed: UInt64) -> String {
    var random = SplitMix64(seed: seed)
    var before = Set<Int>()
    for pair in randomPrecedence(n - 2, share: share, seed: seed) {
        before.insert((pair.after + 1) * n + pair.before + 1)
    }
    var text = "NAME: random\nTYPE: SOP\nDIMENSION: \(n)\nEDGE_WEIGHT_TYPE: EXPLICIT\n"
    text += "EDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n\(n)\n"
    for i in 0..<n {
        let row = (0..<n).map { j in
            i == j ? "0" : before.contains(i * n + j) ? "-1" : String(random.next() % 100_000)
        }
        text += row.joined(separator: " ") + "\n"
    }
    return text + "EOF\n"
}

/// A 1 000-stop matrix file as `optimize --matrix` reads it: a header of labels and n rows of
/// distances (CSV), or `{"labels": [...], "matrix": [[...]]}` (JSON).
private func matrixText(_ matrix: DistanceMatrix, json: Bool) -> String {
    let n = matrix.count
    let labels = (0..<n).map { "s\($0)" }
    let rows = (0..<n).map { i in (0..<n).map { j in String(matrix[i, j]) } }
    guard json else {
        return ([labels.joined(separator: ",")] + rows.map { $0.joined(separator: ",") }).joined(separator: "\n")
    }
    let matrixText = rows.map { "[" + $0.joined(separator: ",") + "]" }.joined(separator: ",\n")
    return "{\"labels\": [" + labels.map { "\"\($0)\"" }.joined(separator: ",") + "],\n\"matrix\": [" + matrixText
        + "]}"
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

    // Walks of 15·n rounds: two walk ends and the last, cut-short walk, each walk's best merged
    // with the best tour before it (a search of the stops where the two tours differ).
    Benchmark("Symmetric ILS, 200 stops, 7 500 rounds (walks merged)") { benchmark in
        let problem = try RouteProblem(matrix: randomMatrix(200, seed: 8))
        benchmark.startMeasurement()
        blackHole(try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 7_500)))
    }

    Benchmark("Constrained ILS, 60 stops asymmetric + precedence, 200 rounds") { benchmark in
        let problem = try RouteProblem(
            matrix: randomMatrix(60, seed: 3, asymmetric: true), shape: .openPath(start: 0),
            precedence: [Precedence(before: 5, after: 2), Precedence(before: 9, after: 4)])
        benchmark.startMeasurement()
        blackHole(try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 200)))
    }

    Benchmark("Precedence DP, 49 stops in 4 ordered groups of 12 (16 381 prefixes)") { benchmark in
        let problem = try RouteProblem(
            matrix: randomMatrix(49, seed: 5, asymmetric: true), shape: .openPath(start: 0),
            precedence: groupedPrecedence(groups: 4, size: 12))
        benchmark.startMeasurement()
        let solution = try RouteSolver.solve(problem)
        benchmark.stopMeasurement()
        precondition(solution.method == .precedenceLattice, "measured \(solution.method), not the exact programme")
    }

    Benchmark("Constrained ILS, 100 stops asymmetric, dense random precedence (SOP-like), 2 000 rounds") {
        benchmark in
        let problem = try RouteProblem(
            matrix: randomMatrix(100, seed: 6, asymmetric: true), shape: .openPath(start: 0),
            precedence: randomPrecedence(100, share: 0.05, seed: 6))
        benchmark.startMeasurement()
        let solution = try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 2_000))
        benchmark.stopMeasurement()
        precondition(solution.method == .constrainedLocalSearch, "measured \(solution.method)")
    }

    // Restarts every 10 rounds per free stop (480 here): each walk's best merged with the best
    // order before it (the legs they share fixed, the rest solved again), about ten times.
    Benchmark("Constrained ILS, 49 stops asymmetric + sparse precedence, 5 000 rounds (walks merged)") {
        benchmark in
        let problem = try RouteProblem(
            matrix: randomMatrix(49, seed: 9, asymmetric: true), shape: .openPath(start: 0, finish: 48),
            precedence: randomPrecedence(48, share: 0.02, seed: 9))
        benchmark.startMeasurement()
        let solution = try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 5_000))
        benchmark.stopMeasurement()
        precondition(solution.method == .constrainedLocalSearch, "measured \(solution.method)")
    }

    Benchmark("Constrained ILS, 40 stops asymmetric, time windows on every third, 2 000 rounds") { benchmark in
        let matrix = randomMatrix(40, seed: 7, asymmetric: true)
        let problem = try RouteProblem(
            matrix: matrix, shape: .openPath(start: 0), timeWindows: randomWindows(matrix, slack: 3_000, seed: 7))
        benchmark.startMeasurement()
        let solution = try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 2_000))
        benchmark.stopMeasurement()
        precondition(solution.method == .constrainedLocalSearch, "measured \(solution.method)")
    }

    Benchmark(
        "TSPLIB SOP reader, 1 000 nodes (1 M weights, about 6 MB), 1 % of pairs ordered",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident])
    ) { benchmark in
        let text = sopText(1_000, share: 0.01, seed: 8)
        benchmark.startMeasurement()
        blackHole(try TSPLIBMatrixInstance.parse(text, source: "random.sop"))
    }

    for json in [false, true] {
        Benchmark(
            "Matrix reader, \(json ? "JSON" : "CSV"), 1 000 stops (1 M distances, about 5 MB)",
            configuration: .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident])
        ) { benchmark in
            let bytes = Array(matrixText(randomMatrix(1_000, seed: 9), json: json).utf8)
            benchmark.startMeasurement()
            try bytes.withUnsafeBufferPointer { bytes in
                blackHole(
                    try json
                        ? MatrixFile.parseJSON(bytes, source: "m.json") : MatrixFile.parseCSV(bytes, source: "m.csv"))
            }
        }
    }

    Benchmark("Fair variants, 3 of 40 stops, 50 rounds each") { benchmark in
        let problem = try RouteProblem(matrix: randomMatrix(40, seed: 4))
        benchmark.startMeasurement()
        blackHole(
            try RouteSolver.fairVariants(
                problem, count: 3, maxExcessPercent: 5, options: .init(timeLimit: nil, iterations: 50)))
    }
}
