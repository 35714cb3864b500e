import NIOCore
import Synchronization

/// Messages for connections of one event loop, handed to the loop together: a leaderboard
/// update for a thousand viewers costs each loop one task that writes them all, not a task
/// per viewer (docs/live-server.md, "Speed").
final class EventLoopWriteBatch: Sendable {
    private let loop: any EventLoop
    /// Messages waiting for the loop, in the order they were handed over.
    private let pending = Mutex<[(outlet: ChannelEventOutlet, message: EventMessage)]>([])

    private init(loop: any EventLoop) { self.loop = loop }

    /// Every loop's batch, made at the loop's first write (a server has a few long-lived loops).
    private static let batches = Mutex<[ObjectIdentifier: EventLoopWriteBatch]>([:])

    /// The batch of `channel`'s event loop.
    static func of(_ channel: any Channel) -> EventLoopWriteBatch {
        let loop = channel.eventLoop
        return batches.withLock { batches in
            if let batch = batches[ObjectIdentifier(loop)] { return batch }
            let batch = EventLoopWriteBatch(loop: loop)
            batches[ObjectIdentifier(loop)] = batch
            return batch
        }
    }

    /// Writes `message` to `outlet`, whose channel is on this batch's loop, after everything
    /// handed over before; the first message of a batch schedules the loop's task.
    func write(_ message: EventMessage, to outlet: ChannelEventOutlet) {
        let first = pending.withLock { pending in
            pending.append((outlet, message))
            return pending.count == 1
        }
        if first { loop.execute { self.drain() } }
    }

    /// On the loop: writes and flushes what is waiting.
    private func drain() {
        let batch = pending.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        for (outlet, message) in batch { outlet.writeOnLoop(message) }
    }
}
