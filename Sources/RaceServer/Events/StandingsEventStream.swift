import Hummingbird
import RaceLive
import ServiceLifecycle

/// One viewer's Server-Sent Events stream of a race's leaderboard: `retry:` first, then the
/// whole leaderboard (`event: standings`) and, whenever the log grows, what changed
/// (`event: changes`); each event's `id:` is the log's sequence number, so `Last-Event-ID`
/// resumes exactly. A heartbeat comment every ``heartbeatSeconds``.
///
/// The race's runner builds each update once for all its viewers, at most one per its
/// `standingsSpacing`, and hands it to each stream (`LiveRaceRunner.subscribe(deliver:finish:)`).
/// A viewer never queues more than a few updates: a slow viewer skips to the newest, and
/// because changes only apply to the update before, a viewer that skipped one gets the whole
/// leaderboard again. The stream closes once the race has ended and the viewer has the final
/// leaderboard, when the race ends its viewers (`LiveRaceRunner.finishViewers()`), and on the
/// server's graceful shutdown.
struct StandingsEventStream: Sendable {
    let runner: LiveRaceRunner
    /// The last sequence the viewer has (−1: none).
    let after: Int64
    let heartbeatSeconds: Double
    let retryMilliseconds: Int
    /// The race's leaderboard events, rendered once for all its viewers.
    var events = StandingsEventBytes()

    private enum Signal: Sendable {
        case update(LiveRaceRunner.LeaderboardUpdate)
        case heartbeat
    }

    /// Writes the stream through `write` until the race ends, the viewer leaves (a write throws)
    /// or the server shuts down.
    func run(_ write: (ByteBuffer) async throws -> Void) async throws {
        try await write(ByteBuffer(string: "retry: \(retryMilliseconds)\n\n"))
        let (signals, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingNewest(4))
        // The race ended its viewers (its file replaced, a share link revoked): the stream
        // closes too, so the viewer reconnects and is checked again.
        let (subscription, current) = await runner.subscribe(
            deliver: { continuation.yield(.update($0)) }, finish: { continuation.finish() })
        let interval = heartbeatSeconds
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                if Task.isCancelled { break }
                continuation.yield(.heartbeat)
            }
        }
        let runner = self.runner, events = self.events
        let heartbeat = ByteBuffer(string: ": heartbeat\n\n")
        defer {
            ticker.cancel()
            continuation.finish()
            Task { await runner.unsubscribe(subscription) }
        }
        var sent = after
        /// Whether the viewer holds the leaderboard at `sent` (not before the first event).
        var holding = false
        func send(_ update: LiveRaceRunner.LeaderboardUpdate) async throws -> Bool {
            if update.sequence > sent {
                let event =
                    if let changes = update.changes, holding, update.after == sent {
                        events.event(raceID: runner.raceID, .changes, sequence: update.sequence, text: changes)
                    } else {
                        events.event(
                            raceID: runner.raceID, .standings, sequence: update.sequence, text: update.snapshot)
                    }
                try await write(event)
                sent = update.sequence
                holding = true
            }
            return update.ended
        }
        try await withGracefulShutdownHandler {
            if try await send(current) { return }
            for await signal in signals {
                switch signal {
                case .heartbeat: try await write(heartbeat)
                case .update(let update): if try await send(update) { return }
                }
            }
        } onGracefulShutdown: {
            continuation.finish()
        }
    }
}
