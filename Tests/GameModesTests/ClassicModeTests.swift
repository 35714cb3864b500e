import GameModes
import GeoCore
import RaceModel
import Testing

struct ClassicModeTests {
    /// start s, then a, b, finish f.
    static func race(
        config: String = "{}", people: [String] = ["ana", "ben"], limit: Seconds? = nil, penalty: Seconds = 0,
        task: StopTask? = nil, optional: [String] = [], controls: [CourseItem] = [.stop("a"), .stop("b")],
        window: TimeWindow? = nil
    ) throws -> Race {
        var stops = Fixture.stops(["s", "a", "b", "c", "f"])
        stops[1].task = task
        stops[2].window = window
        return Fixture.race(
            mode: "classic", config: try Fixture.json(config), stops: stops,
            courses: [Course(id: "main", start: "s", finish: "f", controls: controls, optional: optional)],
            participants: Fixture.people(people), limit: limit, rules: RaceRules(secondsPerWrongAnswer: penalty))
    }

    @Test("only the next stop counts: an out-of-order visit is recorded, not counted")
    func outOfOrder() throws {
        var game = try Fixture.session(try Self.race())
        let out = game.play([
            Fixture.visit("ana", "b", 10), Fixture.visit("ana", "f", 15), Fixture.visit("ana", "a", 20),
            Fixture.visit("ana", "b", 30), Fixture.visit("ana", "f", 40),
        ])
        #expect(out.recordedReasons == ["out of order: next is a", "out of order: next is a"])
        #expect(out.finishes == ["ana"])
        let row = try #require(game.standings().row("ana"))
        #expect(row.status == .ok && row.finishTime == 40 && row.stopsReached == 4)
        #expect(row.details["progress"] == "4/4")
        #expect(game.standings().row("ben")?.details["next"] == "a")
    }

    @Test("runners level on everything else are ranked by id in code-point order, after the earlier last stop")
    func tiesByID() throws {
        // Listed out of order; capitals sort before small letters, accents and emoji after.
        let ids = ["ben", "Zoë", "émile", "ana", "zed", "Ana", "🦊", "an"]
        var game = try Fixture.session(try Self.race(people: ids + ["late"]))
        _ = game.play((ids + ["late"]).map { Fixture.visit($0, "a", $0 == "late" ? 20 : 10) })
        let byCodePoints = ids.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(byCodePoints.first == "Ana" && byCodePoints.last == "🦊")
        #expect(game.standings().rows.map(\.competitor) == byCodePoints + ["late"])
    }

    @Test("first to finish wins; standings show everyone's progress")
    func firstToFinish() throws {
        var game = try Fixture.session(try Self.race())
        let out = game.play(
            ["a", "b", "f"].enumerated().flatMap { i, s in
                [Fixture.visit("ben", s, Double(10 + i * 10)), Fixture.visit("ana", s, Double(12 + i * 10))]
            } + [.end(100)])
        #expect(out.wins == ["ben"])
        let standings = game.standings()
        #expect(standings.rows.map(\.competitor) == ["ben", "ana"])
        #expect(standings.rows.map(\.rank) == [1, 2])
        #expect(standings.winners == ["ben"])
    }

    @Test(
        "finishing in the same second: the tie rule decides (better accuracy, then id)",
        arguments: [(5.0, 10.0, "ana"), (10.0, 5.0, "ben"), (nil, nil, "ana"), (nil, 30.0, "ben")]
            as [(Double?, Double?, String)])
    func simultaneousFinish(anaAccuracy: Double?, benAccuracy: Double?, winner: String) throws {
        var game = try Fixture.session(try Self.race())
        let out = game.play([
            Fixture.visit("ana", "a", 1), Fixture.visit("ben", "a", 1), Fixture.visit("ana", "b", 2),
            Fixture.visit("ben", "b", 2), Fixture.visit("ben", "f", 50, accuracy: benAccuracy),
            Fixture.visit("ana", "f", 50, accuracy: anaAccuracy),
        ])
        #expect(out.wins == [winner])
        #expect(game.standings().rows.first?.competitor == winner)
        #expect(game.standings().rows.map(\.rank) == [1, 2])
    }

    @Test("a wrong answer costs the time penalty: the later finisher without it wins, once nobody can beat it")
    func penalty() throws {
        let race = try Self.race(penalty: 60, task: Fixture.task("2"))
        var game = try Fixture.session(race)
        let out = game.play([
            Fixture.visit("ana", "a", 10), Fixture.answer("ana", "a", "3", 12), Fixture.visit("ana", "b", 20),
            Fixture.visit("ana", "f", 30),
            Fixture.visit("ben", "a", 20), Fixture.answer("ben", "a", "2", 21), Fixture.visit("ben", "b", 40),
            Fixture.visit("ben", "f", 80), .tick(85), .end(100),
        ])
        #expect(out.contains(.penalty(to: "ana", seconds: 60, points: 0, reason: "wrong answer at a", time: 12)))
        #expect(out.wins == ["ben"])
        // The win is only declared when ana's result time (30 + 60) cannot be beaten any more: at ben's finish.
        let win = try #require(out.first { if case .win = $0 { return true } else { return false } })
        #expect(win.time == 80)
        #expect(game.standings().row("ana")?.details["result"] == "1:30")
    }

