import GeoCore
import Geofencing
import RaceModel
import RaceSimulation
import Testing

/// The replay that takes in only the fixes added (``IncrementalReplay``) against the batch
/// replay of the same fixes from scratch, on seeded random races and fields: tracks grow a few
/// fixes at a time in random turns, a participant listed before another may send a first fix
/// after it (so participants change places), and some updates claim a late fix, which replays
/// the track from its start.
struct IncrementalReplayTests {
    @Test("equals the batch replay at random points of 6 seeded random races")
    func matchesBatchReplay() throws {
        var additional = 0, comparisons = 0, replayedFromStart = 0
        for seed in 1...6 {
            var random = SplitMix64(seed: UInt64(seed) &* 104_729)
            let (race, field) = StreamingSimulationTests.race(&random, participants: 2 + Int(random.next() % 7))
            let loaded = StreamingSimulationTests.loadedTracks(field, &random)
            // Each participant's fixes in the order they arrive: by time, give or take a minute.
            let arrivals = loaded.map { track in
                let clock = TrackFiles.raceClockTrack(track, alignment: .clock, raceStart: 0)
                return (0..<clock.count).map { i in
                    (
                        key: clock.time[i] + random.uniform(0...60),
                        fix: (clock.time[i], clock.latitude[i], clock.longitude[i])
                    )
                }.sorted { $0.key < $1.key }.map(\.fix)
            }
            let replay = try RaceReplay(race: race)
            var incremental = IncrementalReplay(replay: replay)
            var arrived = [Int](repeating: 0, count: loaded.count)
            var tracks = [[(time: Seconds, latitude: Degrees, longitude: Degrees)]](repeating: [], count: loaded.count)
            while arrived.indices.contains(where: { arrived[$0] < arrivals[$0].count }) {
                let p = Int(random.next() % UInt64(loaded.count))
                guard arrived[p] < arrivals[p].count else { continue }
                // The first participant's phone comes online late, once the others are halfway:
                // everyone after them moves one place down, with visits already found.
                let othersHalfway = arrived.indices.dropFirst().allSatisfy { arrived[$0] * 2 >= arrivals[$0].count }
                if p == 0 && !othersHalfway { continue }
                let fed = tracks[p].count
                var unchanged = fed
                for fix in arrivals[p][arrived[p]..<min(arrivals[p].count, arrived[p] + 1 + Int(random.next() % 200))] {
                    // After every fix of the same time or earlier, as the live engine puts it.
                    let position = tracks[p].lastIndex { $0.time <= fix.0 }.map { $0 + 1 } ?? 0
                    tracks[p].insert(fix, at: position)
                    unchanged = min(unchanged, position)
                    arrived[p] += 1
                }
                if unchanged < fed { replayedFromStart += 1 }
                let track = tracks[p]
                incremental.update(loaded[p].name, count: track.count, unchanged: unchanged) { i in
                    (track[i].time, track[i].latitude, track[i].longitude, nil)
                }
                let done = !arrived.indices.contains { arrived[$0] < arrivals[$0].count }
                guard random.next() % 4 == 0 || done else { continue }
                comparisons += 1

                // The slow, obvious reference: the tracks so far, replayed from scratch.
                let prefixes = tracks.indices.filter { !tracks[$0].isEmpty }.map { k in
                    LoadedTrack(name: loaded[k].name, file: loaded[k].file, points: tracks[k])
                }
                let input = TrackFiles.replayInput(prefixes, race: race, alignment: .clock, raceStart: 0)
                let expected = replay.run(input)
                let order = prefixes.enumerated().map { k, track in
                    (key: track.name, name: input.names[k], participantID: input.participantIDs[k])
                }
                let untracked = (prefixes.count..<input.names.count).map { (input.names[$0], input.participantIDs[$0]) }
                let actual = incremental.result(tracks: order, untracked: untracked)

                Self.expectEqual(actual, expected, seed: seed)
                additional += expected.courses.reduce(0) { $0 + $1.additional.count }
            }
        }
        // Not vacuous: late fixes replayed tracks, and visits off the course were compared.
        #expect(replayedFromStart > 20, "only \(replayedFromStart) late fixes")
        #expect(additional > 100, "only \(additional) additional visits in \(comparisons) comparisons")
    }

