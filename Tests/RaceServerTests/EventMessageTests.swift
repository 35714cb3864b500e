import GeoCore
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import RaceServer

/// An event's chunk, framed once for all viewers, is byte for byte what NIO's HTTP/1.1
/// response encoder writes for the same bytes as a body part of a response without a length:
/// the outlet writes it below the encoder, so the two must never differ.
@Suite struct EventMessageTests {
    @Test("the chunk equals the encoder's framing, for 300 seeded random messages")
    func chunkEqualsTheEncoders() throws {
        var random = SplitMix64(seed: 41)
        for n in 0..<300 {
            let length = 1 + Int(random.next() % UInt64([16, 300, 70_000][n % 3]))
            let text = String((0..<length).map { _ in Character(UnicodeScalar(UInt8(32 + random.next() % 95))) })
            let message = EventMessage(text)
            #expect(String(buffer: message.bytes) == text)
            #expect(message.chunk == (try encoded(message.bytes)), "message \(n), \(length) bytes")
        }
    }

    /// What the encoder writes for `body` after a `200 OK` head without a length.
    private func encoded(_ body: ByteBuffer) throws -> ByteBuffer {
        let channel = EmbeddedChannel(handler: HTTPResponseEncoder())
        defer { _ = try? channel.finish() }
        try channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
        while let _ = try channel.readOutbound(as: IOData.self) {}  // the head
        try channel.writeOutbound(HTTPServerResponsePart.body(.byteBuffer(body)))
        var written = ByteBuffer()
        while let part = try channel.readOutbound(as: IOData.self) {
            guard case .byteBuffer(var buffer) = part else { throw Unexpected() }
            written.writeBuffer(&buffer)
        }
        return written
    }

    private struct Unexpected: Error {}
}
