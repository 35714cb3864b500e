import Foundation
import GameModes
import GeoCore
import GeoFormats
import RaceModel
import RaceSimulation
import RaceTestSupport
import Testing

/// The game played on from a checkpoint (``IncrementalGamePlay``) against `GamePlay` from
/// scratch, the slow obvious reference: on every sample race's mode, the tracks growing in time
/// steps with each phone behind by its own, shrinking delay (so fixes from before the
/// checkpoint arrive late), at several lags. The same outcomes and standings at every step.
struct IncrementalGamePlayTests {
    /// With a seeded answer model: its answers come seconds after each question, so some fall
    /// after the checkpoint.
    @Test(arguments: SampleRoutes.names) func equalsGamePlayFromScratch(sample name: String) throws {
        let sample = try Sample(name)
        try sample.compareSteps { _, seed in
            AnswerModel(race: sample.race, accuracy: 0.6, delaySeconds: 5...40, seed: seed)
        }
    }

    /// With responses at clock times, as a live race's participants send them (answers with
    /// any choice, leaves), each reaching the server up to 90 s after its time: some land
    /// before the checkpoint, which must then not be used.
    @Test(arguments: SampleRoutes.names) func equalsGamePlayWithLateScheduledResponses(sample name: String) throws {
        let sample = try Sample(name)
        var random = SplitMix64(seed: 7)
        let whole = try RaceReplay(race: sample.race).run(
            TrackFiles.replayInput(sample.tracks, race: sample.race, alignment: .clock, raceStart: sample.start))
        let players = whole.input.names.indices.map { whole.input.participantIDs[$0] ?? whole.input.names[$0] }
        let stops = sample.race.stops
        var responses: [(input: GameInput, arrives: Double)] = []
        for _ in 0..<60 {
            let time = random.uniform(0...sample.end)
            let participant = players[Int(random.next() % UInt64(players.count))]
            let input: GameInput
            if random.next() % 8 == 0 {
                input = .leave(participant: participant, time: time)
            } else {
                let stop = stops[Int(random.next() % UInt64(stops.count))]
                let options = stop.task?.options ?? ["x"]
                let choice = options[Int(random.next() % UInt64(options.count))]
                input = .answer(Answer(participant: participant, stop: stop.id, choice: choice, time: time))
            }
            responses.append((input, time + random.uniform(0...90)))
        }
        try sample.compareSteps { now, _ in
            var file = ResponseFile()
            file.inputs = responses.filter { $0.arrives <= now }.map(\.input)
            return file
        }
    }

    /// A sample race, its tracks, and the comparison of both games at each step.
    private struct Sample {
        let name: String
        let race: Race
        let start: Double
        let tracks: [LoadedTrack]
        /// The last fix, in seconds since the start.
        let end: Double

        init(_ name: String) throws {
            self.name = name
            let folder = SampleRoutes.folder.appendingPathComponent(name)
            race = try #require(try RaceFile.read(path: folder.appendingPathComponent("race.json").path).race)
            start = try #require(race.startTime.flatMap { Timestamp.parse($0) })
            tracks = try TrackFiles.expand([folder.appendingPathComponent("tracks").path]).map {
                try TrackFiles.load($0)
            }
            end = try #require(tracks.flatMap(\.points).map(\.time).max()) - start
        }

        /// Replays the tracks as they arrive step by step and holds the incremental game to
        /// `GamePlay` at each step, with the responder `responder(now, seed)`.
        func compareSteps(responder: (Double, UInt64) -> any Responder) throws {
            let replay = try RaceReplay(race: race)
            let mode = try #require(GameModeRegistry.standard.mode(named: race.mode.name))
            let configuration = mode.configuration(in: race)
            var checkpointed = 0, startedOver = 0, steps = 0
            for (lag, seed) in [(0.0, 1 as UInt64), (5, 2), (60, 3)] {
                var game = IncrementalGamePlay(lag: lag)
                var random = SplitMix64(seed: seed)
                // Each phone's delay shrinks as it catches up: what it sends next is partly older
                // than what the others sent before.
                var delays = tracks.map { _ in random.uniform(0...240) }
                for now in stride(from: 0, through: end + 300, by: max(20, end / 40)) {
                    for k in delays.indices { delays[k] = max(0, delays[k] - random.uniform(0...30)) }
                    let arrived = tracks.indices.compactMap { k -> LoadedTrack? in
                        let points = tracks[k].points.filter { $0.time - start <= now - delays[k] }
                        return points.isEmpty
                            ? nil : LoadedTrack(name: tracks[k].name, file: tracks[k].file, points: points)
                    }
                    guard !arrived.isEmpty else { continue }
                    let result = replay.run(
                        TrackFiles.replayInput(arrived, race: race, alignment: .clock, raceStart: start))
                    let responses = responder(now, seed)
                    // A live race before its end has no end input; one checkpoint serves both.
                    let running = steps % 2 == 0
                    let expected = try GamePlay(
                        result, mode: mode, configuration: configuration, responder: responses, seed: seed,
                        running: running)
                    let actual = try game.play(
                        result, mode: mode, configuration: configuration, responder: responses, seed: seed,
                        running: running)
                    #expect(actual.outcomes == expected.outcomes, "\(name), lag \(lag), at \(now) s")
                    #expect(actual.standings == expected.standings, "\(name), lag \(lag), at \(now) s")
                    #expect(actual.mode == expected.mode)
                    steps += 1
                    if game.checkpointInputs > 0 { checkpointed += 1 }
                }
                startedOver += game.startsOver
            }
            // Not vacuous: most steps played on from a checkpoint, and late inputs made some
            // start over.
            #expect(checkpointed * 2 > steps, "\(name): \(checkpointed) of \(steps) steps from a checkpoint")
            #expect(startedOver > 0, "\(name): the game never started over")
        }
    }
}
