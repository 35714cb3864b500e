import GameModes
import GeoCore
import RaceModel
import Testing

struct RelayModeTests {
    /// Every permutation of 0..<n (Heap's algorithm): the brute-force reference.
    static func permutations(_ n: Int) -> [[Int]] {
        var result: [[Int]] = []
        var items = Array(0..<n)
        func generate(_ k: Int) {
            if k <= 1 { result.append(items); return }
            for i in 0..<k {
                generate(k - 1)
                items.swapAt(k % 2 == 0 ? i : 0, k - 1)
            }
        }
        generate(n)
        return result
    }

    @Test("the brute-force reference: n! permutations, and the derangement counts !n")
    func reference() {
        let derangements = [2: 1, 3: 2, 4: 9, 5: 44, 6: 265]
        for (n, count) in derangements {
            let all = Self.permutations(n)
            #expect(all.count == (1...n).reduce(1, *) && Set(all).count == all.count)
            #expect(all.filter { p in p.indices.allSatisfy { p[$0] != $0 } }.count == count)
        }
    }

    @Test(
        "every round is a derangement and every player handles every other player's chain exactly once",
        arguments: 2...8)
    func rotation(size: Int) {
        let players = (0..<size).map { "p\($0)" }
        let derangements = Set(Self.permutations(size).filter { p in p.indices.allSatisfy { p[$0] != $0 } })
        for seed in 0..<100 as Range<UInt64> {
            let rotation = RelayRotation(players: players, seed: seed)
            #expect(rotation.seats.sorted() == players)
            #expect(rotation.rounds == size - 1)
            var handled: [String: [String]] = [:]
            for round in 1...rotation.rounds {
                let authors = rotation.authors(round: round)
                // As a permutation of indices: handler i receives the chain of author σ(i).
                let sigma = players.map { players.firstIndex(of: authors[$0]!)! }
                #expect(derangements.contains(sigma), "round \(round) seed \(seed): \(sigma)")
                for (holder, author) in authors { handled[author, default: []].append(holder) }
                for author in players {
                    #expect(rotation.handler(of: author, round: round).map { authors[$0] } == author)
                }
            }
            for author in players {
                #expect(handled[author, default: []].sorted() == players.filter { $0 != author }.sorted())
            }
        }
    }

    @Test("the seating depends on the seed")
    func seeded() {
        let players = (0..<6).map { "p\($0)" }
        #expect(RelayRotation(players: players, seed: 1) == RelayRotation(players: players, seed: 1))
        #expect(Set((0..<20 as Range<UInt64>).map { RelayRotation(players: players, seed: $0).seats }).count > 10)
    }

