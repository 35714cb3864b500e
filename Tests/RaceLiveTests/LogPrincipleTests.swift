import Foundation
import GameModes
import GeoCore
import GeoFormats
import RaceKitCore
import RaceLive
import RaceModel
import RaceSimulation
import RaceTestSupport
import Testing

/// The principle of issue 15: a live race's state is a function of its log. Every sample race
/// in Routes/ is fed into the engine through the SQLite store in an interleaved, partly
/// out-of-order order with duplicates and retried batches, the server restarted halfway; the
/// engine's final visits, statuses and game verdict must equal the offline path of
/// `racekit simulate` on the original tracks, and on the exported log.
@Suite struct LogPrincipleTests {
    static let routes = SampleRoutes.folder

    static var samples: [String] { SampleRoutes.names }

    @Test func everySampleRaceIsThere() {
        #expect(Self.samples.count >= 5)
    }

    /// A sample race of Routes/ with its tracks, the game inputs fed to it, and the offline
    /// path's result (as `racekit simulate race.json tracks/ --responses r.jsonl` gives it).
    struct Sample {
        let raceText: String
        let race: Race
        let start: Double
        let tracks: [LoadedTrack]
        let responsesText: String
        let offline: (replay: ReplayResult, game: GamePlay?)

        init(_ name: String) throws {
            let folder = LogPrincipleTests.routes.appendingPathComponent(name)
            let racePath = folder.appendingPathComponent("race.json").path
            raceText = try String(contentsOfFile: racePath, encoding: .utf8)
            race = try #require(try RaceFile.read(path: racePath).race)
            start = try #require(race.startTime.flatMap { Timestamp.parse($0) })
            tracks = try TrackFiles.expand([folder.appendingPathComponent("tracks").path]).map {
                try TrackFiles.load($0)
            }
            responsesText = try LogPrincipleTests.responses(race: race, tracks: tracks, start: start)
            offline = try LogPrincipleTests.simulate(race: race, tracks: tracks, start: start, responses: responsesText)
        }
    }

    @Test(arguments: samples) func liveEqualsOffline(sample name: String) async throws {
        let sample = try Sample(name)
        let (raceText, race, start, tracks) = (sample.raceText, sample.race, sample.start, sample.tracks)
        let (responsesText, offline) = (sample.responsesText, sample.offline)

        // The live path: SQLite store in a temporary folder, fixes shuffled, duplicated, retried.
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("racekit-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let dbPath = dataDir.appendingPathComponent("racekit.sqlite").path
        var store = try await SQLiteLiveStore(path: dbPath)
        try await store.migrate()
        try await store.createRace(StoredRace(id: "r1", raceFile: raceText, createdAt: start - 3600))
        var runner = try await LiveRaceRunner(raceID: "r1", race: race, store: store)
        for track in tracks {
            let id = TrackFiles.participant(of: track, in: race)?.id ?? track.name
            try await runner.join(
                StoredParticipant(raceID: "r1", id: id, displayName: track.name, joinedAt: start - 60))
        }
        _ = try await runner.submit([.organiser(.start(time: start))], recordedAt: start)
        let batches = Self.deliveries(
            race: race, tracks: tracks, responses: try ResponseFile.parse(responsesText, file: "r.jsonl"), start: start)
        var stored = 0
        for (n, batch) in batches.enumerated() {
            stored += try await runner.submit(batch, recordedAt: start + Double(n)).accepted
            if n % 97 == 0 { _ = await runner.state() }  // viewers look at intermediate states
            if n == batches.count / 2 {
                // Restart: a new store connection and a runner rebuilt from the log alone.
                try await store.close()
                store = try await SQLiteLiveStore(path: dbPath)
                try await store.migrate()
                runner = try await LiveRaceRunner(raceID: "r1", race: race, store: store)
            }
        }
        let distinctFixes = tracks.reduce(0) { $0 + Set($1.points.map(\.time)).count }
        #expect(await runner.race.fixCount == distinctFixes)
        // The organiser ends the race after everything: until then the game is still on (who
        // has not finished is running), where `racekit simulate` takes a log as a race over.
        let lastTime =
            batches.joined().map { payload -> Double in
                switch payload {
                case .fix(let fix): return fix.time
                case .game(let input): return input.time
                case .organiser(let action): return action.time
                }
            }.max() ?? start
        _ = try await runner.submit([.organiser(.end(time: lastTime + 1))], recordedAt: lastTime + 1)
        let live = await runner.state()
        let liveReplay = try #require(live.replay)
        // Not vacuous: the race has visits and a game whose outcomes include answers to score.
        #expect(!offline.replay.visits.isEmpty)
        #expect(offline.game != nil && live.game != nil)
        #expect(live.problem == nil)
        #expect(liveReplay.visits == offline.replay.visits)
        #expect(liveReplay.courses.map(\.status) == offline.replay.courses.map(\.status))
        #expect(liveReplay.courses == offline.replay.courses)
        #expect(live.game?.standings == offline.game?.standings)
        #expect(live.game?.outcomes == offline.game?.outcomes)
        #expect(
            live.report(startEpoch: start)?.json.serialized()
                == RaceReport(replay: offline.replay, startEpoch: start, game: offline.game).json.serialized())
        // Every entry is stored once: the retries and duplicates added nothing to the log.
        let entries = try await store.entries(raceID: "r1", after: 0)
        #expect(entries.map(\.sequence) == Array(1...Int64(entries.count)))
        #expect(entries.count == stored + 2)  // and the organiser's start and end

        // The exported log, read back as `racekit simulate` reads files, gives the same again.
        let exportDir = dataDir.appendingPathComponent("export").path
        try LogExport(await runner.race).write(to: exportDir, raceFile: raceText)
        let exported = try TrackFiles.expand([exportDir + "/tracks"]).map { try TrackFiles.load($0) }
        // Late fixes went into their places: each exported track is in time order, without repeats.
        for track in exported {
            #expect(zip(track.points, track.points.dropFirst()).allSatisfy { $0.time < $1.time }, "\(track.file)")
        }
        let exportedResponses = try String(contentsOfFile: exportDir + "/responses.jsonl", encoding: .utf8)
        let again = try Self.simulate(race: race, tracks: exported, start: start, responses: exportedResponses)
        #expect(again.replay.visits == offline.replay.visits)
        #expect(again.replay.courses == offline.replay.courses)
        #expect(again.game?.standings == offline.game?.standings)
        #expect(again.game?.outcomes == offline.game?.outcomes)
        try await store.close()
    }

