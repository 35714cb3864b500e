import GameModes
import GeoCore
import RaceModel
import Testing

struct ScoreModeTests {
    /// Goals g1 (10), g2 (20), g3 (30); start and finish "home" (0 points).
    static func race(
        config: String = "{}", people: [Participant] = Fixture.people(["ana", "ben"]), teams: [Team] = [],
        limit: Seconds? = 600, perMinute: Int = 10, finish: Bool = true
    ) throws -> Race {
        var stops = [Fixture.stop("home", 0, points: 0)]
        for (i, points) in [10, 20, 30].enumerated() { stops.append(Fixture.stop("g\(i + 1)", i + 1, points: points)) }
        let courses = [
            Course(
                id: "main", start: "home", finish: finish ? "home" : nil, controls: [.anyOrder(["g1", "g2", "g3"])],
                optional: ["g1", "g2", "g3"])
        ]
        return Fixture.race(
            mode: "score", config: try Fixture.json(config), stops: stops, courses: courses, participants: people,
            teams: teams, limit: limit, rules: RaceRules(pointsPerMinuteOver: perMinute))
    }

    @Test("the first to reach a goal claims it; later arrivals get nothing by default")
    func firstClaims() throws {
        var game = try Fixture.session(try Self.race())
        let out = game.play([
            Fixture.visit("ana", "g2", 100), Fixture.visit("ben", "g2", 110), Fixture.visit("ben", "g1", 120),
        ])
        #expect(out.claims.map(\.by) == ["ana", "ben"])
        #expect(out.claims.map(\.points) == [20, 10])
        #expect(out.contains(.points(to: "ben", points: 0, reason: "reached g2 after ana", time: 110)))
        #expect(game.standings().row("ana")?.points == 20)
    }