    @Test("without a rival still running, the finisher wins at once; with one, the win waits for the clock")
    func winWaits() throws {
        var game = try Fixture.session(try Self.race(penalty: 60, task: Fixture.task("2")))
        var out = game.play([
            Fixture.visit("ana", "a", 10), Fixture.answer("ana", "a", "1", 11), Fixture.visit("ana", "b", 20),
            Fixture.visit("ana", "f", 30), .tick(89),
        ])
        #expect(out.wins.isEmpty)
        out = game.play([.tick(90)])
        #expect(out.wins == ["ana"])
    }

    @Test("retry: a wrong answer asks again after the delay; an earlier try is ignored")
    func retry() throws {
        let race = try Self.race(config: #"{"wrongAnswer": "retry", "retryDelaySeconds": 30}"#, task: Fixture.task("2"))
        var game = try Fixture.session(race)
        let out = game.play([
            Fixture.visit("ana", "a", 10), Fixture.answer("ana", "a", "1", 15), Fixture.visit("ana", "b", 20),
            Fixture.answer("ana", "a", "2", 40), Fixture.answer("ana", "a", "2", 45), Fixture.visit("ana", "b", 50),
        ])
        #expect(out.questions.map(\.attempt) == [1, 2])
        #expect(out.questions.map(\.time) == [10, 45])
        #expect(out.recordedReasons == ["the question at a is not answered yet"])
        #expect(out.ignoredReasons == ["the next try is accepted from t=45"])
        #expect(out.contains(.reached(participant: "ana", stop: "b", time: 50)))
        #expect(game.standings().row("ana")?.details["wrongAnswers"] == "1")
    }

    @Test("a question never answered blocks the way; at the end the participant did not finish")
    func missingAnswer() throws {
        var game = try Fixture.session(try Self.race(task: Fixture.task()))
        let out = game.play([
            Fixture.visit("ana", "a", 10), Fixture.visit("ana", "b", 20), Fixture.visit("ana", "f", 30), .end(60),
        ])
        #expect(out.finishes.isEmpty && out.wins.isEmpty)
        let row = try #require(game.standings().row("ana"))
        #expect(row.status == .didNotFinish && row.details["next"] == "? a")
        #expect(game.standings().row("ana")?.rank == nil)
    }

    @Test("options are shuffled per participant, and judged by value")
    func shuffledOptions() throws {
        let options = (1...8).map(String.init)
        var game = try Fixture.session(
            try Self.race(people: ["ana", "ben", "cy"], task: Fixture.task("5", options: options)), seed: 3)
        let out = game.play(["ana", "ben", "cy"].map { Fixture.visit($0, "a", 10) })
        let shown = out.questions.map(\.options)
        #expect(shown.count == 3 && shown.allSatisfy { $0.sorted() == options.sorted() })
        #expect(Set(shown).count > 1)
        let answered = game.apply(Fixture.answer("ben", "a", "5", 11))
        #expect(answered.contains(.answered(participant: "ben", stop: "a", choice: "5", correct: true, time: 11)))
    }

    @Test("finishing after the time limit is OverTime and cannot win")
    func overTime() throws {
        var game = try Fixture.session(try Self.race(limit: 60))
        let out = game.play([
            Fixture.visit("ana", "a", 10), Fixture.visit("ana", "b", 20), Fixture.visit("ana", "f", 70),
            Fixture.visit("ben", "a", 30), .end(200),
        ])
        #expect(out.wins.isEmpty)
        let standings = game.standings()
        #expect(standings.row("ana")?.status == .overTime && standings.row("ana")?.rank == nil)
        #expect(standings.row("ben")?.status == .didNotFinish)
    }

    @Test("a player leaving did not finish; their later visits are recorded; the others play on")
    func leaving() throws {
        var game = try Fixture.session(try Self.race())
        let out = game.play([
            Fixture.visit("ana", "a", 10), .leave(participant: "ana", time: 15), Fixture.visit("ana", "b", 20),
            Fixture.visit("ben", "a", 20), Fixture.visit("ben", "b", 30), Fixture.visit("ben", "f", 40),
        ])
        #expect(out.contains(.left("ana", time: 15)))
        #expect(out.recordedReasons == ["the participant has left"])
        #expect(out.wins == ["ben"])
        #expect(game.standings().row("ana")?.status == .didNotFinish)
    }

    @Test("an optional stop may be skipped; an any-order group in any order")
    func optionalAndGroups() throws {
        var game = try Fixture.session(try Self.race(optional: ["a"], controls: [.stop("a"), .anyOrder(["b", "c"])]))
        let out = game.play([
            Fixture.visit("ana", "c", 10), Fixture.visit("ana", "f", 12), Fixture.visit("ana", "b", 20),
            Fixture.visit("ana", "f", 30),
        ])
        #expect(out.recordedReasons == ["out of order: next is b"])
        #expect(out.finishes == ["ana"])
        #expect(game.standings().row("ana")?.stopsReached == 4)
    }

    @Test("a visit outside the stop's time window is recorded, not counted")
    func window() throws {
        var game = try Fixture.session(try Self.race(window: TimeWindow(opensAfterSeconds: 100)))
        let out = game.play([
            Fixture.visit("ana", "a", 10), Fixture.visit("ana", "b", 20), Fixture.visit("ana", "b", 120),
        ])
        #expect(out.recordedReasons == ["the stop opens at t=100"])
        #expect(out.contains(.reached(participant: "ana", stop: "b", time: 120)))
    }
}
