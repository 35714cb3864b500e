/// A PROJ failure: what RaceKit was doing, and what PROJ said about it.
///
/// The description reads like a compiler diagnostic:
/// `creating EPSG:4326 → EPSG:999999: error: proj_create: crs not found (PROJ error 4096: Unknown error (code 4096))`.
/// `message` is PROJ's last log line for the operation (often the more specific text);
/// `errnoText` is `proj_context_errno_string` for `code`.
public struct ProjectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done, e.g. `creating EPSG:4326 → EPSG:32632` or `transforming (200.0, 95.0) with …`.
    public let operation: String
    /// PROJ's error number (`proj_context_errno`/`proj_errno`, one of its `PROJ_ERR_*` codes); 0 when
    /// PROJ reported no number (e.g. a result that is not finite).
    public let code: Int32
    /// PROJ's text for `code` (`proj_context_errno_string`).
    public let errnoText: String
    /// The last message PROJ logged while doing `operation`, if any (e.g. `utm: Invalid latitude`).
    public let message: String?

    /// Creates an error from what was being done and PROJ's error number, text and last message.
    public init(operation: String, code: Int32, errnoText: String, message: String? = nil) {
        self.operation = operation
        self.code = code
        self.errnoText = errnoText
        self.message = message
    }

    /// The diagnostic line: the operation, then PROJ's number, text and message.
    public var description: String {
        let detail = "PROJ error \(code): \(errnoText)"
        guard let message, !message.isEmpty else { return "\(operation): error: \(detail)" }
        return "\(operation): error: \(message) (\(detail))"
    }
}
