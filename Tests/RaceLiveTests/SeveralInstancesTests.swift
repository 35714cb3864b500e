import Foundation
import GameModes
import GeoCore
import GeoFormats
import LiveStoreTestSupport
import RaceKitCore
import RaceLive
import RaceLivePostgres
import RaceModel
import RaceSimulation
import Testing

/// Several server instances writing one race's log (issue 16): three runners of one race, each
/// on a store of its own over one database (PostgreSQL) or sharing one store (SQLite), take a
/// sample race's deliveries concurrently, with participants joining on different instances and
/// retried batches landing on another instance than the first try. The log must hold every
/// distinct entry once, numbered without gaps; every instance's engine, once it has followed
/// the log, must give the offline replay's verdict.
@Suite struct SeveralInstancesTests {
    static let sample = "zurich-old-town"

    @Test(arguments: TestStoreKind.allCases)
    func threeInstancesWriteOneLog(_ kind: TestStoreKind) async throws {
        let sample = try LogPrincipleTests.Sample(Self.sample)
        let (raceText, race, start, tracks) = (sample.raceText, sample.race, sample.start, sample.tracks)

        let made = try await TestStores.make(kind)
        var stores: [any LiveStore] = [made.store]
        defer {
            // Closed on failure too (an SQLite connection must not outlive its store).
            let others = stores.dropFirst()
            Task { () async in
                if made.postgresURL != nil { for store in others { try? await store.close() } }
                try? await made.dispose()
            }
        }
        for _ in 1..<3 {
            if let url = made.postgresURL {
                stores.append(try PostgresLiveStore(url: url, maximumConnections: 2))
            } else {
                stores.append(made.store)
            }
        }
        try await made.store.createRace(StoredRace(id: "r1", raceFile: raceText, createdAt: start - 3600))
        var runners: [LiveRaceRunner] = []
        for store in stores { runners.append(try await LiveRaceRunner(raceID: "r1", race: race, store: store)) }
        for (n, track) in tracks.enumerated() {
            let id = TrackFiles.participant(of: track, in: race)?.id ?? track.name
            try await runners[n % 3].join(
                StoredParticipant(raceID: "r1", id: id, displayName: track.name, joinedAt: start - 60))
        }
        _ = try await runners[2].submit([.organiser(.start(time: start))], recordedAt: start)
        let batches = LogPrincipleTests.deliveries(
            race: race, tracks: tracks, responses: try ResponseFile.parse(sample.responsesText, file: "r.jsonl"),
            start: start)

        // Batch n goes to instance n % 3; the three instances run at once.
        let accepted = try await withThrowingTaskGroup(of: Int.self) { group in
            for instance in 0..<3 {
                let runner = runners[instance]
                let mine = batches.enumerated().filter { $0.offset % 3 == instance }
                group.addTask {
                    var accepted = 0
                    for (n, batch) in mine {
                        accepted += try await runner.submit(batch, recordedAt: start + Double(n)).accepted
                    }
                    return accepted
                }
            }
            return try await group.reduce(0, +)
        }

        // Not vacuous: the instances did collide, and numbered again.
        var collisions = 0
        for runner in runners { collisions += await runner.collisions }
        #expect(collisions > 0)

        let entries = try await made.store.entries(raceID: "r1", after: 0)
        #expect(entries.map(\.sequence) == Array(1...Int64(entries.count)))
        #expect(Set(entries.map(\.payload)).count == entries.count, "an entry was stored twice")
        #expect(entries.count == accepted + 1)
        // Over, as `racekit simulate` takes a log to be (until then, who is out is running).
        _ = try await runners[1].submit([.organiser(.end(time: start + 86_400))], recordedAt: start + 86_400)
        let distinctFixes = tracks.reduce(0) { $0 + Set($1.points.map(\.time)).count }
        let expected = RaceReport(replay: sample.offline.replay, startEpoch: start, game: sample.offline.game).json
            .serialized()
        for runner in runners {
            try await runner.follow(to: nil)
            #expect(await runner.race.fixCount == distinctFixes)
            #expect(await runner.race.participants.count == tracks.count)
            #expect(await runner.state().report(startEpoch: start)?.json.serialized() == expected)
        }
    }

    /// PostgreSQL announces each append (once per statement, with its last sequence number)
    /// and each replaced race file to every other store on the database; a listener hears
    /// `resubscribed` first, when its LISTEN is in place.
    @Test func postgresAnnouncesAppendsAndRaceFileChanges() async throws {
        let made = try await TestStores.make(.postgres)
        let url = try #require(made.postgresURL)
        let listener = try PostgresLiveStore(url: url, maximumConnections: 1)
        var announcements = listener.logAnnouncements().makeAsyncIterator()
        #expect(await announcements.next() == .resubscribed)

        try await made.store.createRace(StoredRace(id: "r1", raceFile: "{}", createdAt: 0))
        try await made.store.createRace(StoredRace(id: "r2", raceFile: "{}", createdAt: 0))
        let fixes = (1...5).map { n in
            LogEntry(
                raceID: "r1", sequence: Int64(n), recordedAt: 0,
                payload: .fix(LiveFix(participant: "p", time: Double(n), latitude: 47, longitude: 8)))
        }
        try await made.store.append(fixes)
        #expect(await announcements.next() == .appended(raceID: "r1", sequence: 5))
        try await made.store.append([
            LogEntry(raceID: "r2", sequence: 1, recordedAt: 0, payload: .organiser(.start(time: 1)))
        ])
        #expect(await announcements.next() == .appended(raceID: "r2", sequence: 1))
        try await made.store.updateRaceFile(raceID: "r2", raceFile: #"{"name":"new"}"#)
        #expect(await announcements.next() == .raceFileChanged(raceID: "r2"))
        // An unchanged file is not announced; the next append is what comes next.
        try await made.store.updateRaceFile(raceID: "r2", raceFile: #"{"name":"new"}"#)
        try await made.store.append([
            LogEntry(raceID: "r2", sequence: 2, recordedAt: 0, payload: .organiser(.end(time: 2)))
        ])
        #expect(await announcements.next() == .appended(raceID: "r2", sequence: 2))
        try await listener.close()
        try await made.dispose()
    }
}