    @Test("after fixes that reached no stop, reuses its visits and still equals the batch replay")
    func fixesReachingNoStop() throws {
        var reused = 0, comparisons = 0
        for seed in 1...4 {
            var random = SplitMix64(seed: UInt64(seed) &* 7_919)
            let (race, field) = StreamingSimulationTests.race(&random, participants: 2 + Int(random.next() % 3))
            let loaded = StreamingSimulationTests.loadedTracks(field, &random).map { track in
                // In time order, as a phone that never resends sends them.
                let clock = TrackFiles.raceClockTrack(track, alignment: .clock, raceStart: 0)
                let points = (0..<clock.count).map { (clock.time[$0], clock.latitude[$0], clock.longitude[$0]) }
                return LoadedTrack(name: track.name, file: track.file, points: points)
            }
            let replay = try RaceReplay(race: race)
            var incremental = IncrementalReplay(replay: replay)
            var fed = [Int](repeating: 0, count: loaded.count)
            var lastResult: Int?
            var comparedHere = 0
            while comparedHere < 40, fed.indices.contains(where: { fed[$0] < loaded[$0].points.count }) {
                let p = Int(random.next() % UInt64(loaded.count))
                guard fed[p] < loaded[p].points.count else { continue }
                fed[p] += 1
                let points = loaded[p].points
                incremental.update(loaded[p].name, count: fed[p], unchanged: fed[p] - 1) { i in
                    (points[i].time, points[i].latitude, points[i].longitude, nil)
                }
                let unchanged = lastResult == incremental.visitRevision
                guard random.next() % (unchanged ? 8 : 64) == 0 else { continue }
                comparisons += 1
                comparedHere += 1
                if unchanged { reused += 1 }

                let prefixes = loaded.indices.filter { fed[$0] > 0 }.map { k in
                    LoadedTrack(name: loaded[k].name, file: loaded[k].file, points: Array(loaded[k].points[..<fed[k]]))
                }
                let input = TrackFiles.replayInput(prefixes, race: race, alignment: .clock, raceStart: 0)
                let order = prefixes.enumerated().map { k, track in
                    (key: track.name, name: input.names[k], participantID: input.participantIDs[k])
                }
                let untracked = (prefixes.count..<input.names.count).map { (input.names[$0], input.participantIDs[$0]) }
                let actual = incremental.result(tracks: order, untracked: untracked)
                lastResult = incremental.visitRevision
                Self.expectEqual(actual, replay.run(input), seed: seed)
            }
        }
        #expect(reused > 60, "only \(reused) of \(comparisons) results with the visits unchanged")
        #expect(comparisons - reused > 10, "only \(comparisons - reused) results after a visit changed")
    }

    /// Holds an incremental result to the batch replay's: visits, course checks, names, the
    /// last fix's time and the screening (fix rows left out: the two count them differently).
    private static func expectEqual(_ actual: ReplayResult, _ expected: ReplayResult, seed: Int) {
        #expect(Self.withoutRows(actual.visits) == Self.withoutRows(expected.visits), "seed \(seed)")
        #expect(actual.courses.map(\.status) == expected.courses.map(\.status), "seed \(seed)")
        #expect(actual.courses.map(\.punches) == expected.courses.map(\.punches), "seed \(seed)")
        #expect(
            actual.courses.map { Self.withoutRows($0.additional) }
                == expected.courses.map { Self.withoutRows($0.additional) }, "seed \(seed)")
        #expect(actual.input.names == expected.input.names && actual.lastFixTime == expected.lastFixTime)
        #expect(actual.screening.acceptedCount == expected.screening.acceptedCount, "seed \(seed)")
        #expect(
            actual.screening.rejectedCountsByParticipant == expected.screening.rejectedCountsByParticipant,
            "seed \(seed)")
    }

    private static func withoutRows(_ visits: [StopVisit]) -> [StopVisit] {
        visits.map { visit in
            var visit = visit
            visit.fixRow = 0
            return visit
        }
    }
}
