// Event detection (DESIGN.md, "Events"): enter, exit, dwell and cross events of every
// participant at every stop. Each iteration detects the events of the whole workload once:
// fixes per second = throughput × 360 000.

import Benchmark
import Geofencing

/// 500 circle stops in a city; 100 participants × 3 600 s of 1 Hz fixes walking between them.
private let eventWorkload = FenceWorkload.generate(
    layout: .city, stops: 500, participants: 100,
    seconds: 3_600, seed: 5)

func eventBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(5), maxIterations: 20)

    Benchmark("Event detection, batch, 100 × 3 600 fixes × 500 circles", configuration: configuration) { benchmark in
        let detector = EventDetector(index: GridIndex(fences: eventWorkload.fences))
        benchmark.startMeasurement()
        blackHole(detector.detect(eventWorkload.positions))
    }

    Benchmark(
        "Event detection, streaming one fix at a time, 100 × 3 600 fixes × 500 circles",
        configuration: configuration
    ) { benchmark in
        let detector = EventDetector(index: GridIndex(fences: eventWorkload.fences))
        let positions = eventWorkload.positions
        var workspace = EventWorkspace(detector: detector)
        var trackers = (0..<100).map { ParticipantEventTracker(participant: Int32($0)) }
        var events = 0
        benchmark.startMeasurement()
        for row in 0..<positions.count {
            trackers[Int(positions.participant[row])].ingest(
                row: row, time: positions.time[row], latitude: positions.latitude[row],
                longitude: positions.longitude[row], accuracyMeters: positions.accuracyMeters(at: row),
                workspace: &workspace
            ) { _ in events += 1 }
        }
        blackHole(events)
    }
}
