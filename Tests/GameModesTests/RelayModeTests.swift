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

    @Test("every round is a derangement and every player handles every other player's chain exactly once", arguments: 2...8)
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
                for author in players { #expect(rotation.handler(of: author, round: round).map { authors[$0] } == author) }
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

    static func race(people: [String] = ["ana", "ben", "cy"], config: String = #"{"roundSeconds": 100}"#) throws -> Race {
        Fixture.race(mode: "relay", config: try Fixture.json(config), stops: Fixture.stops(["x", "y", "z", "w"]),
                     participants: Fixture.people(people), limit: 3600)
    }

    static func handOuts(_ out: [Outcome]) -> [(participant: String, round: Int, item: RelayItem, author: String)] {
        out.compactMap { if case .handOut(let p, let r, let i, let a, _, _) = $0 { return (p, r, i, a) } else { return nil } }
    }

    @Test("a whole game: stops become clues, clues become stops, nobody gets their own, the reveal shows every chain")
    func wholeGame() throws {
        let race = try Self.race()
        var game = try Fixture.session(race, seed: 4)
        var out = game.play([.tick(0)])
        #expect(Self.handOuts(out).map(\.round) == [0, 0, 0])
        // Round 0: everyone picks a stop; the round ends early once all have.
        out = game.play([Fixture.submit("ana", 0, "x", 5), Fixture.submit("ben", 0, "y", 6), Fixture.submit("cy", 0, "z", 7)])
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
        let reveal = try #require(out.compactMap { if case .reveal(let chains, _) = $0 { return chains } else { return nil } }.first)
        #expect(reveal.count == 3)
        for chain in reveal {
            #expect(chain.links.map(\.round) == [0, 1, 2])
            #expect(chain.links[0].participant == chain.author)
            #expect(Set(chain.links.dropFirst().map(\.participant)) == Set(["ana", "ben", "cy"]).subtracting([chain.author]))
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
        let out = game.play([.leave(participant: "dee", time: 1), Fixture.submit("ana", 0, "x", 2), Fixture.submit("ben", 0, "y", 2),
                             Fixture.submit("cy", 0, "z", 2), .tick(1000)])
        // Round 0 ended early (dee left), then rounds 1-3 ran to their deadlines.
        let rounds = out.compactMap { if case .roundStarted(let r, let t, _) = $0 { return "\(r)@\(Int(t))" } else { return nil } }
        #expect(rounds == ["0@0", "1@2", "2@102", "3@202"])
        #expect(Self.handOuts(out).allSatisfy { $0.participant != "dee" || $0.round == 0 })
        #expect(Self.handOuts(out).filter { $0.round > 0 }.count == 9)
        #expect(out.finishes.sorted() == ["ana", "ben", "cy"])
        #expect(game.standings().row("dee")?.status == .didNotFinish)
    }

    @Test("validation: 2 to 8 players", arguments: [1, 2, 8, 9])
    func playerCount(count: Int) throws {
        let issues = Fixture.validate(try Self.race(people: (0..<count).map { "p\($0)" }))
        #expect(issues.contains { $0.code == "relay-player-count" && $0.path == "/participants" } == !(2...8).contains(count))
    }
}
