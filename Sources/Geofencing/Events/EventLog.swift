/// The result of ``EventDetector/detect(_:)``: the events in log order and what the fix
/// screening rejected.
public struct EventLog: Hashable, Sendable, Codable {
    /// Every event, ordered by ``FenceEvent/areInLogOrder(_:_:)``.
    public var events: [FenceEvent]
    /// Accepted and rejected fixes.
    public var screening: FixScreeningReport

    /// Wraps events (expected in log order) and the screening report.
    public init(events: [FenceEvent], screening: FixScreeningReport) {
        self.events = events
        self.screening = screening
    }
}
