import Foundation
import GameModes
import GeoCore
import GeoFormats
import RaceModel
import RaceSimulation
import RaceTestSupport
import Testing

/// The game played on from a checkpoint (``IncrementalGamePlay``) against `GamePlay` from
/// scratch, the slow obvious reference: on every sample race's mode, with a seeded answer
/// model (its answers come seconds after each question, so some fall after the checkpoint),
/// the tracks growing in time steps with each phone behind by its own, shrinking delay (so
/// fixes from before the checkpoint arrive late), at several lags. The same outcomes and
/// standings at every step.
struct IncrementalGamePlayTests {
    @Test(arguments: SampleRoutes.names) func equalsGamePlayFromScratch(sample name: String) throws {
        let folder = SampleRoutes.folder.appendingPathComponent(name)
        let race = try #require(try RaceFile.read(path: folder.appendingPathComponent("race.json").path).race)
        let start = try #require(race.startTime.flatMap { Timestamp.parse($0) })
        let tracks = try TrackFiles.expand([folder.appendingPathComponent("tracks").path]).map {
            try TrackFiles.load($0)
        }
        let replay = try RaceReplay(race: race)
        let mode = try #require(GameModeRegistry.standard.mode(named: race.mode.name))
        let configuration = mode.configuration(in: race)
        let end = try #require(tracks.flatMap(\.points).map(\.time).max()) - start
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
                let responder = AnswerModel(race: race, accuracy: 0.6, delaySeconds: 5...40, seed: seed)
                // A live race before its end has no end input; one checkpoint serves both.
                let running = steps % 2 == 0
                let expected = try GamePlay(
                    result, mode: mode, configuration: configuration, responder: responder, seed: seed,
                    running: running)
                let actual = try game.play(
                    result, mode: mode, configuration: configuration, responder: responder, seed: seed,
                    running: running)
                #expect(actual.outcomes == expected.outcomes, "\(name), lag \(lag), at \(now) s")
                #expect(actual.standings == expected.standings, "\(name), lag \(lag), at \(now) s")
                #expect(actual.mode == expected.mode)
                steps += 1
                if game.checkpointInputs > 0 { checkpointed += 1 }
            }
            startedOver += game.startsOver
        }
        // Not vacuous: most steps played on from a checkpoint, and late fixes made some start over.
        #expect(checkpointed * 2 > steps, "\(name): \(checkpointed) of \(steps) steps from a checkpoint")
        #expect(startedOver > 0, "\(name): the game never started over")
    }
}
