import Foundation
import Logging
import Synchronization
import Testing

@testable import RaceServer

/// The server's log handler writes what swift-log's `StreamLogHandler` writes for the same
/// logger, metadata and messages (it only formats the metadata later).
@Suite struct ServerLogHandlerTests {
    /// Lines written, shared by the handler's copies.
    final class Lines: TextOutputStream, @unchecked Sendable {
        private let text = Mutex("")
        func write(_ string: String) { text.withLock { $0 += string } }
        /// The lines without their timestamps (the first field), which may straddle a second.
        var untimed: [String] {
            text.withLock { $0 }.split(separator: "\n").map { String($0.drop { $0 != " " }) }
        }
    }

    private struct Stream: TextOutputStream, Sendable {
        let lines: Lines
        mutating func write(_ string: String) { lines.write(string) }
    }

    private static func logSome(_ logger: inout Logger) {
        logger.info("started", metadata: ["port": "8080"])
        logger[metadataKey: "hb.request.id"] = "17"
        logger[metadataKey: "race"] = .string("r-1")
        logger.debug("not written at info")
        logger.notice("a request")
        logger[metadataKey: "race"] = nil
        logger.error("failed", metadata: ["path": .array(["a", "b"])])
        logger.logLevel = .trace
        logger.trace("now written")
    }

    @Test func writesWhatStreamLogHandlerWrites() {
        let ours = Lines(), reference = Lines()
        var logger = Logger(label: "racekit.serve") { ServerLogHandler(label: $0, stream: Stream(lines: ours)) }
        var referenceLogger = Logger(label: "racekit.serve") {
            StreamLogHandler(label: $0, stream: Stream(lines: reference))
        }
        Self.logSome(&logger)
        Self.logSome(&referenceLogger)
        #expect(ours.untimed.count == 4)
        #expect(ours.untimed == reference.untimed)
        #expect(ours.untimed.contains { $0.contains("hb.request.id=17 race=r-1") && $0.contains("a request") })
    }
}
