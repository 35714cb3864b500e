import Hummingbird
import RaceLive
import ServiceLifecycle
import Synchronization

/// One viewer's Server-Sent Events stream of a race's leaderboard: `retry:` first, then the
/// whole leaderboard (`event: standings`) and, whenever the log grows, what changed
/// (`event: changes`); each event's `id:` is the log's sequence number, so `Last-Event-ID`
/// resumes exactly. A heartbeat comment every ``heartbeatSeconds``.
///
/// The race's runner builds each update once for all its viewers, at most one per its
/// `standingsSpacing`, and hands it to each viewer's ``EventOutlet`` right away, from a task
/// off the runner.
/// A viewer never holds more than one event beyond what its connection takes: a slow viewer
/// (its outlet not writable) skips to the newest update, and because changes only apply to the
/// update before, a viewer that skipped one gets the whole leaderboard again. The stream closes
/// once the race has ended and the viewer has the final leaderboard, when the race ends its
/// viewers (`LiveRaceRunner.finishViewers()`), when the viewer's connection closes, and on the
/// server's graceful shutdown.
struct StandingsEventStream: Sendable {
    let runner: LiveRaceRunner
    /// The last sequence the viewer has (−1: none).
    let after: Int64
    let heartbeatSeconds: Double
    let retryMilliseconds: Int
    /// The race's leaderboard events, rendered once for all its viewers.
    var events = StandingsEventCache()
    /// How long a skipped update waits before a slow viewer is tried again.
    var slowViewerRetry: Duration = .milliseconds(100)

    /// Writes the stream to `outlet` until it ends (see the type's summary).
    func run(to outlet: some EventOutlet) async {
        let viewer = Viewer(
            outlet: outlet, after: after, raceID: runner.raceID, events: events, retryAfter: slowViewerRetry)
        await outlet.begin(with: ByteBuffer(string: "retry: \(retryMilliseconds)\n\n"))
        let (subscription, current) = await runner.subscribe(
            deliver: { viewer.send($0) }, finish: { viewer.end() })
        outlet.whenClosed { viewer.end() }
        // An update delivered meanwhile is newer: then this one is skipped as already sent.
        viewer.send(current)
        let interval = heartbeatSeconds
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                if Task.isCancelled { break }
                viewer.heartbeat()
            }
        }
        await withGracefulShutdownHandler {
            await viewer.over()
        } onGracefulShutdown: {
            viewer.end()
        }
        ticker.cancel()
        await runner.unsubscribe(subscription)
    }
}

/// What one viewer has been sent, and the outlet its events go to. Updates come from the
/// runner, heartbeats from a timer and retries from a task; the lock puts them in one order,
/// and each write happens under it so the bytes go out in that order. No write runs on the
/// connection's event loop (the outlet hands it over), so a close reported there never waits
/// for a write holding the lock.
private final class Viewer: Sendable {
    private let outlet: any EventOutlet
    private let raceID: String
    private let events: StandingsEventCache
    private let retryAfter: Duration
    private let state: Mutex<State>
    private static let heartbeat = EventMessage(": heartbeat\n\n")

    private struct State {
        /// The last sequence sent.
        var sent: Int64
        /// Whether the viewer holds the leaderboard at `sent` (not before the first event,
        /// nor after a skipped update).
        var holding = false
        /// The newest update skipped because the viewer was slow, sent once it catches up.
        var skipped: LiveRaceRunner.LeaderboardUpdate?
        /// Whether a retry of `skipped` is on its way.
        var retrying = false
        /// Whether the stream has ended; nothing is written after.
        var isOver = false
        /// The stream's task, waiting for the end.
        var waiter: CheckedContinuation<Void, Never>?
    }

    init(outlet: any EventOutlet, after: Int64, raceID: String, events: StandingsEventCache, retryAfter: Duration) {
        self.outlet = outlet
        self.raceID = raceID
        self.events = events
        self.retryAfter = retryAfter
        state = Mutex(State(sent: after))
    }

    /// Sends `update` unless the viewer has it already; skips it when the viewer is slow; ends
    /// the stream once the viewer has the race's final update.
    func send(_ update: LiveRaceRunner.LeaderboardUpdate) {
        let retry = state.withLock { state -> Bool in
            guard !state.isOver else { return false }
            guard update.sequence > state.sent else {
                // The viewer resumed at the final leaderboard: nothing more will come.
                if update.ended { Self.finish(&state) }
                return false
            }
            guard outlet.isWritable else {
                state.skipped = update
                state.holding = false
                let firstSkip = !state.retrying
                state.retrying = true
                return firstSkip
            }
            let event =
                if let changes = update.changes, state.holding, update.after == state.sent {
                    events.event(raceID: raceID, .changes, sequence: update.sequence, text: changes)
                } else {
                    events.event(raceID: raceID, .standings, sequence: update.sequence, text: update.snapshot)
                }
            outlet.write(event)
            state.sent = update.sequence
            state.holding = true
            state.skipped = nil
            if update.ended { Self.finish(&state) }
            return false
        }
        if retry { scheduleRetry() }
    }

    /// Tries the skipped update again after a while.
    private func scheduleRetry() {
        let delay = retryAfter
        Task { [self] in
            try? await Task.sleep(for: delay)
            let skipped = state.withLock { state -> LiveRaceRunner.LeaderboardUpdate? in
                state.retrying = false
                return state.skipped
            }
            if let skipped { send(skipped) }
        }
    }

    /// A heartbeat comment, when the viewer takes it.
    func heartbeat() {
        state.withLock { state in
            guard !state.isOver, outlet.isWritable else { return }
            outlet.write(Self.heartbeat)
        }
    }

    /// Ends the stream (once; later calls change nothing).
    func end() { state.withLock { Self.finish(&$0) } }

    private static func finish(_ state: inout State) {
        guard !state.isOver else { return }
        state.isOver = true
        state.waiter?.resume()
        state.waiter = nil
    }

    /// Returns once the stream has ended.
    func over() async {
        await withCheckedContinuation { waiter in
            let now = state.withLock { state -> Bool in
                if state.isOver { return true }
                state.waiter = waiter
                return false
            }
            if now { waiter.resume() }
        }
    }
}