    /// `racekit simulate`'s path in library calls (SimulateCommand.run with --responses).
    static func simulate(race: Race, tracks: [LoadedTrack], start: Double, responses: String) throws -> (
        replay: ReplayResult, game: GamePlay?
    ) {
        let input = TrackFiles.replayInput(tracks, race: race, alignment: .clock, raceStart: start)
        let replay = try RaceReplay(race: race).run(input)
        guard let mode = GameModeRegistry.standard.mode(named: race.mode.name) else { return (replay, nil) }
        let file = try ResponseFile.parse(responses, file: "responses.jsonl")
        return (
            replay,
            try GamePlay(replay, mode: mode, configuration: mode.configuration(in: race), responder: file, seed: 1)
        )
    }

    /// Answers for every question a participant reaches (20 s after the visit, in whole seconds
    /// so the race clock and epoch times convert exactly both ways; alternating the
    /// first and the last option) and, in races of three or more, the second participant
    /// leaving two thirds of the way through: the game inputs the live run feeds as well.
    static func responses(race: Race, tracks: [LoadedTrack], start: Double) throws -> String {
        let replay = try RaceReplay(race: race).run(
            TrackFiles.replayInput(tracks, race: race, alignment: .clock, raceStart: start))
        var lines: [String] = []
        let ids = replay.input.names.indices.map { replay.input.participantIDs[$0] ?? replay.input.names[$0] }
        for (n, visit) in replay.visits.enumerated() {
            guard let task = race.stops[visit.stop].task,
                let option = n % 2 == 0 ? task.options.first : task.options.last
            else { continue }
            let line = JSONValue.object([
                JSONMember("participant", .string(ids[visit.participant])),
                JSONMember("stop", .string(race.stops[visit.stop].id)),
                JSONMember("choice", .string(option)), JSONMember("time", .number((visit.time + 20).rounded(.up))),
            ])
            lines.append(line.serialized(pretty: false))
        }
        if tracks.count >= 3, let last = replay.input.positions.time.last {
            lines.append(#"{"participant":"\#(ids[1])","leave":true,"time":\#((last * 2 / 3).rounded())}"#)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Every fix and response as a phone would deliver them: merged by time with up to two
    /// minutes of seeded jitter (late fixes across and within participants), 5 % sent twice,
    /// cut into batches of 1 to 40 of which every ninth is retried whole.
    static func deliveries(race: Race, tracks: [LoadedTrack], responses: ResponseFile, start: Double) -> [[LogPayload]]
    {
        var random = SplitMix64(seed: 15)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        var timed: [(key: Double, payload: LogPayload)] = []
        for track in tracks {
            let id = TrackFiles.participant(of: track, in: race)?.id ?? track.name
            for point in track.points {
                let payload = LogPayload.fix(
                    LiveFix(
                        participant: id, time: point.time, latitude: point.latitude, longitude: point.longitude,
                        accuracyMeters: 5))
                timed.append((point.time + uniform() * 120, payload))
                if uniform() < 0.05 { timed.append((point.time + 300 + uniform() * 600, payload)) }
            }
        }
        for input in responses.inputs {
            guard let participant = input.participant else { continue }
            let kind: LiveGameInput.Kind
            switch input {
            case .answer(let a): kind = .answer(stop: a.stop, choice: a.choice)
            case .submission(let s): kind = .submission(round: s.round, text: s.text)
            case .leave: kind = .leave
            default: continue
            }
            timed.append(
                (
                    start + input.time + uniform() * 30,
                    .game(LiveGameInput(participant: participant, time: start + input.time, kind: kind))
                ))
        }
        timed.sort { $0.key < $1.key }
        var batches: [[LogPayload]] = []
        var index = 0
        while index < timed.count {
            let size = 1 + Int(random.next() % 40)
            let batch = timed[index..<min(index + size, timed.count)].map(\.payload)
            batches.append(batch)
            if batches.count % 9 == 0 { batches.append(batch) }
            index += size
        }
        return batches
    }
}
