import Foundation
import Hummingbird
import LiveStoreTestSupport
import RaceKitCore
import RaceLive
import RaceModel
import Testing

@testable import RaceServer

/// The SSE stream's timing, without HTTP: a heartbeat comment at the injected interval, the
/// whole leaderboard first, and a changes event (with the next log id) when the log grows.
@Suite struct EventStreamTests {
    /// An ``EventOutlet`` that keeps what is written, can be made slow (not writable) and can
    /// be closed, as a viewer's connection.
    final class Transcript: EventOutlet, @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [String] = []
        private var writable = true
        private var closed = false
        private var onClose: [@Sendable () -> Void] = []

        var all: [String] { lock.withLock { parts } }
        var isWritable: Bool {
            get { lock.withLock { writable } }
            set { lock.withLock { writable = newValue } }
        }

        func begin(with bytes: ByteBuffer) async { keep(bytes) }

        func write(_ message: EventMessage) { keep(message.bytes) }

        private func keep(_ bytes: ByteBuffer) {
            lock.withLock {
                guard !closed else { return }  // as a closed channel drops it
                parts.append(String(buffer: bytes))
            }
        }

        func whenClosed(_ action: @escaping @Sendable () -> Void) {
            let now = lock.withLock {
                if closed { return true }
                onClose.append(action)
                return false
            }
            if now { action() }
        }

        /// The viewer leaves.
        func close() {
            let actions = lock.withLock {
                closed = true
                defer { onClose = [] }
                return onClose
            }
            for action in actions { action() }
        }

