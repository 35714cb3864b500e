import GameModes
import GeoCore
import RaceModel
import Testing

struct QuizModeTests {
    /// `count` question stops q1…qN (answer "right"), no course.
    static func race(
        questions count: Int = 4, config: String = #"{"questionsPerRound": 2}"#, people: [String] = ["ana", "ben"]
    ) throws -> Race {
        let stops = (1...count).map { i in
            Fixture.stop(
                "q\(i)", i,
                task: StopTask(question: "Q\(i)?", options: ["right", "wrong", "nope", "never"], answer: "right"))
        }
        return Fixture.race(
            mode: "quiz", config: try Fixture.json(config), stops: stops, participants: Fixture.people(people))
    }

    @Test("a duel's opponent is never oneself, for every size and seed", arguments: 2...9)
    func neverSelf(size: Int) {
        let players = (0..<size).map { "p\($0)" }
        for seed in 0..<200 as Range<UInt64> {
            for round in 0..<3 {
                let drawn = QuizPairing.opponents(players, round: round, seed: seed)
                #expect(drawn.count == size)
                #expect(drawn.allSatisfy { $0.key != $0.value && players.contains($0.value) })
                let duels = QuizPairing.duels(players, round: round, seed: seed)
                #expect(duels.allSatisfy { $0.0 != $0.1 })
                #expect(Set(duels.map { Set([$0.0, $0.1]) }).count == duels.count)
            }
        }
    }

