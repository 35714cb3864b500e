import Logging

/// Logs to standard error in swift-log's `StreamLogHandler` format, but turns the logger's
/// metadata into text only when a message is written.
///
/// `StreamLogHandler` formats its metadata each time a key is set, and Hummingbird sets a request
/// id on every request's logger, so every request paid for a line that at `--log-level notice`
/// is mostly never written (docs/live-server.md, "Speed").
public struct ServerLogHandler: LogHandler {
    private var output: StreamLogHandler

    /// The logger's metadata, as set.
    public var metadata: Logger.Metadata = [:]

    /// A handler labelled `label` writing to standard error.
    public static func standardError(label: String) -> ServerLogHandler {
        ServerLogHandler(output: .standardError(label: label))
    }

    /// A handler labelled `label` writing to `stream`.
    public init(label: String, stream: any TextOutputStream & Sendable) {
        self.init(output: StreamLogHandler(label: label, stream: stream))
    }

    private init(output: StreamLogHandler) {
        self.output = output
    }

    /// The lowest level this handler writes.
    public var logLevel: Logger.Level {
        get { output.logLevel }
        set { output.logLevel = newValue }
    }

    /// Metadata added to every message from the task's context.
    public var metadataProvider: Logger.MetadataProvider? {
        get { output.metadataProvider }
        set { output.metadataProvider = newValue }
    }

    /// One metadata value.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes `event` with the metadata set so far.
    public func log(event: LogEvent) {
        var output = output
        output.metadata = metadata
        output.log(event: event)
    }
}
