import Foundation
import GameModes
import GeoCore
import RaceKitCore
import RaceLive
import RaceModel
import RaceSimulation
import Testing

/// The leaderboard viewers follow is derived by a replay that takes in only the fixes added
/// since the last time (`LiveRace.leaderboardState()`); the slow, obvious reference derives the
/// whole log from scratch (`LiveRace.refresh()`). On every sample race (every game mode), fed in
/// a shuffled order with late fixes, duplicates, game inputs and a participant of no listed
/// name whose first fixes are in the log before their join (as another instance's can be), the
/// two agree at seeded random points of the log, entry by entry after some of those
/// points, and at its end: the same visits, course checks, game standings and outcomes, and the
/// same leaderboard. Whenever the engine's `leaderboardRevision` stayed the same from one
/// comparison to the next, so did the leaderboard's rows.
@Suite struct IncrementalLeaderboardTests {
    /// The leaderboard rows of the last comparison and the revision they were derived at.
    private struct Ranked {
        var last: (revision: Int, rows: [String])?
        /// Comparisons whose revision was the one before.
        var unchanged = 0
        /// Comparisons whose revision had moved on.
        var changed = 0
    }

    @Test(arguments: LogPrincipleTests.samples) func incrementalEqualsFromScratch(sample name: String) throws {
        let sample = try LogPrincipleTests.Sample(name)
        try check(sample, race: sample.race, startAfter: 0)
    }

    /// Without a start time in the race file, the race clock starts at the organiser's start:
    /// every time the incremental replay took in before it moves, and must be taken in again.
    @Test func theRaceClockMovingAtTheStartReplaysEveryTrack() throws {
        let sample = try LogPrincipleTests.Sample("zurich-old-town")
        var race = sample.race
        race.startTime = nil
        try check(sample, race: race, startAfter: 30)
    }

