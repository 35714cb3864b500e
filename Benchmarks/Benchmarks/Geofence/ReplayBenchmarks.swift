import Benchmark
import GameModes
import GeoCore
import Geofencing
import RaceModel
import RaceSimulation

/// The replay workload of the simulation issue: 1 000 participants × 3 600 fixes (1 Hz, an
/// hour) through a 30-stop race, GPX parsing excluded. Fixes per second = throughput × 3.6 M.
func replayBenchmarks() {
    Benchmark(
        "Replay, 1 000 participants × 3 600 fixes × 30 stops",
        configuration: .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 5)
    ) { benchmark in
        let (race, input) = replayWorkload()
        let replay = try RaceReplay(race: race)
        benchmark.startMeasurement()
        blackHole(replay.run(input))
    }
    // The same fixes fed one at a time to the streaming replay, none stored: compare its peak
    // memory with the batch's (the fixes alone take about 120 MB there). Throughput includes
    // generating the walk, which costs more than replaying it.
    Benchmark(
        "Replay, streaming, 1 000 participants × 3 600 fixes × 30 stops (walk generated on the fly)",
        configuration: peakMemoryRuns
    ) { benchmark in
        let race = replayRace()
        let replay = try RaceReplay(race: race)
        benchmark.startMeasurement()
        var stream = StreamingReplay(replay: replay)
        replayWalk(race) { p, t, latitude, longitude in
            stream.ingest(participant: p, time: t, latitude: latitude, longitude: longitude)
        }
        blackHole(stream.finish(names: (0..<1000).map { "P\($0)" }))
    }
    // What `racekit simulate` does with the fixes: replay, legs, flags and the report, batch
    // (every fix stored) against track by track (none kept); compare their peak memory. The
    // tracks are generated one at a time in both, outside the measurement for the batch.
    Benchmark(
        "Report, batch, 1 000 participants × 3 600 fixes × 30 stops",
        configuration: peakMemoryRuns
    ) { benchmark in
        let race = replayRace()
        let replay = try RaceReplay(race: race)
        var columns = PositionColumns()
        columns.reserveCapacity(3_600_000)
        for p in 0..<1000 {
            let track = replayTrack(race, participant: p)
            for i in 0..<track.count {
                columns.append(
                    participant: Int32(p), time: track.time[i], latitude: track.latitude[i],
                    longitude: track.longitude[i])
            }
        }
        let input = ReplayInput(names: (0..<1000).map { "P\($0)" }, positions: columns)
        benchmark.startMeasurement()
        blackHole(RaceReport(replay: replay.run(input), startEpoch: nil).splitsCSV)
    }
    Benchmark(
        "Report, track by track (StreamingSimulation), 1 000 participants × 3 600 fixes × 30 stops (tracks generated on the fly)",
        configuration: peakMemoryRuns
    ) { benchmark in
        let race = replayRace()
        let replay = try RaceReplay(race: race)
        benchmark.startMeasurement()
        var simulation = StreamingSimulation(replay: replay)
        for p in 0..<1000 { simulation.add(replayTrack(race, participant: p), participantID: nil) }
        let result = simulation.finish(names: (0..<1000).map { "P\($0)" })
        blackHole(RaceReport(result, startEpoch: nil).splitsCSV)
    }
    // A live leaderboard's game an hour into a race of 1 000 participants (classic mode, about
    // 50 000 visits): played from the start on every update, against on from the checkpoint
    // `IncrementalGamePlay` keeps (here warmed 10 s before; the update adds the last 10 s).
    Benchmark("Game of a live update an hour in, 1 000 participants: GamePlay from the start") { benchmark in
        let workload = liveUpdateWorkload
        benchmark.startMeasurement()
        blackHole(try GamePlay(workload.replay, mode: workload.mode, responder: nil, seed: 1))
    }
    Benchmark("Game of a live update an hour in, 1 000 participants: IncrementalGamePlay from its checkpoint") {
        benchmark in
        let workload = liveUpdateWorkload
        // Warmed afresh, as a live race's game is its own: the checkpoint owns its outcomes.
        var game = IncrementalGamePlay()
        _ = try game.play(workload.earlier, mode: workload.mode, responder: nil, seed: 1)
        benchmark.startMeasurement()
        blackHole(try game.play(workload.replay, mode: workload.mode, responder: nil, seed: 1))
    }
}

