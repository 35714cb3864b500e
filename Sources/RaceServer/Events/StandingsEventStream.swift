import RaceLive
import ServiceLifecycle

/// One viewer's Server-Sent Events stream of a race: a `standings` event whenever the log
/// grows (its `id:` is the log's sequence number, so `Last-Event-ID` resumes exactly), a
/// heartbeat comment every ``heartbeatSeconds``, and `retry:` first.
///
/// A viewer never queues more than a few signals: changes collapse to "something changed"
/// and the newest standings are sent, so a slow viewer skips states instead of buffering them.
/// The stream closes once the race has ended and the viewer has the final standings, when the
/// race ends its viewers (`LiveRaceRunner.finishViewers()`), and on the server's graceful shutdown.
struct StandingsEventStream: Sendable {
    let runner: LiveRaceRunner
    /// The last sequence the viewer has (−1: none).
    let after: Int64
    let heartbeatSeconds: Double
    let retryMilliseconds: Int
    /// The least time between two standings documents of the race (shared by its viewers).
    let minimumInterval: Duration

    private enum Signal: Sendable { case changed, heartbeat }

    /// Writes the stream through `write` until the race ends, the viewer leaves (a write throws)
    /// or the server shuts down.
    func run(_ write: (String) async throws -> Void) async throws {
        try await write("retry: \(retryMilliseconds)\n\n")
        let (signals, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingNewest(4))
        let updates = await runner.updates()
        let feeder = Task {
            for await _ in updates { continuation.yield(.changed) }
            // The race ended its viewers (its file replaced, a share link revoked): close this
            // stream too, so the viewer reconnects and is checked again.
            continuation.finish()
        }
        let interval = heartbeatSeconds
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                if Task.isCancelled { break }
                continuation.yield(.heartbeat)
            }
        }
        defer {
            feeder.cancel()
            ticker.cancel()
            continuation.finish()
        }
        var sent = after
        let runner = self.runner
        let spacing = minimumInterval
        func sendIfNew() async throws -> Bool {
            let standings = await runner.standings(spacedBy: spacing)
            if standings.sequence > sent {
                try await write("id: \(standings.sequence)\nevent: standings\ndata: \(standings.text)\n\n")
                sent = standings.sequence
            }
            return standings.ended
        }
        try await withGracefulShutdownHandler {
            if try await sendIfNew() { return }
            for await signal in signals {
                switch signal {
                case .heartbeat: try await write(": heartbeat\n\n")
                case .changed: if try await sendIfNew() { return }
                }
            }
        } onGracefulShutdown: {
            continuation.finish()
        }
    }
}
