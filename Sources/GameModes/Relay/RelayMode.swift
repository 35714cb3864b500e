import GeoCore
import RaceModel

/// The relay (the telephone game, SwiftPhone / Gartic Phone) on the map: every player starts a
/// chain with an item; in each timed round every player receives a chain another player
/// started (``RelayRotation``: never their own), and hands it on transformed: a stop becomes a
/// clue to it, a clue becomes the stop it seems to describe. After n − 1 rounds every player
/// has handled every other player's chain once, and the reveal shows every chain.
///
/// - Round 0 (authoring): each player gets a ``Outcome/handOut(participant:round:item:author:time:deadline:)``
///   of a suggested stop (seeded) with themselves as author; a submission naming a stop id makes
///   that stop their item, other text makes a clue. Without a submission the suggestion stands.
/// - A round lasts `roundSeconds`; with `endRoundEarly` it ends as soon as every player still
///   playing has handed on. From round 1 on, handing on takes an arrival at a stop, so the rounds
///   go at the pace the players move, not at the pace they type. Submissions are for the open
///   round only; the last one counts.
/// - Given a stop: reaching it in the round earns 1 point; the clue (a submission, before or
///   after the arrival) is handed on once the stop is reached.
/// - Given a clue: the first stop reached in the round is the guess handed on (a clue is answered
///   by going there: a submission is refused); if it is the stop the clue was written about,
///   guesser and clue writer earn 1 point each.
/// - A player who misses a round (or has left) hands the item on unchanged: a clue written
///   without reaching the stop, or a stop reached without a clue, does not pass on.
public struct RelayMode: GameMode {
    /// The name race files use in `mode.name`.
    public static let identifier = "relay"
    /// One line for `racekit modes`.
    public static let summary =
        "The telephone relay: items pass along a derangement so nobody gets their own, timed rounds, 2-8 players, a reveal of every chain."
    /// The options of ``Configuration``, documented for `racekit modes`.
    public static let options = [
        ModeOption("roundSeconds", type: "number > 0", default: "300", "how long each round lasts"),
        ModeOption(
            "endRoundEarly", type: "boolean", default: "true",
            "a round ends as soon as every player still playing has handed on (from round 1, at their arrival at a stop)"
        ),
    ]

    /// The fewest players a relay game takes.
    public static let minimumPlayers = 2
    /// The most players a relay game takes.
    public static let maximumPlayers = 8

    /// The mode's options, read from the race's `mode.config`; every option has a default, so `{}` decodes.
    public struct Configuration: Codable, Sendable, Hashable {
        /// How long each round lasts.
        public var roundSeconds: Seconds = 300
        /// A round ends as soon as every player still playing has handed on.
        public var endRoundEarly = true

        /// Creates a configuration; the defaults are those of an empty `mode.config`.
        public init(roundSeconds: Seconds = 300, endRoundEarly: Bool = true) {
            self.roundSeconds = roundSeconds
            self.endRoundEarly = endRoundEarly
        }

