import Foundation
import GeoCore
import Hummingbird
import LiveStoreTestSupport
import RaceKitCore
import RaceLive
import RaceModel
import Testing

@testable import RaceServer

/// A viewer that starts from the `standings` event and applies each `changes` event to the
/// leaderboard it holds has, after every event, the leaderboard derived from scratch from the
/// log up to that event's id: over seeded random races where runners reach stops in any order,
/// send late fixes, and overtake each other.
@Suite struct LeaderboardChangesTests {
    /// The leaderboard a viewer holds, as the live page keeps it.
    private struct Held {
        var sequence: Int64
        var status: String
        var rows: [String: JSONValue] = [:]
        var order: [String] = []

        var orderedRows: [JSONValue] { order.compactMap { rows[$0] } }
    }

    /// The flow tests' race, or the same race without question gates (so runners move on).
    private static func race(gated: Bool) -> String {
        gated
            ? LiveServerFlowTests.raceText
            : LiveServerFlowTests.raceText.replacingOccurrences(
                of: "\"questionGate\": true", with: "\"questionGate\": false")
    }

    @Test(.hangGuard, arguments: [(1, true), (2, false), (3, false), (4, false), (5, true), (6, false)])
    func changesRebuildTheLeaderboard(seed: UInt64, gated: Bool) async throws {
        let text = Self.race(gated: gated)
        let race = try #require(RaceFile.decode(try JSONParser.parse(Array(text.utf8), file: "race")).race)
        let store = try await SQLiteLiveStore(path: nil)
        try await store.migrate()
        try await store.createRace(StoredRace(id: "r", raceFile: text, createdAt: 0))
        let runner = try await LiveRaceRunner(raceID: "r", race: race, store: store, standingsSpacing: .zero)
        let people = (0..<6).map { "p\($0)" }
        for id in people {
            try await runner.join(StoredParticipant(raceID: "r", id: id, displayName: "Runner \(id)", joinedAt: 0))
        }
        _ = try await runner.submit([.organiser(.start(time: LiveServerFlowTests.start))], recordedAt: 0)

        let transcript = EventStreamTests.Transcript()
        let stream = StandingsEventStream(runner: runner, after: -1, heartbeatSeconds: 30, retryMilliseconds: 1500)
        let task = Task { await stream.run(to: transcript) }
        while !transcript.all.contains(where: { $0.contains("event: standings") }) {
            try await Task.sleep(for: .milliseconds(5))
        }

        // Each runner walks the stops in a random order, a fix every 20 s at a stop or between
        // stops; one fix in ten is sent late (an earlier time).
        var random = SplitMix64(seed: seed)
        var clocks = Dictionary(uniqueKeysWithValues: people.map { ($0, 0.0) })
        var last: Int64 = 0
        for _ in 0..<160 {
            let id = people[Int(random.next() % UInt64(people.count))]
            clocks[id, default: 0] += 20
            let late = random.nextUnit() < 0.1
            let time = LiveServerFlowTests.start + clocks[id, default: 0] - (late ? 15 : 0)
            let stop = try #require(race.stops[Int(random.next() % UInt64(race.stops.count))].centre)
            let atStop = random.nextUnit() < 0.6
            let fix = LiveFix(
                participant: id, time: time, latitude: stop.latitude + (atStop ? 0 : 0.002),
                longitude: stop.longitude + (atStop ? 0 : 0.002), accuracyMeters: 5)
            last = try await runner.submit([.fix(fix)], recordedAt: 0).lastSequence
            if random.nextUnit() < 0.3 { try await Task.sleep(for: .milliseconds(2)) }
        }
        _ = try await runner.submit([.organiser(.end(time: LiveServerFlowTests.start + 7_200))], recordedAt: 0)
        await task.value  // the stream closes after the final leaderboard

        let entries = try await store.entries(raceID: "r", after: 0)
        let participants = try await store.participants(raceID: "r")
        var held: Held?
        var changesApplied = 0
        for part in transcript.all where part.hasPrefix("id: ") {
            let lines = part.split(separator: "\n")
            let sequence = try #require(Int64(lines[0].dropFirst(4)))
            let data = try JSONParser.parse(Array(lines[2].dropFirst(6).utf8), file: "event")
            if lines[1] == "event: standings" {
                var fresh = Held(sequence: sequence, status: data["status"]?.string ?? "")
                for row in data["rows"]?.array ?? [] {
                    let id = try #require(row["id"]?.string)
                    fresh.rows[id] = row
                    fresh.order.append(id)
                }
                held = fresh
            } else {
                #expect(lines[1] == "event: changes")
                var current = try #require(held, "changes before any standings")
                #expect(data["after"]?.number.map { Int64($0) } == current.sequence, "changes to another leaderboard")
                for row in data["rows"]?.array ?? [] { current.rows[try #require(row["id"]?.string)] = row }
                if let order = data["order"]?.array {
                    current.order = order.compactMap(\.string)
                    let kept = Set(current.order)
                    current.rows = current.rows.filter { kept.contains($0.key) }
                }
                current.sequence = sequence
                current.status = data["status"]?.string ?? ""
                held = current
                changesApplied += 1
            }
            let viewer = try #require(held)
            let reference = Self.leaderboard(race: race, participants: participants, entries: entries, upTo: sequence)
            let expected = try JSONParser.parse(Array(reference.snapshot(raceID: "r").utf8), file: "reference")
            #expect(viewer.orderedRows == expected["rows"]?.array, "at \(sequence)")
            #expect(viewer.order.count == viewer.rows.count, "at \(sequence)")
            #expect(viewer.status == reference.status)
        }
        #expect(held?.sequence == last + 1, "the viewer did not end at the race's end")
        #expect(changesApplied > 10, "only \(changesApplied) changes events")
        try await store.close()
    }

    /// The obvious reference: a new engine fed the log's entries up to `sequence`.
    private static func leaderboard(
        race: Race, participants: [StoredParticipant], entries: [LogEntry], upTo sequence: Int64
    ) -> LiveLeaderboard {
        var engine = LiveRace(raceID: "r", race: race)
        for participant in participants { engine.join(participant) }
        for entry in entries where entry.sequence <= sequence { engine.apply(entry) }
        return LiveLeaderboard(
            state: engine.refresh(), status: engine.status,
            displayNames: Dictionary(uniqueKeysWithValues: participants.map { ($0.id, $0.displayName) }))
    }
}
