import Foundation

/// What a stream did, counted by every simulated phone at once: the summary `racekit stream`
/// prints (`--json`: these keys).
struct StreamSummary: Codable, Hashable, Sendable {
    /// Participants streamed.
    var participants = 0
    /// Distinct fixes in the tracks.
    var fixes = 0
    /// Fixes the server acknowledged (stored, or already in its log).
    var acknowledged = 0
    /// Fixes the server refused, and why (its error or rejection code).
    var refused = 0
    /// Refused fixes by the server's code (`poor-accuracy`, `unknown-device`, …).
    var refusedByCode: [String: Int] = [:]
    /// Fixes never acknowledged: their request failed every attempt.
    var failed = 0
    /// HTTP requests that reached the server (and got an answer).
    var requests = 0
    /// Attempts that were retries (after a transport failure, a 5xx or a 429, or a simulated drop).
    var retried = 0
    /// Requests lost on purpose (the drop fault) before being retried.
    var dropped = 0
    /// Fixes sent a second time after their acknowledgement (the duplicate fault).
    var duplicatesSent = 0
    /// Wall-clock seconds from the first fix sent to the last answer.
    var seconds = 0.0
}

/// The counts, safe to update from every phone's task.
final class StreamTally: @unchecked Sendable {
    private let lock = NSLock()
    private var summary = StreamSummary()

    /// Applies `change` under the lock.
    func update(_ change: (inout StreamSummary) -> Void) { lock.withLock { change(&summary) } }

    /// The counts so far.
    var current: StreamSummary { lock.withLock { summary } }
}