    /// Feeds `sample`'s deliveries to an engine of `race`, the organiser's start after
    /// `startAfter` batches, comparing the two derivations along the way.
    private func check(_ sample: LogPrincipleTests.Sample, race: Race, startAfter: Int) throws {
        var engine = LiveRace(raceID: "r", race: race)
        for track in sample.tracks {
            let id = TrackFiles.participant(of: track, in: race)?.id ?? track.name
            engine.join(StoredParticipant(raceID: "r", id: id, displayName: track.name, joinedAt: 0))
        }
        var sequence: Int64 = 0
        func apply(_ payload: LogPayload) {
            sequence += 1
            engine.apply(LogEntry(raceID: "r", sequence: sequence, recordedAt: 0, payload: payload))
        }
        // Someone the race does not list, on a copy of the first track a minute behind, who
        // joins after their first fixes (`guestJoins` batches of them).
        let guest = "guest-runner"
        let guestJoins = 3
        var guestSent = 0
        let batches = LogPrincipleTests.deliveries(
            race: race, tracks: sample.tracks, responses: try ResponseFile.parse(sample.responsesText, file: "r.jsonl"),
            start: sample.start)
        let guestFixes = (sample.tracks.first?.points ?? []).map { point in
            LogPayload.fix(
                LiveFix(participant: guest, time: point.time + 60, latitude: point.latitude, longitude: point.longitude)
            )
        }

        var random = SplitMix64(seed: UInt64(sample.tracks.count) &* 7 &+ UInt64(startAfter))
        var comparisons = 0
        var nextComparison = 1
        // After every third comparison, the next few entries are compared one by one: most fixes
        // reach no stop, and the game of a state after those is the one before, not played again.
        var oneByOne = 0
        var gameInputsCompared = 0
        var ranked = Ranked()
        for (n, batch) in batches.enumerated() {
            if n == startAfter { apply(.organiser(.start(time: sample.start))) }
            if n == guestJoins {
                engine.join(StoredParticipant(raceID: "r", id: guest, displayName: "Guest", joinedAt: 0))
                try compare(&engine, &ranked, at: "batch \(n), the guest joined")
            }
            for payload in batch {
                // A game input changes the game whether or not a visit changed: compared just
                // before and just after the first few.
                if case .game = payload, gameInputsCompared < 4 {
                    gameInputsCompared += 1
                    try compare(&engine, &ranked, at: "batch \(n), before a game input")
                    apply(payload)
                    try compare(&engine, &ranked, at: "batch \(n), after a game input")
                    continue
                }
                apply(payload)
                guard oneByOne > 0 else { continue }
                oneByOne -= 1
                try compare(&engine, &ranked, at: "batch \(n), one by one")
            }
            // The guest's phone is quiet in the batch before the join: the fixes taken in at the
            // join are all from before the comparison that came first.
            if n != guestJoins - 1, guestSent < guestFixes.count {
                for payload in guestFixes[guestSent..<min(guestSent + 8, guestFixes.count)] { apply(payload) }
                guestSent += 8
            }
            if n == nextComparison || n == startAfter - 1 || n == guestJoins - 2 {
                try compare(&engine, &ranked, at: "batch \(n)")
                comparisons += 1
                nextComparison = n + 1 + Int(random.next() % UInt64(max(1, batches.count / 25)))
                oneByOne = comparisons % 3 == 0 ? 3 : 0
            }
        }
        try compare(&engine, &ranked, at: "the end")
        #expect(comparisons > 10, "only \(comparisons) comparisons")
        let hasGameInputs = batches.joined().contains { payload in
            if case .game = payload { true } else { false }
        }
        #expect(gameInputsCompared > 0 || !hasGameInputs, "no game input compared")
        #expect(!(engine.refresh().replay?.visits.isEmpty ?? true), "a race without visits proves little")
        #expect(
            ranked.unchanged > 0 && ranked.changed > 0, "revisions: \(ranked.unchanged) same, \(ranked.changed) new")
    }

    private func compare(_ engine: inout LiveRace, _ ranked: inout Ranked, at point: String) throws {
        // Every other time, as a server's update does: the fixes first, then the state.
        if (ranked.changed + ranked.unchanged) % 2 == 1 {
            engine.takeInFixes()
            let revision = engine.leaderboardRevision
            _ = engine.leaderboardState()
            if engine.endedAt == nil {
                #expect(engine.leaderboardRevision == revision, "\(point): the state found fixes not taken in")
            }
        }
        let fast = engine.leaderboardState()
        let slow = engine.refresh()
        #expect(fast.sequence == slow.sequence)
        #expect(fast.problem == slow.problem, "\(point)")
        let fastReplay = try #require(fast.replay), slowReplay = try #require(slow.replay)
        // Rows count differently (tracks one after another, not time-merged): compare the rest.
        func withoutRows(_ visits: [StopVisit]) -> [StopVisit] {
            visits.map { visit in
                var visit = visit
                visit.fixRow = 0
                return visit
            }
        }
        #expect(withoutRows(fastReplay.visits) == withoutRows(slowReplay.visits), "\(point)")
        #expect(fastReplay.courses.map(\.status) == slowReplay.courses.map(\.status), "\(point)")
        #expect(fastReplay.courses.map(\.punches) == slowReplay.courses.map(\.punches), "\(point)")
        #expect(
            fastReplay.courses.map { withoutRows($0.additional) }
                == slowReplay.courses.map { withoutRows($0.additional) },
            "\(point)")
        #expect(fastReplay.courses.map(\.runningTime) == slowReplay.courses.map(\.runningTime), "\(point)")
        #expect(fastReplay.input.names == slowReplay.input.names, "\(point)")
        #expect(fastReplay.input.participantIDs == slowReplay.input.participantIDs, "\(point)")
        #expect(fastReplay.lastFixTime == slowReplay.lastFixTime, "\(point)")
        #expect(fastReplay.screening.acceptedCount == slowReplay.screening.acceptedCount, "\(point)")
        #expect(fastReplay.screening.rejectedCounts == slowReplay.screening.rejectedCounts, "\(point)")
        #expect(
            fastReplay.screening.rejectedCountsByParticipant == slowReplay.screening.rejectedCountsByParticipant,
            "\(point)")
        #expect(fast.game?.standings == slow.game?.standings, "\(point)")
        #expect(fast.game?.outcomes == slow.game?.outcomes, "\(point)")
        let names = Dictionary(uniqueKeysWithValues: engine.participants.map { ($0.id, $0.displayName) })
        let board = LiveLeaderboard(state: fast, status: engine.status, displayNames: names)
        #expect(
            board.snapshot(raceID: "r")
                == LiveLeaderboard(state: slow, status: engine.status, displayNames: names).snapshot(raceID: "r"),
            "\(point)")
        if let last = ranked.last, last.revision == engine.leaderboardRevision {
            #expect(board.rows == last.rows, "\(point): the rows changed, the leaderboard revision did not")
            ranked.unchanged += 1
        } else {
            ranked.changed += 1
        }
        ranked.last = (engine.leaderboardRevision, board.rows)
    }
}
