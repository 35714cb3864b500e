import Hummingbird
import RaceLive
import Synchronization

/// Each race's latest standings event as the bytes a viewer's stream writes, rendered once for
/// all of the race's viewers: a thousand viewers of a change share one buffer instead of each
/// building the event's text and copying it into a buffer of its own (a tenth of the server's
/// time in a fan-out to 1 000 viewers).
final class StandingsEventBytes: Sendable {
    private struct Rendered {
        let sequence: Int64
        /// The document: the same sequence can stand for another document when a race's file
        /// was replaced before its start. Compared in constant time when it is the same string,
        /// as it is for every viewer of one runner.
        let text: String
        let bytes: ByteBuffer
    }

    /// The last event rendered per race id.
    private let latest = Mutex<[String: Rendered]>([:])

    /// The SSE event of race `raceID`'s `standings`: `id:` (the sequence), `event: standings`,
    /// `data:` (the document).
    func event(raceID: String, _ standings: LiveRaceRunner.Standings) -> ByteBuffer {
        if let hit = latest.withLock({ $0[raceID] }), hit.sequence == standings.sequence, hit.text == standings.text {
            return hit.bytes
        }
        let bytes = ByteBuffer(string: "id: \(standings.sequence)\nevent: standings\ndata: \(standings.text)\n\n")
        latest.withLock { $0[raceID] = Rendered(sequence: standings.sequence, text: standings.text, bytes: bytes) }
        return bytes
    }
}
