import Hummingbird
import RaceLive
import Synchronization

/// Each race's latest leaderboard events as the messages a viewer's stream writes, rendered once
/// for all of the race's viewers: a thousand viewers of a change share one buffer instead of
/// each building the event's text and copying it into a buffer of its own (a tenth of the
/// server's time in a fan-out to 1 000 viewers).
final class StandingsEventCache: Sendable {
    /// The two events an update makes.
    enum Kind: String, Sendable {
        /// The whole leaderboard (`event: standings`).
        case standings
        /// What changed since the update before (`event: changes`).
        case changes
    }

    private struct Key: Hashable {
        let raceID: String
        let kind: Kind
    }

    private struct Rendered {
        let sequence: Int64
        /// The document: the same sequence can stand for another document when a race's file
        /// was replaced before its start. Compared in constant time when it is the same string,
        /// as it is for every viewer of one update.
        let text: String
        let message: EventMessage
    }

    /// The last event of each kind rendered per race id.
    private let latest = Mutex<[Key: Rendered]>([:])

    /// The SSE event of race `raceID`'s document `text` at `sequence`: `id:` (the sequence),
    /// `event:` (the kind), `data:` (the document).
    func event(raceID: String, _ kind: Kind, sequence: Int64, text: String) -> EventMessage {
        let key = Key(raceID: raceID, kind: kind)
        if let hit = latest.withLock({ $0[key] }), hit.sequence == sequence, hit.text == text {
            return hit.message
        }
        let message = EventMessage("id: \(sequence)\nevent: \(kind.rawValue)\ndata: \(text)\n\n")
        latest.withLock { $0[key] = Rendered(sequence: sequence, text: text, message: message) }
        return message
    }
}
