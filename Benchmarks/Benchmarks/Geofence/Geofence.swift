// The geofence engine: grid index build, batch queries (1 and 2 threads), CSV loading, and
// event detection (EventBenchmarks.swift).
//   cd Benchmarks && swift package benchmark --target GeofenceBenchmarks
// A query benchmark's iteration queries every position of the workload once: positions per
// second = throughput × the position count in its name. For the peers' own files and tools
// side by side in one run, see Benchmarks/peers/fence.sh.

import Benchmark
import GeoCore
import GeoFormats
import Geofencing

/// The medium city workload: 10 000 stops, 1 000 participants × 1 000 s of 1 Hz fixes.
private let city = FenceWorkload.generate(layout: .city, stops: 10_000, participants: 1_000, seconds: 1_000, seed: 3)
/// The same with every stop in the city: its index keeps a dense table of cells (`CellRectangle`).
private let urban = FenceWorkload.generate(layout: .urban, stops: 10_000, participants: 1_000, seconds: 1_000, seed: 3)
/// The global workload: poles and antimeridian, 2 000 stops, 200 × 1 000 s.
private let global = FenceWorkload.generate(layout: .global, stops: 2_000, participants: 200, seconds: 1_000, seed: 2)

/// Every position of the workload queried, split over `threads` as `fence-check` splits them
/// (each part's hit counting compiled into the query's loop): the hits and the positions with one.
private func queryAll(_ workload: FenceWorkload, _ index: GridIndex, threads: Int) -> (hits: Int, positionsWithHit: Int)
{
    workload.positions.latitude.withUnsafeBufferPointer { lat in
        workload.positions.longitude.withUnsafeBufferPointer { lon in
            GridIndex.reduceParts(of: lat.count, threads: threads) { range in
                var hits = 0, positions = 0, last = -1
                index.forEachHit(latitudes: lat, longitudes: lon, range: range) { position, _ in
                    hits += 1
                    if position != last { positions += 1; last = position }
                }
                return (hits: hits, positionsWithHit: positions)
            } merge: { total, part in
                total.hits += part.hits
                total.positionsWithHit += part.positionsWithHit
            }
        }
    }
}

/// The workload's positions as the peers' CSV text.
private func positionsCSV(_ workload: FenceWorkload) -> [UInt8] {
    var text = "participant,t,lat,lon\n"
    let p = workload.positions
    for i in 0..<p.count { text += "\(p.participant[i]),\(Int(p.time[i])),\(p.latitude[i]),\(p.longitude[i])\n" }
    return Array(text.utf8)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 50
    )

    Benchmark("Index build, 10 000 city stops") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(GridIndex(fences: city.fences)) }
    }

    for threads in [1, 2] {
        Benchmark("Query, city 1 M positions × 10 000 stops, \(threads) thread(s)") { benchmark in
            let index = GridIndex(fences: city.fences)
            benchmark.startMeasurement()
            blackHole(queryAll(city, index, threads: threads))
        }
    }

    Benchmark("Query, urban 1 M positions × 10 000 stops (dense cell table), 1 thread(s)") { benchmark in
        let index = GridIndex(fences: urban.fences)
        benchmark.startMeasurement()
        blackHole(queryAll(urban, index, threads: 1))
    }

    Benchmark("Query, global 200 k positions × 2 000 stops (poles, antimeridian)") { benchmark in
        let index = GridIndex(fences: global.fences)
        benchmark.startMeasurement()
        blackHole(queryAll(global, index, threads: 1))
    }

    Benchmark(
        "Point query, city, 1 000 positions one at a time",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal])
    ) { benchmark in
        let index = GridIndex(fences: city.fences)
        let p = city.positions
        benchmark.startMeasurement()
        var found = 0
        for i in 0..<1_000 {
            index.forEachFence(containingLatitude: p.latitude[i], longitude: p.longitude[i]) { _ in found += 1 }
        }
        blackHole(found)
    }

    Benchmark(
        "Load positions CSV, 1 M rows (~40 MB) from memory, sequential reference",
        configuration: .init(metrics: [.wallClock, .throughput], maxIterations: 10)
    ) { benchmark in
        let bytes = positionsCSV(city)
        benchmark.startMeasurement()
        blackHole(try PositionsCSV.parse(bytes, file: "positions.csv"))
    }

    for threads in [1, 2] {
        Benchmark(
            "Load positions CSV, 1 M rows (~40 MB) from memory, \(threads) chunk(s) in parallel",
            configuration: .init(metrics: [.wallClock, .throughput], maxIterations: 10)
        ) { benchmark in
            let bytes = positionsCSV(city)
            benchmark.startMeasurement()
            blackHole(try PositionsCSV.parse(bytes, file: "positions.csv", threads: threads))
        }
    }

    eventBenchmarks()
    replayBenchmarks()
}
