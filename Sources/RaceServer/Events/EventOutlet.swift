import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Where one viewer's Server-Sent Events go: messages handed over without waiting, in the
/// order given, and a word when the viewer is gone.
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
    /// Writes `message` after everything written before, without waiting.
    func write(_ message: EventMessage)
    /// Calls `action` once, when the viewer's connection has closed (at once if it has).
    func whenClosed(_ action: @escaping @Sendable () -> Void)
}

/// An ``EventOutlet`` on the HTTP connection whose response is the event stream: its body's
/// parts are written into the channel's pipeline after the response head (which Hummingbird's
/// writer handed to the same event loop before the body began): the first on its own, awaited,
/// the rest in a batch with the other viewers' parts of the same loop (``EventLoopWriteBatch``),
/// whose turn on the loop may have been taken before the head's.
///
/// The parts after the first go in below the HTTP/1.1 response encoder, each as the chunk its
/// message was framed as once for every viewer (``EventMessage/chunk``): the handlers above
/// the encoder only pass body parts on, and the encoder frames every body part of this
/// response as a chunk (a `GET` answered with HTTP/1.1 and no length), so the bytes on the wire
/// are the ones it would have written. Its end (the last chunk) still goes through the encoder.
struct ChannelEventOutlet: EventOutlet {
    let channel: any Channel
    private let batch: EventLoopWriteBatch
    /// The response encoder's place in the pipeline, found once the stream has begun; `nil`
    /// (body parts through the whole pipeline) when the pipeline has none.
    private let encoder: NIOLoopBoundBox<ChannelHandlerContext?>

    /// An outlet on `channel`.
    init(channel: any Channel) {
        self.channel = channel
        batch = EventLoopWriteBatch.of(channel)
        encoder = .makeEmptyBox(valueType: ChannelHandlerContext.self, eventLoop: channel.eventLoop)
    }

    var isWritable: Bool { channel.isWritable }

    func begin(with bytes: ByteBuffer) async {
        // A failed write closes the channel, which ends the stream (`whenClosed`).
        try? await channel.writeAndFlush(HTTPResponsePart.body(bytes)).get()
        let channel = channel, encoder = encoder
        try? await channel.eventLoop.submit {
            encoder.value = try? channel.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
        }.get()
    }

    func write(_ message: EventMessage) { batch.write(message, to: self) }

    /// On the channel's event loop: writes and flushes `message`.
    func writeOnLoop(_ message: EventMessage) {
        if let encoder = encoder.value {
            encoder.writeAndFlush(NIOAny(IOData.byteBuffer(message.chunk)), promise: nil)
        } else {
            channel.writeAndFlush(HTTPResponsePart.body(message.bytes), promise: nil)
        }
    }

    func whenClosed(_ action: @escaping @Sendable () -> Void) {
        channel.closeFuture.whenComplete { _ in action() }
    }
}
