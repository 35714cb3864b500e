import GeoCore

/// One event of one participant at one fence.
///
/// ``time`` is the interpolated moment of the event, not the time of the fix that revealed it:
/// - ``FenceEventKind/enter``: where the segment from the previous accepted fix to the first
///   inside fix crosses the boundary; the fix's own time when there is no previous fix or the
///   previous fix was already inside (too inaccurate to enter);
/// - ``FenceEventKind/exit``: where the segment from the last inside fix to the next fix
///   crosses the boundary (not when the hysteresis confirmed the exit);
/// - ``FenceEventKind/dwell``: the enter time plus ``EventRules/minimumDwellSeconds``;
/// - ``FenceEventKind/cross``: where the segment between the two fixes enters the fence.
///
/// Times are linear in great-circle distance along the segment between the two fixes. Where a
/// segment crosses a polygon's boundary several times, an enter or a cross takes the first
/// crossing and an exit the last.
public struct FenceEvent: Hashable, Sendable, Codable {
    /// What happened.
    public var kind: FenceEventKind
    /// Who: the participant of the fix (`PositionColumns.participant`).
    public var participant: Int32
    /// The fence's position in ``GridIndex/fences``.
    public var fence: Int
    /// The interpolated time of the event (see above).
    public var time: Seconds
    /// The row (in `PositionColumns`, or as given to ``ParticipantEventTracker``) of the fix
    /// that triggered the event: the entering fix, the fix that confirmed the exit, the fix
    /// that completed the dwell, the far end of the crossing segment.
    public var fixIndex: Int
    /// Signed distance from that fix to the fence boundary in metres, negative inside
    /// (``Fence/signedDistanceMeters(latitude:longitude:)``).
    public var distanceMeters: Meters
    /// That fix's horizontal accuracy in metres, when known.
    public var accuracyMeters: Meters?
    /// ``FenceEventKind/exit``: the time inside (exit time − enter time);
    /// ``FenceEventKind/cross``: the time between entering and leaving on the segment;
    /// otherwise `nil`.
    public var durationSeconds: Seconds?

    /// Creates an event; the detector fills every field as documented above.
    public init(
        kind: FenceEventKind, participant: Int32, fence: Int, time: Seconds, fixIndex: Int,
        distanceMeters: Meters, accuracyMeters: Meters?, durationSeconds: Seconds?
    ) {
        self.kind = kind
        self.participant = participant
        self.fence = fence
        self.time = time
        self.fixIndex = fixIndex
        self.distanceMeters = distanceMeters
        self.accuracyMeters = accuracyMeters
        self.durationSeconds = durationSeconds
    }

    /// The order of an ``EventLog``: by time, then participant, then fence, then kind
    /// (`enter < dwell < cross < exit`), then fix index. Two events of one detection never tie
    /// on all five, so the order is total and does not depend on the order of input rows.
    public static func areInLogOrder(_ a: FenceEvent, _ b: FenceEvent) -> Bool {
        if a.time != b.time { return a.time < b.time }
        if a.participant != b.participant { return a.participant < b.participant }
        if a.fence != b.fence { return a.fence < b.fence }
        if a.kind != b.kind { return a.kind < b.kind }
        return a.fixIndex < b.fixIndex
    }
}
