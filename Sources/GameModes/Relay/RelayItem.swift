/// What passes along a relay chain: a stop to reach, or a clue to a stop.
public enum RelayItem: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Reach this stop (by id), then write a clue to it.
    case stop(String)
    /// Find the stop this clue describes: the first stop reached (or named in a submission) is the guess.
    case clue(String)

    /// `stop ID` or `clue "TEXT"`.
    public var description: String {
        switch self {
        case .stop(let id): return "stop \(id)"
        case .clue(let text): return "clue \"\(text)\""
        }
    }
}

/// One hand of a chain: who held it in which round, what they received and handed on.
public struct RelayLink: Hashable, Sendable, Codable {
    /// The round in which this player held the chain (0 = the author's round).
    public var round: Int
    /// `Participant.id` of the player.
    public var participant: String
    /// What they were given (`nil` in round 0, where the author makes the first item).
    public var received: RelayItem?
    /// What they handed on; `nil` when they missed the round (the item then passes on unchanged).
    public var handedOn: RelayItem?
    /// For a stop: whether they reached it in the round. For a clue: whether their guess was the stop the clue was written about.
    public var success: Bool

    /// Creates a link.
    public init(round: Int, participant: String, received: RelayItem?, handedOn: RelayItem?, success: Bool) {
        self.round = round
        self.participant = participant
        self.received = received
        self.handedOn = handedOn
        self.success = success
    }
}

/// A chain from its author's item through every other player's hands: what the reveal shows.
public struct RelayChain: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The participant who wrote the first item.
    public var author: String
    /// The chain's hands, round by round.
    public var links: [RelayLink]

    /// Creates a chain.
    public init(author: String, links: [RelayLink]) {
        self.author = author
        self.links = links
    }

    /// The chain link by link, for the reveal: `mia: stop x → ben clue "…" (reached x) → cy stop y (wrong) → dee missed`.
    public var description: String {
        "\(author): "
            + links.map { link in
                guard let received = link.received else { return link.handedOn?.description ?? "nothing" }
                let what = "\(link.participant) " + (link.handedOn?.description ?? "missed")
                switch received {
                case .stop(let id): return what + (link.success ? " (reached \(id))" : "")
                case .clue: return what + (link.handedOn == nil ? "" : (link.success ? " (right)" : " (wrong)"))
                }
            }.joined(separator: " → ")
    }
}

/// Who handles whose chain in each round: players sit in a seeded random circle; in round k
/// (1 ≤ k < n) the chain of the player at seat i goes to the player at seat i + k (mod n).
///
/// Each round's assignment is a derangement (k ≢ 0 mod n, so nobody receives their own
/// chain), each round is a permutation (everybody handles exactly one chain), and over rounds
/// 1…n−1 every chain passes through every other player exactly once: the rounds form a Latin
/// square whose diagonal is the authors (the rotation of the telephone game / Gartic Phone).
public struct RelayRotation: Hashable, Sendable {
    /// The players in seat order.
    public let seats: [String]

    /// Seats `players` in an order drawn from `seed`.
    public init(players: [String], seed: UInt64) {
        var random = ModeRandom(seed: seed, "relay-seats")
        seats = random.shuffled(players)
    }

    /// The number of handling rounds after the authoring round: n − 1.
    public var rounds: Int { max(0, seats.count - 1) }

    /// For round `round` (1…n−1): for each handler, the author of the chain they receive.
    public func authors(round: Int) -> [String: String] {
        let n = seats.count
        var result: [String: String] = [:]
        guard n > 0 else { return result }
        for (i, author) in seats.enumerated() { result[seats[(i + round) % n]] = author }
        return result
    }

    /// Who handles `author`'s chain in `round`.
    public func handler(of author: String, round: Int) -> String? {
        guard let i = seats.firstIndex(of: author) else { return nil }
        return seats[(i + round) % seats.count]
    }
}
