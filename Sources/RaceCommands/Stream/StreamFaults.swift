import GeoCore

/// The faults `racekit stream` injects, each a probability per request, drawn from a seeded
/// generator so the same seed plans the same faults. None of them loses a fix for good: a
/// dropped request is retried like one the network lost, so the server's final state still
/// equals the offline replay of the tracks.
struct StreamFaults: Hashable, Sendable {
    /// A request held back for a moment (up to ``maximumDelaySeconds`` of wall time) before it goes.
    var delay = 0.0
    /// A request sent after the next one: its fixes arrive late and out of order.
    var reorder = 0.0
    /// A request sent twice (a phone that missed the acknowledgement): the copy must change nothing.
    var duplicate = 0.0
    /// A request lost on the way: not sent, counted, then retried with backoff.
    var drop = 0.0
    /// The longest delay, in seconds.
    var maximumDelaySeconds = 0.5

    /// Whether any fault is on.
    var any: Bool { delay > 0 || reorder > 0 || duplicate > 0 || drop > 0 }
}

/// One request a simulated phone makes: its fixes, when it is due, and the faults it meets.
struct PlannedSend: Hashable, Sendable {
    /// The fixes it carries, in the order sent.
    var fixes: [StreamFix]
    /// When it is due, in track seconds after the first fix of the whole stream.
    var due: Double
    /// Wall-clock seconds it is held back before it goes (the delay fault).
    var holdSeconds = 0.0
    /// Whether the first attempt is lost (the drop fault).
    var dropFirstAttempt = false
    /// Whether it is sent a second time after its acknowledgement (the duplicate fault).
    var sendTwice = false
}

/// A participant's requests in sending order: fixes in time order, `batchSize` to a request,
/// each due when its last fix was recorded, then the seeded faults.
enum StreamPlan {
    static func sends(
        _ fixes: [StreamFix], batchSize: Int, origin: Double, faults: StreamFaults, random: inout SplitMix64
    ) -> [PlannedSend] {
        let ordered = fixes.sorted { $0.time < $1.time }
        var sends: [PlannedSend] = []
        var index = 0
        while index < ordered.count {
            let batch = Array(ordered[index..<min(index + batchSize, ordered.count)])
            sends.append(PlannedSend(fixes: batch, due: batch[batch.count - 1].time - origin))
            index += batch.count
        }
        guard faults.any else { return sends }
        func chance(_ p: Double) -> Bool { p > 0 && Double(random.next() >> 11) / Double(1 << 53) < p }
        var i = 0
        while i + 1 < sends.count {
            if chance(faults.reorder) {
                // The earlier request goes right after the later one, when that one is due.
                sends.swapAt(i, i + 1)
                sends[i + 1].due = sends[i].due
                i += 2
            } else {
                i += 1
            }
        }
        for i in sends.indices {
            if chance(faults.delay) {
                sends[i].holdSeconds = Double(random.next() >> 11) / Double(1 << 53) * faults.maximumDelaySeconds
            }
            sends[i].dropFirstAttempt = chance(faults.drop)
            sends[i].sendTwice = chance(faults.duplicate)
        }
        return sends
    }
}