/// The replayed hour, its game mode, and the same hour without its last 10 s (what an
/// incremental game is warmed with); made once, on first use.
private let liveUpdateWorkload: (replay: ReplayResult, mode: AnyGameMode, earlier: ReplayResult) = {
    let (race, input) = replayWorkload()
    guard let replay = try? RaceReplay(race: race), let mode = GameModeRegistry.standard.mode(named: race.mode.name)
    else { fatalError("the benchmark race replays under its mode") }
    var earlier = PositionColumns()
    for i in 0..<input.positions.count where input.positions.time[i] < 3590 {
        earlier.append(
            participant: input.positions.participant[i], time: input.positions.time[i],
            latitude: input.positions.latitude[i], longitude: input.positions.longitude[i])
    }
    return (replay.run(input), mode, replay.run(ReplayInput(names: input.names, positions: earlier)))
}()

/// Wall clock and peak memory, three runs at most: for the workloads compared by memory.
private var peakMemoryRuns: Benchmark.Configuration {
    .init(metrics: [.wallClock, .throughput, .peakMemoryResident], maxDuration: .seconds(10), maxIterations: 3)
}

private let replayCentre = Coordinate(uncheckedLatitude: 47.37, longitude: 8.54)

/// 30 stops of 25 m on a 1 km circle.
private func replayRace() -> Race {
    var builder = RaceBuilder(name: "Bench").radius(25).timeLimit(minutes: 90)
    for i in 0..<30 {
        builder = builder.stop(
            "S\(i)", at: replayCentre.destination(bearingDegrees: Double(i) * 12, distanceMeters: 1000), id: "s\(i)")
    }
    return builder.build()
}

/// The race and every fix of the walk stored as columns.
private func replayWorkload() -> (Race, ReplayInput) {
    let race = replayRace()
    var columns = PositionColumns()
    columns.reserveCapacity(3_600_000)
    replayWalk(race) { p, t, latitude, longitude in
        columns.append(participant: Int32(p), time: t, latitude: latitude, longitude: longitude)
    }
    return (race, ReplayInput(names: (0..<1000).map { "P\($0)" }, positions: columns))
}

/// 1 000 runners walking 3 m/s from stop to stop with ±20° wander for an hour, a fix a second,
/// time-merged: `body(participant, time, latitude, longitude)` per fix.
private func replayWalk(_ race: Race, _ body: (Int, Double, Double, Double) -> Void) {
    let centre = replayCentre
    let targets = race.stops.map { stop -> Coordinate in
        guard case .circle(let c, _) = stop.fence else { return centre }
        return c
    }
    var random = SplitMix64(seed: 1)
    var position = (0..<1000).map { _ in
        centre.destination(bearingDegrees: random.uniform(0...360), distanceMeters: 1000)
    }
    var target = (0..<1000).map { _ in Int(random.next() % 30) }
    for t in 0..<3600 {
        for p in 0..<1000 {
            if position[p].distanceMeters(to: targets[target[p]]) < 5 { target[p] = (target[p] + 1) % 30 }
            let bearing = position[p].initialBearingDegrees(to: targets[target[p]]) + random.uniform(-20...20)
            position[p] = position[p].destination(bearingDegrees: bearing, distanceMeters: 3)
            body(p, Double(t), position[p].latitude, position[p].longitude)
        }
    }
}

/// One runner's hour of the same walk, seeded by its index: for the workloads that take one
/// track at a time.
private func replayTrack(_ race: Race, participant p: Int) -> PositionColumns {
    let targets = race.stops.map { stop -> Coordinate in
        guard case .circle(let c, _) = stop.fence else { return replayCentre }
        return c
    }
    var random = SplitMix64(seed: UInt64(p) + 1)
    var position = replayCentre.destination(bearingDegrees: random.uniform(0...360), distanceMeters: 1000)
    var target = Int(random.next() % 30)
    var track = PositionColumns()
    track.reserveCapacity(3600)
    for t in 0..<3600 {
        if position.distanceMeters(to: targets[target]) < 5 { target = (target + 1) % 30 }
        let bearing = position.initialBearingDegrees(to: targets[target]) + random.uniform(-20...20)
        position = position.destination(bearingDegrees: bearing, distanceMeters: 3)
        track.append(participant: 0, time: Double(t), latitude: position.latitude, longitude: position.longitude)
    }
    return track
}
