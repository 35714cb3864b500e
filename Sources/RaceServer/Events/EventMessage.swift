import NIOCore

/// One Server-Sent Events message as bytes, made once for every viewer it goes to: as the
/// stream reads it, and as the HTTP/1.1 chunk that carries it on a connection.
///
/// The chunk is framed here, once, so that a thousand viewers of one update are a thousand
/// writes of one buffer, not a thousand runs of the HTTP encoder, each framing the same bytes
/// anew (docs/live-server.md, "Speed").
struct EventMessage: Sendable {
    /// The message: `id:`, `event:` and `data:` lines, or a comment, and the blank line.
    let bytes: ByteBuffer
    /// ``bytes`` as one chunk of a chunked HTTP/1.1 body: the size in hex, CRLF, the bytes, CRLF.
    let chunk: ByteBuffer

    /// The message `text`, which is never empty: an empty chunk would end the body.
    init(_ text: String) {
        precondition(!text.isEmpty, "an event message has at least its blank line")
        bytes = ByteBuffer(string: text)
        var chunk = ByteBuffer()
        chunk.reserveCapacity(bytes.readableBytes + 12)
        chunk.writeString(String(bytes.readableBytes, radix: 16))
        chunk.writeStaticString("\r\n")
        chunk.writeImmutableBuffer(bytes)
        chunk.writeStaticString("\r\n")
        self.chunk = chunk
    }
}