    static func race(people: [String] = ["ana", "ben", "cy"], config: String = #"{"roundSeconds": 100}"#) throws -> Race
    {
        Fixture.race(
            mode: "relay", config: try Fixture.json(config), stops: Fixture.stops(["x", "y", "z", "w"]),
            participants: Fixture.people(people), limit: 3600)
    }

    static func handOuts(_ out: [Outcome]) -> [(participant: String, round: Int, item: RelayItem, author: String)] {
        out.compactMap {
            if case .handOut(let p, let r, let i, let a, _, _) = $0 { return (p, r, i, a) } else { return nil }
        }
    }

    @Test("a whole game: stops become clues, clues become stops, nobody gets their own, the reveal shows every chain")
    func wholeGame() throws {
        let race = try Self.race()
        var game = try Fixture.session(race, seed: 4)
        var out = game.play([.tick(0)])
        #expect(Self.handOuts(out).map(\.round) == [0, 0, 0])
        // Round 0: everyone picks a stop; the round ends early once all have.
        out = game.play([
            Fixture.submit("ana", 0, "x", 5), Fixture.submit("ben", 0, "y", 6), Fixture.submit("cy", 0, "z", 7),
        ])
        let round1 = Self.handOuts(out)
        #expect(round1.count == 3 && round1.allSatisfy { $0.round == 1 && $0.participant != $0.author })
        // Round 1: each reaches the stop given and writes a clue (the stop's id backwards).
        var inputs: [GameInput] = []
        for hand in round1 {
            guard case .stop(let id) = hand.item else { Issue.record("round 1 should hand out stops"); return }
            inputs += [Fixture.visit(hand.participant, id, 20), Fixture.submit(hand.participant, 1, "clue-" + id, 21)]
        }
        out = game.play(inputs)
        #expect(out.filter { if case .points = $0 { return true } else { return false } }.count == 3)
        let round2 = Self.handOuts(out)
        #expect(round2.count == 3 && round2.allSatisfy { $0.round == 2 && $0.participant != $0.author })
        // Round 2: each guesses from the clue by reaching a stop: ana guesses right, the others wrong.
        inputs = []
        for hand in round2 {
            guard case .clue(let text) = hand.item else { Issue.record("round 2 should hand out clues"); return }
            let target = String(text.dropFirst("clue-".count))
            inputs.append(Fixture.visit(hand.participant, hand.participant == "ana" ? target : "w", 30))
        }
        out = game.play(inputs)
        let reveal = try #require(
            out.compactMap { if case .reveal(let chains, _) = $0 { return chains } else { return nil } }.first)
        #expect(reveal.count == 3)
        for chain in reveal {
            #expect(chain.links.map(\.round) == [0, 1, 2])
            #expect(chain.links[0].participant == chain.author)
            #expect(
                Set(chain.links.dropFirst().map(\.participant))
                    == Set(["ana", "ben", "cy"]).subtracting([chain.author]))
        }
        #expect(out.finishes.sorted() == ["ana", "ben", "cy"])
        let standings = game.standings()
        #expect(standings.final)
        // 1 point each for reaching the stop; ana 1 for the right guess, and the clue's writer 1.
        #expect(standings.rows.map(\.points).reduce(0, +) == 5)
        #expect(standings.row("ana")?.details["guessed"] == "1")
    }

    @Test("timed rounds: without submissions the rounds end at their deadlines and items pass on unchanged")
    func timedRounds() throws {
        var game = try Fixture.session(try Self.race(), seed: 2)
        var out = game.play([.tick(0), .tick(99)])
        #expect(Self.handOuts(out).allSatisfy { $0.round == 0 })
        out = game.play([.tick(100)])
        let round1 = Self.handOuts(out)
        #expect(round1.map(\.round) == [1, 1, 1])
        // The suggestion stood, and passes to another player.
        out = game.play([.tick(250)])
        let round2 = Self.handOuts(out)
        #expect(round2.map(\.round) == [2, 2, 2])
        #expect(Set(round2.map(\.item)) == Set(round1.map(\.item)))
        out = game.play([.tick(300)])
        #expect(out.contains { if case .reveal(_, 300) = $0 { return true } else { return false } })
    }

    @Test("a submission for a round that is not open is ignored")
    func wrongRound() throws {
        var game = try Fixture.session(try Self.race())
        let out = game.play([Fixture.submit("ana", 1, "x", 3)])
        #expect(out.ignoredReasons == ["round 1 is not open"])
    }

    @Test("a player leaving: their turns are missed, the items pass on, the others finish")
    func leaving() throws {
        var game = try Fixture.session(try Self.race(people: ["ana", "ben", "cy", "dee"]), seed: 9)
        let out = game.play([
            .leave(participant: "dee", time: 1), Fixture.submit("ana", 0, "x", 2), Fixture.submit("ben", 0, "y", 2),
            Fixture.submit("cy", 0, "z", 2), .tick(1000),
        ])
        // Round 0 ended early (dee left), then rounds 1-3 ran to their deadlines.
        let rounds = out.compactMap {
            if case .roundStarted(let r, let t, _) = $0 { return "\(r)@\(Int(t))" } else { return nil }
        }
        #expect(rounds == ["0@0", "1@2", "2@102", "3@202"])
        #expect(Self.handOuts(out).allSatisfy { $0.participant != "dee" || $0.round == 0 })
        #expect(Self.handOuts(out).filter { $0.round > 0 }.count == 9)
        #expect(out.finishes.sorted() == ["ana", "ben", "cy"])
        #expect(game.standings().row("dee")?.status == .didNotFinish)
    }

    static func rounds(_ out: [Outcome]) -> [String] {
        out.compactMap { if case .roundStarted(let r, let t, _) = $0 { return "\(r)@\(Int(t))" } else { return nil } }
    }

    @Test(
        "rounds go at the players' pace: a clue typed early hands on only at the arrival; the last arrival closes the round"
    )
    func roundsFollowArrivals() throws {
        let seed: UInt64 = 4
        var game = try Fixture.session(try Self.race(config: #"{"roundSeconds": 1000}"#), seed: seed)
        let rotation = RelayRotation(players: ["ana", "ben", "cy"], seed: seed)
        let picks = ["ana": "x", "ben": "y", "cy": "z"]
        // Round 0 ends at 5, when all three have picked. Round 1: the holders of x, y and z write
        // their clue at 10 (before going) and arrive at 300, 500 and 800.
        let arrival = ["x": 300.0, "y": 500.0, "z": 800.0]
        var inputs: [GameInput] = picks.map { Fixture.submit($0.key, 0, $0.value, 5) }
        let holders1 = rotation.authors(round: 1)
        for (holder, author) in holders1 {
            let stop = picks[author]!
            inputs += [Fixture.submit(holder, 1, "clue-" + stop, 10), Fixture.visit(holder, stop, arrival[stop]!)]
        }
        // Round 2: each guesses by going to the stop the clue names, at 900, 950 and 1000; a typed guess is refused.
        let holders2 = rotation.authors(round: 2)
        let guessTime = ["x": 900.0, "y": 950.0, "z": 1000.0]
        for (holder, author) in holders2 {
            let stop = picks[author]!
            inputs += [Fixture.visit(holder, stop, guessTime[stop]!)]
        }
        let typed = try #require(holders2.keys.sorted().first)
        inputs.append(Fixture.submit(typed, 2, "w", 850))
        let out = game.play(inputs + [.end(3600)])
        #expect(Self.rounds(out) == ["0@0", "1@5", "2@800"])
        #expect(out.ignoredReasons == ["a clue is answered by reaching the stop it describes, not by a submission"])
        let reveals = out.compactMap {
            if case .reveal(let chains, let t) = $0 { return (chains, t) } else { return nil }
        }
        let (chains, revealTime) = try #require(reveals.first)
        #expect(revealTime == 1000)
        // Every link handed on; every stop reached and every guess right: 3 + 3 + 3 points.
        #expect(
            chains.allSatisfy { chain in
                chain.links.count == 3 && chain.links.allSatisfy { $0.handedOn != nil && ($0.round == 0 || $0.success) }
            })
        #expect(game.standings().rows.map(\.points).reduce(0, +) == 9)
        // The reveal's line names every chain, link by link.
        let line = try #require(out.first { if case .reveal = $0 { return true } else { return false } }).description
        for author in ["ana", "ben", "cy"] {
            let stop = picks[author]!
            let chain =
                "\(author): stop \(stop) → \(rotation.handler(of: author, round: 1)!) clue \"clue-\(stop)\" (reached \(stop)) → "
                + "\(rotation.handler(of: author, round: 2)!) stop \(stop) (right)"
            #expect(line.contains(chain), "\(line)")
        }
        #expect(line.hasPrefix("t=1000 reveal 3 chains: "))
    }

    @Test("a clue without the arrival, or an arrival after the round closed, passes the item on unchanged")
    func lateArrival() throws {
        let seed: UInt64 = 4
        var game = try Fixture.session(try Self.race(config: #"{"roundSeconds": 100}"#), seed: seed)
        let rotation = RelayRotation(players: ["ana", "ben", "cy"], seed: seed)
        let picks = ["ana": "x", "ben": "y", "cy": "z"]
        var inputs: [GameInput] = picks.map { Fixture.submit($0.key, 0, $0.value, 5) }
        // Round 1 runs 5…105: everyone writes a clue at 10 but arrives only at 150, after the round closed.
        for (holder, author) in rotation.authors(round: 1) {
            inputs += [Fixture.submit(holder, 1, "clue", 10), Fixture.visit(holder, picks[author]!, 150)]
        }
        let out = game.play(inputs + [.end(3600)])
        #expect(Self.rounds(out) == ["0@0", "1@5", "2@105"])
        // Round 2 hands out the stops again, not the clues written without going there.
        let round2 = Self.handOuts(out).filter { $0.round == 2 }
        #expect(round2.count == 3 && round2.allSatisfy { $0.item == .stop(picks[$0.author]!) })
        #expect(out.recordedReasons.count == 3)
    }

    @Test(
        "with a responder, a round that runs out closes at its deadline: the next round's replies are not refused as late"
    )
    func deadlineTick() throws {
        let race = try Self.race(config: #"{"roundSeconds": 100}"#)
        var game = try Fixture.session(race, seed: 2)
        // Nobody moves until 1000: every round closes at its deadline (0 early, by the model's picks).
        let out = game.play(
            [Fixture.visit("ana", "w", 1000), .end(1000)],
            responder: AnswerModel(race: race, accuracy: 1, delaySeconds: 5...5, seed: 1))
        #expect(out.ignoredReasons.isEmpty, "\(out.ignoredReasons)")
        #expect(Self.rounds(out) == ["0@0", "1@5", "2@105"])
        #expect(out.contains { if case .reveal(_, 205) = $0 { return true } else { return false } })
    }

    @Test("validation: 2 to 8 players", arguments: [1, 2, 8, 9])
    func playerCount(count: Int) throws {
        let issues = Fixture.validate(try Self.race(people: (0..<count).map { "p\($0)" }))
        #expect(
            issues.contains { $0.code == "relay-player-count" && $0.path == "/participants" } == !(2...8).contains(
                count))
    }
}
