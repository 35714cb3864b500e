import GameModes
import GeoCore
import Geofencing
import RaceModel
import RaceSimulation
import Testing

/// The track-by-track simulation against the batch replay: the same report, byte for byte, in
/// every format.
struct StreamingSimulationTests {
    /// Loaded tracks from a synthetic field, with what real files have: a fix repeated, fixes
    /// out of order, a jump too fast to be real, a track from another clock (shifted).
    static func loadedTracks(_ field: SyntheticField, _ random: inout SplitMix64) -> [LoadedTrack] {
        field.tracks(startTime: 0).enumerated().map { p, track in
            var points: [(time: Seconds, latitude: Degrees, longitude: Degrees)] = []
            let shift = random.next() % 4 == 0 ? random.uniform(-3_000...3_000) : 0
            for (k, fix) in track.fixes.enumerated() {
                let at = (
                    time: fix.time + shift, latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude
                )
                points.append(at)
                switch random.next() % 150 {
                case 0: points.append(at)
                case 1 where k > 5: points.append((at.time - 3, at.latitude, at.longitude))
                case 2:
                    let away = fix.coordinate.destination(bearingDegrees: 90, distanceMeters: 2_000)
                    points.append((at.time + 0.5, away.latitude, away.longitude))
                default: break
                }
            }
            return LoadedTrack(name: track.participant, file: "track-\(p).gpx", points: points)
        }
    }

    /// A random race whose first few tracks belong to listed participants (one listed
    /// participant has no track: it did not start).
    static func race(_ random: inout SplitMix64, participants: Int) -> (Race, SyntheticField) {
        var race = StreamingReplayTests.randomRace(&random)
        let field = SyntheticField(
            race: race, options: SyntheticField.Options(participants: participants), seed: random.next())
        for (k, name) in field.names.prefix(2).enumerated() {
            race.participants.append(Participant(id: "p\(k)", name: name))
        }
        race.participants.append(Participant(id: "nobody", name: "Nobody"))
        return (race, field)
    }

    @Test("equals the batch report in all six formats on 16 seeded random races, with a game and flags")
    func matchesBatch() throws {
        var flagged = 0, legs = 0
        for seed in 1...16 {
            var random = SplitMix64(seed: UInt64(seed) &* 7_919)
            let (race, field) = Self.race(&random, participants: 2 + Int(random.next() % 9))
            let tracks = Self.loadedTracks(field, &random)
            let alignment: TrackAlignment = seed % 2 == 0 ? .clock : .start
            var limits = CheatFlags.Limits()
            limits.maximumSpeedMetersPerSecond = random.uniform(2.5...4)
            let replay = try RaceReplay(race: race)
            let mode = try #require(GameModeRegistry.standard.mode(named: race.mode.name))

            let input = TrackFiles.replayInput(tracks, race: race, alignment: alignment, raceStart: 0)
            let batchReplay = replay.run(input)
            let batchGame = try GamePlay(batchReplay, mode: mode, responder: nil, seed: UInt64(seed))
            let batch = RaceReport(replay: batchReplay, startEpoch: 0, game: batchGame, cheatLimits: limits)

            var simulation = StreamingSimulation(replay: replay, cheatLimits: limits, keepingTracks: true)
            var names: [String] = [], ids: [String?] = []
            for track in tracks {
                let owner = TrackFiles.participant(of: track, in: race)
                names.append(owner?.name ?? track.name)
                ids.append(owner?.id)
                simulation.add(
                    TrackFiles.raceClockTrack(track, alignment: alignment, raceStart: 0), participantID: owner?.id)
            }
            let untracked = TrackFiles.participantsWithoutTrack(race, tracked: ids)
            let streamed = simulation.finish(names: names + untracked.map(\.name), participantIDs: untracked.map(\.id))
            let game = try GamePlay(streamed.replay, mode: mode, responder: nil, seed: UInt64(seed))
            let report = RaceReport(streamed, startEpoch: 0, game: game)

            #expect(report.table == batch.table, "seed \(seed): table")
            #expect(report.json.serialized() == batch.json.serialized(), "seed \(seed): JSON")
            #expect(report.splitsCSV == batch.splitsCSV, "seed \(seed): CSV")
            #expect(report.iofResultList == batch.iofResultList, "seed \(seed): IOF XML")
            #expect(report.html == batch.html, "seed \(seed): HTML")
            #expect(
                report.geoJSON.serialized(pretty: false) == batch.geoJSON.serialized(pretty: false),
                "seed \(seed): GeoJSON")
            #expect(report.legs.legs == batch.legs.legs, "seed \(seed): legs")
            // Flags point at rows in feeding order, which differ; everything else is equal.
            func strip(_ flags: CheatFlags) -> [String] {
                flags.flags.map { "\($0.kind) \($0.participant) \($0.time) \($0.evidence)" }
            }
            #expect(strip(report.flags) == strip(batch.flags), "seed \(seed): flags")
            #expect(streamed.replay.visits.count == batchReplay.visits.count, "seed \(seed): visits")
            flagged += batch.flags.flags.count
            legs += batch.legs.legs.count
        }
        #expect(flagged > 20, "too few flags to compare: \(flagged)")
        #expect(legs > 100, "too few legs to compare: \(legs)")
    }

    @Test("keeps no fixes unless asked, and says when the field ran last")
    func keepsNoFixes() throws {
        var random = SplitMix64(seed: 5)
        let (race, field) = Self.race(&random, participants: 4)
        let tracks = Self.loadedTracks(field, &random)
        var simulation = StreamingSimulation(replay: try RaceReplay(race: race))
        var latest = -Double.infinity
        for track in tracks {
            let clock = TrackFiles.raceClockTrack(track, alignment: .clock, raceStart: 0)
            latest = max(latest, clock.time.max() ?? latest)
            simulation.add(clock, participantID: nil)
        }
        let result = simulation.finish(names: tracks.map(\.name))
        #expect(result.replay.input.positions.count == 0)
        #expect(result.replay.events.isEmpty)
        #expect(!result.replay.visits.isEmpty)
        #expect(result.replay.lastFixTime == latest)
    }
}
