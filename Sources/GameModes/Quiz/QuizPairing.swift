/// Who duels whom in a quiz round, as Quiz With Me pairs players: each player starts a duel
/// with an opponent drawn uniformly from the *other* players (never themselves; several
/// players may draw the same opponent). A pair drawn both ways is one duel.
public enum QuizPairing {
    /// Each player's drawn opponent in `round`; players with no one else to play get none.
    /// Deterministic in (`players` order, `round`, `seed`).
    public static func opponents(_ players: [String], round: Int, seed: UInt64) -> [String: String] {
        var result: [String: String] = [:]
        guard players.count >= 2 else { return result }
        for (i, player) in players.enumerated() {
            var random = ModeRandom(seed: seed, "quiz-pairing", String(round), player)
            // An index among the others: 0..<i are before the player, i..<n-1 shift past it.
            let k = random.index(below: players.count - 1)
            result[player] = players[k < i ? k : k + 1]
        }
        return result
    }

    /// The round's duels: unordered pairs, each once, in the order their first player appears
    /// in `players`.
    public static func duels(_ players: [String], round: Int, seed: UInt64) -> [(String, String)] {
        let drawn = opponents(players, round: round, seed: seed)
        var seen = Set<[String]>()
        var duels: [(String, String)] = []
        for player in players {
            guard let opponent = drawn[player] else { continue }
            let key = TieRule.codePointOrder(player, opponent) ? [player, opponent] : [opponent, player]
            if seen.insert(key).inserted { duels.append((player, opponent)) }
        }
        return duels
    }
}