        /// Decodes the options, taking the default for each one that is missing.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            roundSeconds = try c.decode(.roundSeconds, default: 300)
            endRoundEarly = try c.decode(.endRoundEarly, default: true)
        }
    }

    /// Creates the mode; its behaviour comes from the configuration.
    public init() {}

    struct Player: Sendable {
        var id: String
        var name: String
        var leftAt: Seconds?
        var points = 0
        var found = 0
        var guessed = 0
        var handled = 0
    }

    /// What the holder of a chain is doing in the open round.
    struct Hand: Sendable {
        var author: String
        var holder: String
        var received: RelayItem?
        var handedOn: RelayItem?
        /// The clue written for a stop item; it is handed on once the stop is reached.
        var clue: String?
        var reached = false
        var correct = false
    }

    /// What the mode remembers between inputs.
    public struct State: Sendable {
        var configuration: Configuration
        var seed: UInt64
        var stopIDs: [String]
        var players: [Player]
        var index: [String: Int]
        var rotation: RelayRotation
        var chains: [String: [RelayLink]] = [:]
        /// The round being played, or `nil` before the start and after the reveal.
        var round: Int?
        var roundEnds: Seconds = 0
        var hands: [Hand] = []
        var started = false
        var finished = false
        var ended = false
    }

    /// The state before the first input.
    public func initialState(race: Race, participants: [Participant], configuration: Configuration, seed: UInt64)
        -> State
    {
        var players: [Player] = []
        var index: [String: Int] = [:]
        for participant in participants where index[participant.id] == nil {
            index[participant.id] = players.count
            players.append(Player(id: participant.id, name: participant.name))
        }
        return State(
            configuration: configuration, seed: seed, stopIDs: race.stops.map(\.id), players: players, index: index,
            rotation: RelayRotation(players: players.map(\.id), seed: seed))
    }

    /// Applies one input, in time order, and says what it caused.
    public func reduce(_ state: inout State, _ input: GameInput) -> [Outcome] {
        var out: [Outcome] = []
        let t = input.time
        if !state.started {
            state.started = true
            if state.players.count >= Self.minimumPlayers, !state.stopIDs.isEmpty {
                startRound(&state, 0, at: min(0, t), &out)
            }
        }
        // Rounds whose time ran out before this input.
        while state.round != nil, state.roundEnds < t { closeRound(&state, at: state.roundEnds, &out) }
        switch input {
        case .visit(let visit):
            out += self.visit(&state, visit)
        case .submission(let submission):
            out += submit(&state, submission, input)
        case .answer:
            out.append(.ignored(input, reason: "the relay takes no answers"))
        case .leave(let participant, let time):
            guard let p = state.index[participant], state.players[p].leftAt == nil else {
                return out + [.ignored(input, reason: "\(participant) is not playing")]
            }
            state.players[p].leftAt = time
            out.append(.left(participant, time: time))
        case .tick:
            break
        case .end(let time):
            state.ended = true
            while state.round != nil { closeRound(&state, at: time, &out) }
            return out
        }
        if let _ = state.round, state.roundEnds <= t || (state.configuration.endRoundEarly && everyoneHandedOn(state)) {
            closeRound(&state, at: min(t, state.roundEnds), &out)
        }
        return out
    }

    private func isStop(_ state: State, _ text: String) -> Bool { state.stopIDs.contains(text) }

    private func everyoneHandedOn(_ state: State) -> Bool {
        state.hands.allSatisfy { hand in hand.handedOn != nil || state.players[state.index[hand.holder]!].leftAt != nil
        }
    }

    private func startRound(_ state: inout State, _ round: Int, at time: Seconds, _ out: inout [Outcome]) {
        state.round = round
        state.roundEnds = time + state.configuration.roundSeconds
        out.append(.roundStarted(round, time: time, deadline: state.roundEnds))
        if round == 0 {
            state.hands = state.players.map { player in
                var random = ModeRandom(seed: state.seed, "relay-suggestion", player.id)
                let suggestion = RelayItem.stop(state.stopIDs[random.index(below: state.stopIDs.count)])
                return Hand(author: player.id, holder: player.id, received: suggestion)
            }
        } else {
            let authors = state.rotation.authors(round: round)
            state.hands = state.rotation.seats.compactMap { holder in
                guard let author = authors[holder] else { return nil }
                let item = state.chains[author]?.last.flatMap { $0.handedOn ?? $0.received }
                return Hand(author: author, holder: holder, received: item)
            }
        }
        for hand in state.hands where state.players[state.index[hand.holder]!].leftAt == nil {
            guard let item = hand.received else { continue }
            out.append(
                .handOut(
                    participant: hand.holder, round: round, item: item, author: hand.author, time: time,
                    deadline: state.roundEnds))
        }
    }

    /// Ends the open round: every hand becomes a link; the next round starts, or the reveal.
    private func closeRound(_ state: inout State, at time: Seconds, _ out: inout [Outcome]) {
        guard let round = state.round else { return }
        for hand in state.hands {
            var handedOn = hand.handedOn
            if round == 0 && handedOn == nil { handedOn = hand.received }  // the suggestion stands
            let link = RelayLink(
                round: round, participant: hand.holder, received: round == 0 ? nil : hand.received,
                handedOn: handedOn, success: hand.reached || hand.correct)
            state.chains[hand.author, default: []].append(link)
            if round > 0, hand.handedOn != nil { state.players[state.index[hand.holder]!].handled += 1 }
        }
        state.hands = []
        state.round = nil
        if round < state.rotation.rounds && !state.ended {
            startRound(&state, round + 1, at: time, &out)
        } else {
            state.finished = true
            let chains = state.rotation.seats.map { RelayChain(author: $0, links: state.chains[$0] ?? []) }
            out.append(.reveal(chains, time: time))
            for player in state.players where player.leftAt == nil { out.append(.finish(player.id, time: time)) }
        }
    }

    /// The stop a clue in `author`'s chain was written about: the last stop before it.
    private func clueTarget(_ state: State, author: String) -> (stop: String, writer: String)? {
        for link in (state.chains[author] ?? []).reversed() {
            if case .stop(let id)? = link.received, link.handedOn != nil { return (id, link.participant) }
        }
        return nil
    }

    private func visit(_ state: inout State, _ visit: Visit) -> [Outcome] {
        let recorded: (String) -> [Outcome] = {
            [.recorded(participant: visit.participant, stop: visit.stop, time: visit.time, reason: $0)]
        }
        guard let p = state.index[visit.participant] else { return recorded("not a player") }
        guard state.players[p].leftAt == nil else { return recorded("the participant has left") }
        guard let round = state.round, round > 0,
            let h = state.hands.firstIndex(where: { $0.holder == visit.participant })
        else {
            return recorded("no item to find in this round")
        }
        switch state.hands[h].received {
        case .stop(let target)?:
            guard target == visit.stop, !state.hands[h].reached else { return recorded("not the stop handed out") }
            state.hands[h].reached = true
            state.hands[h].handedOn = state.hands[h].clue.map(RelayItem.clue)
            state.players[p].points += 1
            state.players[p].found += 1
            return [
                .reached(participant: visit.participant, stop: visit.stop, time: visit.time),
                .points(
                    to: visit.participant, points: 1, reason: "reached \(target) in round \(round)", time: visit.time),
            ]
        case .clue?:
            guard state.hands[h].handedOn == nil else { return recorded("the guess is already made") }
            return [.reached(participant: visit.participant, stop: visit.stop, time: visit.time)]
                + guess(&state, h, visit.stop, at: visit.time)
        case nil:
            return recorded("no item to find in this round")
        }
    }

    private func guess(_ state: inout State, _ h: Int, _ stop: String, at time: Seconds) -> [Outcome] {
        state.hands[h].handedOn = .stop(stop)
        let hand = state.hands[h]
        guard let (target, writer) = clueTarget(state, author: hand.author), target == stop else { return [] }
        state.hands[h].correct = true
        let holder = state.index[hand.holder]!
        state.players[holder].points += 1
        state.players[holder].guessed += 1
        var out: [Outcome] = [.points(to: hand.holder, points: 1, reason: "guessed \(stop) from the clue", time: time)]
        if let w = state.index[writer] {
            state.players[w].points += 1
            out.append(.points(to: writer, points: 1, reason: "their clue led \(hand.holder) to \(stop)", time: time))
        }
        return out
    }

    private func submit(_ state: inout State, _ submission: Submission, _ input: GameInput) -> [Outcome] {
        guard let p = state.index[submission.participant], state.players[p].leftAt == nil else {
            return [.ignored(input, reason: "\(submission.participant) is not playing")]
        }
        guard let round = state.round, round == submission.round else {
            return [.ignored(input, reason: "round \(submission.round) is not open")]
        }
        guard let h = state.hands.firstIndex(where: { $0.holder == submission.participant }) else {
            return [.ignored(input, reason: "\(submission.participant) holds no item")]
        }
        let text = submission.text
        if round == 0 {
            state.hands[h].handedOn = isStop(state, text) ? .stop(text) : .clue(text)
            return []
        }
        switch state.hands[h].received {
        case .stop?:
            state.hands[h].clue = text
            if state.hands[h].reached { state.hands[h].handedOn = .clue(text) }
            return []
        case .clue?:
            return [
                .ignored(input, reason: "a clue is answered by reaching the stop it describes, not by a submission")
            ]
        case nil:
            return [.ignored(input, reason: "\(submission.participant) holds no item")]
        }
    }

    /// The standings as they stand after the inputs so far.
    public func standings(_ state: State) -> Standings {
        let rows = state.players.map { player in
            StandingsRow(
                competitor: player.id, name: player.name, members: [player.id],
                status: player.leftAt != nil
                    ? .didNotFinish : (state.finished ? .ok : (state.ended ? .didNotFinish : .active)),
                points: player.points, stopsReached: player.found,
                details: [
                    "handled": "\(player.handled)/\(state.rotation.rounds)", "found": String(player.found),
                    "guessed": String(player.guessed),
                ])
        }.sorted { a, b in
            if (a.status == .didNotFinish) != (b.status == .didNotFinish) { return b.status == .didNotFinish }
            if a.points != b.points { return a.points > b.points }
            return TieRule.codePointOrder(a.competitor, b.competitor)
        }
        return Standings(
            mode: Self.identifier, columns: ["handled", "found", "guessed"],
            rows: competitionRanks(rows) { $0.points == $1.points && $0.status == $1.status },
            final: state.ended || state.finished)
    }

    /// Every chain so far (the reveal, once the game is over).
    public func chains(_ state: State) -> [RelayChain] {
        state.rotation.seats.map { RelayChain(author: $0, links: state.chains[$0] ?? []) }
    }

    /// The mode's own checks of a race and its configuration.
    public func validate(_ configuration: Configuration, context: ValidationContext, path: String) -> [ValidationIssue]
    {
        var issues: [ValidationIssue] = []
        let seconds = configuration.roundSeconds
        if !(seconds.isFinite && seconds > 0) {
            issues.append(
                ValidationIssue(
                    .error, "bad-mode-option", at: path + "/roundSeconds", "roundSeconds \(seconds) must be positive"))
        }
        let count = context.race.participants.count
        if count < Self.minimumPlayers || count > Self.maximumPlayers {
            issues.append(
                ValidationIssue(
                    .error, "relay-player-count", at: "/participants",
                    "the relay needs \(Self.minimumPlayers) to \(Self.maximumPlayers) players, not \(count)",
                    hint: "items pass from player to player so that nobody ever gets their own"))
        } else if seconds.isFinite && seconds > 0, let limit = context.race.timeLimitSeconds,
            Double(count) * seconds > limit
        {
            issues.append(
                ValidationIssue(
                    .warning, "relay-rounds-exceed-limit", at: path + "/roundSeconds",
                    "\(count) rounds of \(Outcome.number(seconds)) s take longer than the time limit of \(Outcome.number(limit)) s",
                    hint: "shorten the rounds or lengthen timeLimitSeconds"))
        }
        return issues
    }
}