    @Test("pairing is deterministic per seed and varies between seeds; every opponent can be drawn")
    func pairingSeeded() {
        let players = ["a", "b", "c", "d", "e"]
        #expect(
            QuizPairing.opponents(players, round: 0, seed: 42) == QuizPairing.opponents(players, round: 0, seed: 42))
        let variants = Set((0..<50 as Range<UInt64>).map { QuizPairing.opponents(players, round: 0, seed: $0) })
        #expect(variants.count > 10)
        let opponentsOfA = Set(
            (0..<200 as Range<UInt64>).compactMap { QuizPairing.opponents(players, round: 0, seed: $0)["a"] })
        #expect(opponentsOfA == ["b", "c", "d", "e"])
        #expect(QuizPairing.opponents(["solo"], round: 0, seed: 1).isEmpty)
    }

    @Test("questions open at their stops; options shuffled per player keep the answer by value")
    func unlockAtStop() throws {
        var game = try Fixture.session(try Self.race(people: ["ana", "ben", "cy", "dee"]), seed: 5)
        let out = game.play(
            ["ana", "ben", "cy", "dee"].map { Fixture.visit($0, "q1", 10) } + [Fixture.answer("ana", "q2", "right", 11)]
        )
        #expect(out.questions.count == 4)
        #expect(out.questions.allSatisfy { Set($0.options) == ["right", "wrong", "nope", "never"] })
        #expect(Set(out.questions.map(\.options)).count > 1)
        #expect(out.ignoredReasons == ["the question at q2 is not open for ana"])
    }

    @Test("a duel: more correct answers wins, as many is a draw; records are kept")
    func duels() throws {
        var game = try Fixture.session(try Self.race())
        var inputs: [GameInput] = []
        for (i, stop) in ["q1", "q2", "q3", "q4"].enumerated() {
            inputs += [Fixture.visit("ana", stop, Double(10 * i + 1)), Fixture.visit("ben", stop, Double(10 * i + 2))]
        }
        // Round 0 (q1, q2): ana 2 right, ben 1 right -> ana wins. Round 1 (q3, q4): 1 each -> draw.
        inputs += [
            Fixture.answer("ana", "q1", "right", 50), Fixture.answer("ana", "q2", "right", 51),
            Fixture.answer("ben", "q1", "right", 52), Fixture.answer("ben", "q2", "nope", 53),
            Fixture.answer("ana", "q3", "right", 54), Fixture.answer("ana", "q4", "wrong", 55),
            Fixture.answer("ben", "q3", "never", 56), Fixture.answer("ben", "q4", "right", 57),
        ]
        let out = game.play(inputs)
        #expect(
            out.contains(.duel(round: 0, players: ["ana", "ben"], winner: "ana", time: 53))
                || out.contains(.duel(round: 0, players: ["ben", "ana"], winner: "ana", time: 53)))
        let duelResults = out.compactMap {
            if case .duel(let r, _, let w, _) = $0 { return "\(r):\(w ?? "draw")" } else { return nil }
        }
        #expect(duelResults == ["0:ana", "1:draw"])
        let standings = game.standings()
        #expect(standings.row("ana")?.details["record"] == "1-1-0")
        #expect(standings.row("ben")?.details["record"] == "0-1-1")
        #expect(standings.rows.map(\.competitor) == ["ana", "ben"])
        #expect(standings.row("ana")?.status == .ok)
    }

    @Test("the first answer counts; progress is kept between sessions of play")
    func firstAnswerCounts() throws {
        var game = try Fixture.session(try Self.race())
        _ = game.play([Fixture.visit("ana", "q1", 1), Fixture.answer("ana", "q1", "wrong", 2)])
        let saved = game
        let out = game.play([Fixture.answer("ana", "q1", "right", 3)])
        #expect(out.ignoredReasons == ["already answered: the first answer counts"])
        #expect(game.standings() == saved.standings())
        #expect(game.standings().row("ana")?.details["answered"] == "1/4")
    }

    @Test("missing answers count as wrong at the end; open duels are decided on what was answered")
    func missingAnswers() throws {
        var game = try Fixture.session(try Self.race())
        let out = game.play([Fixture.visit("ana", "q1", 1), Fixture.answer("ana", "q1", "right", 2), .end(100)])
        let results = out.compactMap {
            if case .duel(let r, _, let w, _) = $0 { return "\(r):\(w ?? "draw")" } else { return nil }
        }
        #expect(results == ["0:ana", "1:draw"])
        #expect(game.standings().row("ana")?.status == .missingPunch)
        #expect(game.standings().row("ben")?.details["record"] == "0-1-1")
    }

    @Test(
        "MissingPunch is not ranked: a player with unanswered questions never shares rank 1 with one who answered all")
    func missingPunchUnranked() throws {
        var game = try Fixture.session(try Self.race(questions: 2))
        // One round (q1, q2). ana answers both, one right; ben answers only q1, right. At the end the
        // open duel is decided on what was answered: 1 correct each, a draw, so both records are 0-1-0
        // and both have 1 correct: equal keys. ben still has a question open: MissingPunch, unranked.
        _ = game.play([
            Fixture.visit("ana", "q1", 1), Fixture.visit("ana", "q2", 2), Fixture.visit("ben", "q1", 3),
            Fixture.visit("ben", "q2", 4), Fixture.answer("ana", "q1", "right", 5),
            Fixture.answer("ana", "q2", "wrong", 6), Fixture.answer("ben", "q1", "right", 7), .end(100),
        ])
        let standings = game.standings()
        #expect(standings.row("ana")?.details["record"] == "0-1-0")
        #expect(standings.row("ben")?.details["record"] == "0-1-0")
        #expect(standings.rows.map(\.competitor) == ["ana", "ben"])
        #expect(standings.row("ana")?.status == .ok)
        #expect(standings.row("ana")?.rank == 1)
        #expect(standings.row("ben")?.status == .missingPunch)
        #expect(standings.row("ben")?.rank == nil)
        #expect(standings.winners == ["ana"])
    }

    @Test("MissingPunch rows come after every ranked row, even with a better record")
    func missingPunchAfterRanked() throws {
        var game = try Fixture.session(try Self.race(questions: 2))
        // ana answers both wrong (0 correct); ben answers q1 right and leaves q2 open. ben wins the
        // duel 1-0 but is MissingPunch: listed after ana, without a rank.
        _ = game.play([
            Fixture.visit("ana", "q1", 1), Fixture.visit("ana", "q2", 2), Fixture.visit("ben", "q1", 3),
            Fixture.answer("ana", "q1", "wrong", 5), Fixture.answer("ana", "q2", "nope", 6),
            Fixture.answer("ben", "q1", "right", 7), .end(100),
        ])
        let standings = game.standings()
        #expect(standings.row("ben")?.details["record"] == "1-0-0")
        #expect(standings.rows.map(\.competitor) == ["ana", "ben"])
        #expect(standings.rows.map(\.rank) == [1, nil])
    }

    @Test("a player leaving loses the open duels; their opponent wins by forfeit")
    func leaving() throws {
        var game = try Fixture.session(try Self.race(questions: 2))
        let out = game.play([
            Fixture.visit("ana", "q1", 1), Fixture.answer("ana", "q1", "wrong", 2),
            Fixture.visit("ben", "q1", 3), Fixture.answer("ben", "q1", "wrong", 3),
            .leave(participant: "ben", time: 10),
            Fixture.answer("ben", "q2", "right", 11),
        ])
        #expect(out.contains { if case .duel(0, _, "ana"?, 10) = $0 { return true } else { return false } })
        #expect(out.ignoredReasons == ["ben has left"])
        let standings = game.standings()
        #expect(standings.row("ben")?.status == .didNotFinish)
        #expect(standings.rows.first?.competitor == "ana")
    }

    @Test("unlock by round: round 0 opens at the start, the next when a player has answered it")
    func rounds() throws {
        var game = try Fixture.session(
            try Self.race(questions: 5, config: #"{"questionsPerRound": 2, "unlock": "round"}"#))
        var out = game.play([.tick(0)])
        #expect(out.questions.map(\.stop) == ["q1", "q2", "q1", "q2"])
        out = game.play([
            Fixture.answer("ana", "q1", "right", 5), Fixture.answer("ana", "q3", "right", 6),
            Fixture.answer("ana", "q2", "right", 7), Fixture.visit("ana", "q5", 8),
        ])
        #expect(out.ignoredReasons == ["the question at q3 is not open for ana"])
        #expect(out.questions.map(\.stop) == ["q3", "q4"])
        #expect(out.questions.allSatisfy { $0.time == 7 && $0.participant == "ana" })
        #expect(out.recordedReasons == ["questions open by round, not at stops"])
    }

    @Test(
        "validation: enough questions, at least two players",
        arguments: [
            (3, #"{"questionsPerRound": 10}"#, ["a", "b"], "too-few-questions", "/mode/config/questionsPerRound"),
            (3, #"{"questionsPerRound": 0}"#, ["a", "b"], "bad-mode-option", "/mode/config/questionsPerRound"),
            (3, #"{"questionsPerRound": 3}"#, ["a"], "too-few-players", "/participants"),
            (3, #"{"questionsPerRound": "ten"}"#, ["a", "b"], "wrong-type", "/mode/config/questionsPerRound"),
            (3, #"{"questionsPerRound": 2.5}"#, ["a", "b"], "bad-mode-option", "/mode/config/questionsPerRound"),
            (3, #"{"unlock": "never"}"#, ["a", "b"], "bad-mode-option", "/mode/config/unlock"),
        ])
    func validation(questions: Int, config: String, people: [String], code: String, path: String) throws {
        let issues = Fixture.validate(try Self.race(questions: questions, config: config, people: people))
        #expect(issues.contains { $0.code == code && $0.path == path }, "\(issues)")
    }

    @Test("a race without tasks has no questions: an error")
    func noQuestions() throws {
        var race = try Self.race()
        race.stops = race.stops.map {
            var s = $0; s.task = nil; return s
        }
        #expect(Fixture.validate(race).contains { $0.code == "no-questions" && $0.severity == .error })
    }
}
