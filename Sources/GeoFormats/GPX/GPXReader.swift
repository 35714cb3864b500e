import RaceKitCore

/// Reads GPX 1.0 and 1.1 as a stream of ``GPXEvent``s with memory bounded by the largest
/// element, not by the file: a point at a time, from a file read in chunks.
///
/// Tolerance, as real devices write GPX: elements are matched by local name whatever their
/// namespace or prefix; UTF-8 and UTF-16 with or without byte-order mark and ISO-8859-1 are read;
/// comments, CDATA, character references and the five predefined entities are understood; the
/// DOCTYPE is skipped and its entities are never expanded, nothing outside the file is ever read.
/// What cannot be used is reported as ``GPXEvent/warning(_:)`` with its line; nothing is dropped
/// silently. What makes the file unreadable (not XML, truncated, a root that is not `<gpx>`, a
/// point without a valid `lat`/`lon`, a limit of ``XMLLimits`` exceeded) throws `InputError`
/// at `file:line:column`.
///
/// ```swift
/// let reader = try GPXReader(path: "ride.gpx")
/// while let event = try reader.next() {
///     if case .trackPoint(let point) = event { … }
/// }
/// ```
/// - Complexity: O(n) in the file's size; memory O(largest element + nesting depth).
public final class GPXReader {
    /// How to read.
    public struct Options: Sendable {
        /// Keep `<extensions>` content as ``GPXExtensionElement`` trees (needed to write them
        /// back). Sensor values (heart rate, cadence, temperature, speed, course) are read either way.
        public var keepExtensions: Bool
        /// Bounds on nesting, token and attribute sizes that protect against hostile files.
        public var limits: XMLLimits

        /// Creates options; by default extensions are kept and the default limits apply.
        public init(keepExtensions: Bool = true, limits: XMLLimits = .default) {
            self.keepExtensions = keepExtensions
            self.limits = limits
        }
    }

    private var parser: GPXParser

    /// Opens a file for streaming.
    public convenience init(path: String, options: Options = Options()) throws(InputError) {
        let source = try FileByteSource(path: path)
        try self.init(source: source, file: path, options: options)
    }

    /// Streams bytes already in memory; `file` names them in messages.
    public convenience init(bytes: [UInt8], file: String, options: Options = Options()) throws(InputError) {
        try self.init(source: MemoryByteSource(bytes), file: file, options: options)
    }

    init(source: ByteSource, file: String, options: Options, chunkSize: Int = 256 * 1024) throws(InputError) {
        parser = try GPXParser(source: source, file: file, options: options, chunkSize: chunkSize)
    }

    /// The next event, or `nil` after the end of the document.
    /// - Throws: `InputError` for input that is not a well-formed GPX document.
    public func next() throws(InputError) -> GPXEvent? {
        try parser.next()
    }

    /// Calls `body` with every event in order.
    public func forEach(_ body: (GPXEvent) -> Void) throws(InputError) {
        while let event = try parser.next() { body(event) }
    }
}