    @Test(
        "later arrivals get the configured share, rounded down",
        arguments: [(0.5, 10), (0.25, 5), (0.33, 6), (1.0, 20)])
    func share(share: Double, expected: Int) throws {
        var game = try Fixture.session(try Self.race(config: #"{"laterArrivalShare": \#(share)}"#))
        _ = game.play([Fixture.visit("ana", "g2", 100), Fixture.visit("ben", "g2", 110)])
        #expect(game.standings().row("ben")?.points == expected)
    }

    @Test("two teams at a goal in the same second: better accuracy claims; equal accuracy: the smaller id")
    func simultaneous() throws {
        var game = try Fixture.session(try Self.race())
        let out = game.play([
            Fixture.visit("ana", "g3", 100, accuracy: 8), Fixture.visit("ben", "g3", 100, accuracy: 4),
            Fixture.visit("ana", "g1", 200), Fixture.visit("ben", "g1", 200),
        ])
        #expect(out.claims.map(\.by) == ["ben", "ana"])
        #expect(out.claims.map(\.stop) == ["g3", "g1"])
    }

    @Test("a team claims once: a teammate's later visit is recorded")
    func teams() throws {
        let people = Fixture.people(["ana", "ben", "cy"]) { $0 == "cy" ? "blue" : "red" }
        var game = try Fixture.session(
            try Self.race(people: people, teams: [Team(id: "red", name: "Red"), Team(id: "blue", name: "Blue")]))
        let out = game.play([
            Fixture.visit("ana", "g1", 10), Fixture.visit("ben", "g1", 20), Fixture.visit("cy", "g1", 30),
        ])
        #expect(out.claims.map(\.by) == ["red"])
        #expect(out.recordedReasons == ["already scored by red"])
        #expect(game.standings().rows.map(\.competitor) == ["red", "blue"])
        #expect(game.standings().row("red")?.members == ["ana", "ben"])
    }

    @Test(
        "each started minute over the limit costs points",
        arguments: [(600.0, 0), (601.0, 10), (660.0, 10), (661.0, 20)])
    func overTime(finish: Seconds, penalty: Int) throws {
        var game = try Fixture.session(try Self.race())
        _ = game.play([
            Fixture.visit("ana", "home", 0), Fixture.visit("ana", "g3", 100), Fixture.visit("ana", "home", finish),
            .end(2000),
        ])
        let row = try #require(game.standings().row("ana"))
        #expect(row.points == 30 - penalty)
        #expect(row.details["penalty"] == String(penalty))
        #expect(row.status == .ok && row.finishTime == finish)
    }

    @Test("when start and finish are one stop, being there at the start does not finish; not returning is DidNotFinish")
    func startIsNotFinish() throws {
        var game = try Fixture.session(try Self.race())
        let out = game.play([
            Fixture.visit("ana", "home", 0), Fixture.visit("ana", "g1", 50), Fixture.visit("ben", "home", 0), .end(900),
        ])
        #expect(out.finishes.isEmpty)
        #expect(out.recordedReasons == ["at the start", "at the start"])
        #expect(game.standings().row("ana")?.status == .didNotFinish)
        #expect(game.standings().row("ana")?.rank == nil)
    }

    @Test("a shared start/finish passed on the way does not end the race: the finish is the return after the last goal")
    func passingTheFinish() throws {
        var game = try Fixture.session(try Self.race())
        // ana passes home at 200 between g1 and g2, then comes back at 400 and stays.
        let out = game.play([
            Fixture.visit("ana", "home", 0), Fixture.visit("ana", "g1", 100), Fixture.visit("ana", "home", 200),
            Fixture.visit("ana", "g2", 300), Fixture.visit("ana", "home", 400), .end(900),
        ])
        #expect(out.claims.map(\.stop) == ["g1", "g2"])
        #expect(out.contains(.finish("ana", time: 400)))
        #expect(out.finishes == ["ana"])
        let row = try #require(game.standings().row("ana"))
        #expect(row.status == .ok && row.finishTime == 400 && row.points == 30)
    }

    @Test("while the race runs an arrival at the finish is not yet a finish; the end settles it")
    func finishSettledAtEnd() throws {
        var game = try Fixture.session(try Self.race())
        let before = game.play([Fixture.visit("ana", "g1", 100), Fixture.visit("ana", "home", 200)])
        #expect(before.finishes.isEmpty)
        #expect(game.standings().row("ana")?.status == .active)
        // Leaving the fence and coming back (GPS jitter) keeps the first arrival.
        let again = game.play([Fixture.visit("ana", "home", 230), .end(900)])
        #expect(again.recordedReasons == ["still at the finish since t=200"])
        #expect(again.contains(.finish("ana", time: 200)))
        #expect(game.standings().row("ana")?.finishTime == 200)
    }

    @Test("late by 15:50.27 after passing the finish on time: 16 started minutes, 160 points off")
    func lateAfterPassingOnTime() throws {
        // The Munich case by hand: limit 600 s (10 min), 10 points per started minute. ana passes
        // home at 250 (on time), goes on to g1 at 700 and is back at 1550.27: 950.27 s over,
        // 15.84 minutes, so 16 started minutes = 160 points off 40 (g3 30 + g1 10) = -120.
        var game = try Fixture.session(try Self.race())
        let out = game.play([
            Fixture.visit("ana", "g3", 100), Fixture.visit("ana", "home", 250), Fixture.visit("ana", "g1", 700),
            Fixture.visit("ana", "home", 1550.27), .end(2000),
        ])
        #expect(
            out.contains(
                .penalty(
                    to: "ana", seconds: 0, points: 160, reason: "16 started minutes over the time limit", time: 1550.27)
            ))
        let row = try #require(game.standings().row("ana"))
        #expect(row.finishTime == 1550.27)
        #expect(row.details["penalty"] == "160")
        #expect(row.points == -120)
    }

    @Test("a team finishes at its last member's return; leaving from the finish counts as finishing there")
    func teamReturns() throws {
        let people = Fixture.people(["ana", "ben"]) { _ in "red" }
        var game = try Fixture.session(try Self.race(people: people, teams: [Team(id: "red", name: "Red")]))
        let out = game.play([
            Fixture.visit("ana", "g1", 10), Fixture.visit("ana", "home", 100), Fixture.visit("ben", "g2", 50),
            Fixture.visit("ben", "home", 150), Fixture.visit("ben", "g3", 300), Fixture.visit("ben", "home", 500),
            .leave(participant: "ana", time: 550), .end(900),
        ])
        #expect(out.finishes == ["red"])
        #expect(game.standings().row("red")?.finishTime == 500)
        #expect(game.standings().row("red")?.points == 60)
    }

    @Test("without a finish stop, visits after the limit do not count")
    func noFinish() throws {
        var game = try Fixture.session(try Self.race(finish: false))
        let out = game.play([Fixture.visit("ana", "g1", 599), Fixture.visit("ana", "g2", 601), .end(700)])
        #expect(out.claims.map(\.stop) == ["g1"])
        #expect(out.recordedReasons == ["after the time limit"])
        #expect(game.standings().row("ana")?.status == .ok)
    }

    @Test("a member leaving: the team finishes when the members still racing have")
    func leaving() throws {
        let people = Fixture.people(["ana", "ben"]) { _ in "red" }
        var game = try Fixture.session(try Self.race(people: people, teams: [Team(id: "red", name: "Red")]))
        let out = game.play([
            Fixture.visit("ana", "g1", 10), Fixture.visit("ana", "home", 100), .leave(participant: "ben", time: 200),
            .end(300),
        ])
        #expect(out.finishes == ["red"])
        #expect(game.standings().row("red")?.finishTime == 100)
    }

    @Test("groups have leaderboards of their own, ranked within the group; equal points share a rank")
    func groups() throws {
        let config =
            #"{"groups": [{"id": "fun", "members": ["ana", "cy"]}, {"id": "elite", "name": "Elite", "members": ["ben"]}, "empty"]}"#
        var game = try Fixture.session(try Self.race(config: config, people: Fixture.people(["ana", "ben", "cy"])))
        _ = game.play([
            Fixture.visit("ben", "g3", 10), Fixture.visit("ana", "g1", 20), Fixture.visit("cy", "g2", 30),
            Fixture.visit("ana", "g3", 40),
        ])
        let standings = game.standings()
        #expect(standings.groups.map(\.id) == ["fun", "elite", "empty"])
        #expect(standings.groups[0].rows.map(\.competitor) == ["cy", "ana"])
        #expect(standings.groups[0].rows.map(\.rank) == [1, 2])
        #expect(standings.groups[1].rows.map(\.competitor) == ["ben"] && standings.groups[1].name == "Elite")
        #expect(standings.groups[2].rows.isEmpty)
        #expect(standings.rows.map(\.rank) == [1, 2, 3])
        var tie = try Fixture.session(try Self.race(people: Fixture.people(["ana", "ben"])))
        _ = tie.play([Fixture.visit("ana", "g1", 20), Fixture.visit("ben", "g1", 21), Fixture.visit("ben", "g3", 22)])
        #expect(tie.standings().rows.map(\.rank) == [1, 2])
        var equal = try Fixture.session(
            try Self.race(config: #"{"laterArrivalShare": 1}"#, people: Fixture.people(["ana", "ben"])))
        _ = equal.play([Fixture.visit("ana", "g1", 20), Fixture.visit("ben", "g1", 21)])
        #expect(equal.standings().rows.map(\.rank) == [1, 1])
    }

    @Test("validation: goals need points, shares stay in 0…1, groups name participants or teams")
    func validation() throws {
        var race = try Self.race(config: #"{"laterArrivalShare": 1.5, "groups": [{"id": "x", "members": ["nobody"]}]}"#)
        race.stops[1].points = nil
        let issues = Fixture.validate(race)
        #expect(issues.contains { $0.code == "bad-mode-option" && $0.path == "/mode/config/laterArrivalShare" })
        #expect(issues.contains { $0.code == "goal-without-points" && $0.path == "/stops/1" })
        #expect(issues.contains { $0.code == "unknown-participant" && $0.path == "/mode/config/groups/0/members/0" })
        race.stops = race.stops.map {
            var s = $0; s.points = 0; return s
        }
        #expect(Fixture.validate(race).contains { $0.code == "no-goals" && $0.severity == .error })
    }
}
