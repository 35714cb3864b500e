import GeoCore
import Geofencing

/// Turns the engine's fence events into stop visits, for the batch and the streaming replay
/// alike: a visit counts once the participant has stayed the minimum dwell (a dwell event; with
/// no minimum it comes with the enter), its time is the arrival, not the dwell, and the exit
/// that follows closes it. Events must come in each participant's own order; participants may
/// interleave.
/// - Complexity: O(1) amortised per event; memory O(visits).
struct VisitRecorder: Sendable {
    /// The race's minimum dwell, taken off the dwell event's time to give the arrival.
    let minimumDwell: Seconds
    /// Stops per participant, to key the open visits.
    let stops: Int
    private(set) var visits: [StopVisit] = []
    /// Counts the changes to ``visits``: a visit found, or one closed by its exit.
    private(set) var changeCount = 0
    /// (participant, stop) key → the visit awaiting its exit.
    private var open: [Int: Int] = [:]

    init(minimumDwell: Seconds, stops: Int) {
        self.minimumDwell = minimumDwell
        self.stops = stops
    }

    mutating func record(_ event: FenceEvent) {
        let key = Int(event.participant) * stops + event.fence
        switch event.kind {
        case .dwell:
            open[key] = visits.count
            changeCount += 1
            visits.append(
                StopVisit(
                    participant: Int(event.participant), stop: event.fence, time: event.time - minimumDwell,
                    leftAt: nil, accuracyMeters: event.accuracyMeters, fixRow: event.fixIndex))
        case .exit:
            if let v = open.removeValue(forKey: key) {
                visits[v].leftAt = event.time
                changeCount += 1
            }
        case .enter, .cross:
            break
        }
    }

    /// The visits by arrival time (then participant, then stop).
    func sortedVisits() -> [StopVisit] {
        visits.sorted { ($0.time, $0.participant, $0.stop) < ($1.time, $1.participant, $1.stop) }
    }
}