        /// Waits (up to about 5 s) until a part satisfies `condition`.
        func wait(for condition: (String) -> Bool) async throws {
            for _ in 0..<500 where !all.contains(where: condition) { try await Task.sleep(for: .milliseconds(10)) }
        }
    }

    /// The flow tests' race in an in-memory store, `participants` joined and the race started.
    static func startedRace(joining participants: [String], standingsSpacing: Duration = .zero) async throws -> (
        SQLiteLiveStore, LiveRaceRunner
    ) {
        let store = try await SQLiteLiveStore(path: nil)
        try await store.migrate()
        let race = try #require(
            RaceFile.decode(try JSONParser.parse(Array(LiveServerFlowTests.raceText.utf8), file: "race")).race)
        try await store.createRace(StoredRace(id: "r", raceFile: LiveServerFlowTests.raceText, createdAt: 0))
        let runner = try await LiveRaceRunner(raceID: "r", race: race, store: store, standingsSpacing: standingsSpacing)
        for id in participants {
            try await runner.join(StoredParticipant(raceID: "r", id: id, displayName: id.capitalized, joinedAt: 0))
        }
        _ = try await runner.submit([.organiser(.start(time: LiveServerFlowTests.start))], recordedAt: 0)
        return (store, runner)
    }

    /// Submits `count` of Anna's fixes a second apart (race time), one submission each, waiting
    /// `pause` after each; the last sequence number.
    static func submitAnnasFixes(_ count: Int, to runner: LiveRaceRunner, pause: Duration) async throws -> Int64 {
        var last: Int64 = 0
        for n in 1...count {
            let fix = LiveFix(
                participant: "anna", time: LiveServerFlowTests.start + Double(n), latitude: 47.3778876,
                longitude: 8.5402755)
            last = try await runner.submit([.fix(fix)], recordedAt: 0).lastSequence
            if pause > .zero { try await Task.sleep(for: pause) }
        }
        return last
    }

    @Test(.hangGuard) func heartbeatAndChanges() async throws {
        let (store, runner) = try await Self.startedRace(joining: ["anna"])
        let transcript = Transcript()
        let stream = StandingsEventStream(
            runner: runner, after: -1, heartbeatSeconds: 0.05, retryMilliseconds: 1500)
        let task = Task { await stream.run(to: transcript) }
        try await transcript.wait { $0.hasPrefix(": heartbeat") }
        let fix = LiveFix(
            participant: "anna", time: LiveServerFlowTests.start + 5, latitude: 47.3778876, longitude: 8.5402755)
        _ = try await runner.submit([.fix(fix)], recordedAt: 0)
        try await transcript.wait { $0.hasPrefix("id: 2\n") }
        let heartbeats = transcript.all.filter { $0.hasPrefix(": heartbeat") }.count
        try await transcript.wait { _ in transcript.all.filter { $0.hasPrefix(": heartbeat") }.count > heartbeats }
        transcript.close()
        await task.value
        let parts = transcript.all
        #expect(parts.first == "retry: 1500\n\n")
        #expect(parts[1].hasPrefix("id: 1\nevent: standings\ndata: {"))
        #expect(
            parts.contains {
                $0.hasPrefix("id: 2\nevent: changes\ndata: {\"raceID\":\"r\",\"sequence\":2,\"after\":1,")
            })
        #expect(parts.filter { $0 == ": heartbeat\n\n" }.count > heartbeats)
        // The viewer left: its subscription is gone once the stream has ended.
        #expect(await runner.viewerCount == 0)
        try await store.close()
    }

    /// When the race ends its viewers (a share link revoked, the race file replaced), an open
    /// stream ends instead of living on with heartbeats, so its viewer reconnects and is checked
    /// again.
    @Test(.hangGuard) func aStreamEndsWhenTheRaceEndsItsViewers() async throws {
        let (store, runner) = try await Self.startedRace(joining: [])
        let transcript = Transcript()
        let stream = StandingsEventStream(
            runner: runner, after: -1, heartbeatSeconds: 0.05, retryMilliseconds: 1500)
        let task = Task { await stream.run(to: transcript) }
        // Subscribed once the first standings are out.
        try await transcript.wait { $0.contains("event: standings") }
        await runner.finishViewers()
        await task.value
        #expect(await runner.viewerCount == 0)
        try await store.close()
    }

    /// A viewer whose connection takes nothing for a while (a slow viewer) skips the updates
    /// meanwhile instead of queueing them, and once it takes bytes again gets the whole, latest
    /// leaderboard: a changes event would not apply to what it holds.
    @Test(.hangGuard) func aSlowViewerSkipsToTheWholeLatestLeaderboard() async throws {
        let (store, runner) = try await Self.startedRace(joining: ["anna"])
        let transcript = Transcript()
        var stream = StandingsEventStream(runner: runner, after: -1, heartbeatSeconds: 0.02, retryMilliseconds: 1500)
        stream.slowViewerRetry = .milliseconds(10)
        let task = Task { [stream] in await stream.run(to: transcript) }
        try await transcript.wait { $0.contains("event: standings") }
        transcript.isWritable = false
        let before = transcript.all.count
        let last = try await Self.submitAnnasFixes(10, to: runner, pause: .milliseconds(5))
        try await Task.sleep(for: .milliseconds(100))
        #expect(transcript.all.count == before, "nothing is written while the viewer is slow")
        transcript.isWritable = true
        try await transcript.wait { $0.hasPrefix("id: \(last)\n") }
        let events = transcript.all[before...].filter { $0.hasPrefix("id: ") }
        #expect(events.first?.hasPrefix("id: \(last)\nevent: standings\n") == true, "\(events)")
        transcript.close()
        await task.value
        try await store.close()
    }

    /// A busy race's changes fold into at most one event per interval, and the last change
    /// still reaches the viewer.
    @Test(.hangGuard) func changesWithinTheIntervalFoldIntoOneEvent() async throws {
        let interval = 0.2
        let (store, runner) = try await Self.startedRace(joining: ["anna"], standingsSpacing: .seconds(interval))
        let transcript = Transcript()
        let stream = StandingsEventStream(runner: runner, after: -1, heartbeatSeconds: 30, retryMilliseconds: 1500)
        let task = Task { await stream.run(to: transcript) }
        try await transcript.wait { $0.contains("event: standings") }
        let began = ContinuousClock.now
        let last = try await Self.submitAnnasFixes(60, to: runner, pause: .milliseconds(10))
        try await transcript.wait { $0.hasPrefix("id: \(last)\n") }
        let elapsed = (ContinuousClock.now - began) / .seconds(1)
        #expect(transcript.all.contains { $0.hasPrefix("id: \(last)\n") }, "the last change never arrived")
        let events = transcript.all.filter { $0.hasPrefix("id: ") }.count - 1
        #expect(events >= 1)
        #expect(Double(events) <= elapsed / interval + 2, "\(events) events in \(elapsed) s")
        transcript.close()
        await task.value
        try await store.close()
    }

    /// Each update is built once and handed to every viewer: many viewers of a busy race all
    /// end with the latest leaderboard, and leave no subscription behind.
    @Test(.hangGuard) func everyViewerGetsTheLatestStandings() async throws {
        let (store, runner) = try await Self.startedRace(joining: ["anna"], standingsSpacing: .milliseconds(20))
        let transcripts = (0..<40).map { _ in Transcript() }
        let tasks = transcripts.map { transcript in
            Task {
                await StandingsEventStream(runner: runner, after: -1, heartbeatSeconds: 30, retryMilliseconds: 1500)
                    .run(to: transcript)
            }
        }
        for transcript in transcripts { try await transcript.wait { $0.contains("event: standings") } }
        let last = try await Self.submitAnnasFixes(30, to: runner, pause: .zero)
        let lastID = "id: \(last)\n"
        for transcript in transcripts { try await transcript.wait { $0.hasPrefix(lastID) } }
        let behind = transcripts.filter { !$0.all.contains { $0.hasPrefix(lastID) } }.count
        #expect(behind == 0, "\(behind) of \(transcripts.count) viewers never got sequence \(last)")
        // Ids only grow within each stream.
        for transcript in transcripts {
            let ids = transcript.all.compactMap { part -> Int64? in
                guard part.hasPrefix("id: ") else { return nil }
                return Int64(part.dropFirst(4).prefix { $0 != "\n" })
            }
            #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        }
        for transcript in transcripts { transcript.close() }
        for task in tasks { await task.value }
        #expect(await runner.viewerCount == 0)
        try await store.close()
    }
}
