import Hummingbird
import RaceLive
import ServiceLifecycle

/// One viewer's Server-Sent Events stream of a race: a `standings` event whenever the log
/// grows (its `id:` is the log's sequence number, so `Last-Event-ID` resumes exactly), a
/// heartbeat comment every ``heartbeatSeconds``, and `retry:` first.
///
/// The race's runner builds each standings document once for all its viewers, at most one per
/// its `standingsSpacing`, and hands it to each stream (`LiveRaceRunner.subscribe(deliver:finish:)`).
/// A viewer never queues more than a few documents: a slow viewer skips to the newest instead of
/// buffering them. The stream closes once the race has ended and the viewer has the final
/// standings, when the race ends its viewers (`LiveRaceRunner.finishViewers()`), and on the
/// server's graceful shutdown.
struct StandingsEventStream: Sendable {
    let runner: LiveRaceRunner
    /// The last sequence the viewer has (−1: none).
    let after: Int64
    let heartbeatSeconds: Double
    let retryMilliseconds: Int
    /// The race's standings events, rendered once for all its viewers.
    var events = StandingsEventBytes()

    private enum Signal: Sendable {
        case standings(LiveRaceRunner.Standings)
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
            deliver: { continuation.yield(.standings($0)) }, finish: { continuation.finish() })
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
        func send(_ standings: LiveRaceRunner.Standings) async throws -> Bool {
            if standings.sequence > sent {
                try await write(events.event(raceID: runner.raceID, standings))
                sent = standings.sequence
            }
            return standings.ended
        }
        try await withGracefulShutdownHandler {
            if try await send(current) { return }
            for await signal in signals {
                switch signal {
                case .heartbeat: try await write(heartbeat)
                case .standings(let standings): if try await send(standings) { return }
                }
            }
        } onGracefulShutdown: {
            continuation.finish()
        }
    }
}
