import GeoCore
import Geofencing
import RaceModel
import RaceSimulation
import Testing

/// The streaming replay against the batch one: the same visits, course checks and screening.
struct StreamingReplayTests {
    /// A race of 6–14 stops scattered within about 1.5 km, radii 12–40 m, one course over them.
    static func randomRace(_ random: inout SplitMix64) -> Race {
        let centre = Coordinate(uncheckedLatitude: random.uniform(-60...60), longitude: random.uniform(-179...179))
        var builder = RaceBuilder(name: "Random").timeLimit(minutes: 60)
        for i in 0..<(6 + Int(random.next() % 9)) {
            let at = centre.destination(
                bearingDegrees: random.uniform(0...360), distanceMeters: random.uniform(0...1500))
            builder = builder.stop("S\(i)", at: at, id: "s\(i)", radius: random.uniform(12...40))
        }
        return builder.build()
    }

    /// Every fix of every track, merged in time order (ties: participant order), with faults
    /// mixed in: a repeated fix, one from the past, and a jump too fast to be real.
    static func mergedRows(_ tracks: [SyntheticTrack], _ random: inout SplitMix64) -> [(Int, Seconds, Coordinate)] {
        var rows: [(Int, Seconds, Coordinate)] = []
        for (p, track) in tracks.enumerated() {
            for (k, fix) in track.fixes.enumerated() {
                rows.append((p, fix.time, fix.coordinate))
                switch random.next() % 200 {
                case 0: rows.append((p, fix.time, fix.coordinate))  // duplicate
                case 1 where k > 5: rows.append((p, fix.time - 3, fix.coordinate))  // out of order
                case 2:
                    rows.append(
                        (p, fix.time + 0.5, fix.coordinate.destination(bearingDegrees: 90, distanceMeters: 5000)))
                default: break
                }
            }
        }
        // A stable sort by time keeps each participant's own order (faults included).
        return rows.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element)
    }

    @Test("equals the batch replay on 24 seeded random races and fields, faults included")
    func matchesBatch() throws {
        for seed in 1...24 {
            var random = SplitMix64(seed: UInt64(seed))
            let race = Self.randomRace(&random)
            var options = SyntheticField.Options(participants: 2 + Int(random.next() % 7))
            options.noiseMeters = random.uniform(0...12)
            let field = SyntheticField(race: race, options: options, seed: UInt64(seed))
            let tracks = field.tracks(startTime: 0)
            let rows = Self.mergedRows(tracks, &random)
            let names = tracks.map(\.participant)

            var columns = PositionColumns()
            for (p, t, c) in rows {
                columns.append(participant: Int32(p), time: t, latitude: c.latitude, longitude: c.longitude)
            }
            let replay = try RaceReplay(race: race)
            let batch = replay.run(ReplayInput(names: names, positions: columns))

            var stream = StreamingReplay(replay: replay)
            for (p, t, c) in rows {
                stream.ingest(participant: p, time: t, latitude: c.latitude, longitude: c.longitude)
            }
            let summary = stream.finish(names: names)

            #expect(!batch.visits.isEmpty, "seed \(seed): the field visits no stop, the comparison is empty")
            #expect(summary.visits == batch.visits, "seed \(seed): visits differ")
            #expect(summary.courses == batch.courses, "seed \(seed): course checks differ")
            #expect(summary.screening == batch.screening, "seed \(seed): screening differs")
            #expect(summary.eventCount == batch.events.count, "seed \(seed): event counts differ")
        }
    }

    @Test("fed one participant after another it finds the same visits as time-merged")
    func orderOfParticipants() throws {
        var random = SplitMix64(seed: 99)
        let race = Self.randomRace(&random)
        let field = SyntheticField(race: race, options: SyntheticField.Options(participants: 5), seed: 7)
        let tracks = field.tracks(startTime: 0)
        let replay = try RaceReplay(race: race)
        var merged = StreamingReplay(replay: replay), sequential = StreamingReplay(replay: replay)
        for (p, t, c) in Self.mergedRows(tracks, &random) {
            merged.ingest(participant: p, time: t, latitude: c.latitude, longitude: c.longitude)
        }
        for (p, track) in tracks.enumerated() {
            for fix in track.fixes {
                sequential.ingest(
                    participant: p, time: fix.time, latitude: fix.coordinate.latitude,
                    longitude: fix.coordinate.longitude)
            }
        }
        let names = tracks.map(\.participant)
        let a = merged.finish(names: names), b = sequential.finish(names: names)
        // Rows are numbered in feeding order, so compare everything but the row.
        func strip(_ visits: [StopVisit]) -> [[Double]] {
            visits.map { [Double($0.participant), Double($0.stop), $0.time, $0.leftAt ?? -1] }
        }
        #expect(!a.visits.isEmpty)
        #expect(strip(a.visits) == strip(b.visits))
        #expect(a.courses.map(\.status) == b.courses.map(\.status))
    }

    @Test("a participant named but never fed did not start")
    func silentParticipant() throws {
        var random = SplitMix64(seed: 5)
        let race = Self.randomRace(&random)
        var stream = StreamingReplay(replay: try RaceReplay(race: race))
        stream.ingest(participant: 0, time: 0, latitude: 0, longitude: 0)
        let summary = stream.finish(names: ["A", "B"])
        #expect(summary.courses.count == 2 && summary.courses[1].status == .didNotStart)
        #expect(summary.screening.acceptedCount == 1)
    }
}
