import NIOCore
import NIOHTTPTypes

/// Where one viewer's Server-Sent Events go: bytes handed over without waiting, in the order
/// given, and a word when the viewer is gone.
///
/// The race's runner hands each leaderboard update to every viewer in turn; with an outlet the
/// hand-over is one write on the viewer's connection, not the wake-up of a task per viewer that
/// then writes (with a thousand viewers those wake-ups held up every other request behind them;
/// docs/live-server.md, "Speed").
protocol EventOutlet: Sendable {
    /// Whether the viewer takes more now: false while what was written before is still
    /// waiting to go out (a slow viewer), whose updates are then skipped.
    var isWritable: Bool { get }
    /// Writes the stream's first bytes and returns once they are out, after everything the
    /// connection had before (the response head): the writes after may then share the
    /// connection's turn with other connections'.
    func begin(with bytes: ByteBuffer) async
    /// Writes `bytes` after everything written before, without waiting.
    func write(_ bytes: ByteBuffer)
    /// Calls `action` once, when the viewer's connection has closed (at once if it has).
    func whenClosed(_ action: @escaping @Sendable () -> Void)
}

/// An ``EventOutlet`` on the HTTP connection whose response is the event stream: its body's
/// parts are written into the channel's pipeline after the response head (which Hummingbird's
/// writer handed to the same event loop before the body began): the first on its own, awaited,
/// the rest in a batch with the other viewers' parts of the same loop (``EventLoopWriteBatch``),
/// whose turn on the loop may have been taken before the head's.
struct ChannelEventOutlet: EventOutlet {
    let channel: any Channel
    private let batch: EventLoopWriteBatch

    /// An outlet on `channel`.
    init(channel: any Channel) {
        self.channel = channel
        batch = EventLoopWriteBatch.of(channel)
    }

    var isWritable: Bool { channel.isWritable }

    func begin(with bytes: ByteBuffer) async {
        // A failed write closes the channel, which ends the stream (`whenClosed`).
        try? await channel.writeAndFlush(HTTPResponsePart.body(bytes)).get()
    }

    func write(_ bytes: ByteBuffer) { batch.write(bytes, on: channel) }

    func whenClosed(_ action: @escaping @Sendable () -> Void) {
        channel.closeFuture.whenComplete { _ in action() }
    }
}
