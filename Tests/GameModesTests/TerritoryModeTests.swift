import GameModes
import GeoCore
import RaceModel
import Testing

struct Failure: Error {}

struct TerritoryModeTests {
    static let teams = [Team(id: "red", name: "Red"), Team(id: "blue", name: "Blue")]

    /// An N×N grid laid over a park, two teams of two.
    static func race(size: Int = 3, config: String = "{}") throws -> Race {
        let stops = TerritoryGrid.layout(
            centre: Coordinate(uncheckedLatitude: 52.5145, longitude: 13.3501), size: size, cellMeters: 60)
        let people = Fixture.people(["r1", "r2", "b1", "b2"]) { $0.hasPrefix("r") ? "red" : "blue" }
        return Fixture.race(
            mode: "territory", config: try Fixture.json(config), stops: stops, participants: people, teams: Self.teams)
    }

    static func cell(_ index: Int, size: Int = 3) -> String {
        "\(Array("abcdefghi")[index / size])\(index % size + 1)"
    }

    /// Every winning line of an N×N board, for the parameterised test.
    static var lines: [(Int, [Int])] {
        [3, 4].flatMap { n in TerritoryBoard(size: n).lines.map { (n, $0) } }
    }

    @Test("a line of N wins: every row, column and diagonal", arguments: lines)
    func lineWins(size: Int, line: [Int]) throws {
        var game = try Fixture.session(try Self.race(size: size, config: #"{"size": \#(size)}"#))
        // Blue takes cells off the line, one after each red claim, without making a line of its own.
        let others = (0..<size * size).filter { !line.contains($0) }
        var inputs: [GameInput] = []
        for (k, cell) in line.enumerated() {
            inputs.append(Fixture.visit("r1", Self.cell(cell, size: size), Double(10 * k + 1)))
            if k < line.count - 1 {
                inputs.append(
                    Fixture.visit("b1", Self.cell(others[k * 2 % others.count], size: size), Double(10 * k + 5)))
            }
        }
        let out = game.play(inputs)
        #expect(out.wins == ["red"])
        #expect(game.standings().row("red")?.details["record"] == "1-0-0")
    }

    @Test("a full board without a line is a draw")
    func draw() throws {
        var game = try Fixture.session(try Self.race())
        // X O X / X O O / O X X
        let owners = ["r1", "b1", "r1", "r1", "b1", "b1", "b1", "r1", "r1"]
        let out = game.play(owners.enumerated().map { Fixture.visit($1, Self.cell($0), Double($0 + 1)) })
        #expect(out.wins.isEmpty)
        #expect(out.contains(.draw(["red", "blue"], time: 9)))
        #expect(game.standings().row("blue")?.details["record"] == "0-1-0")
    }

    @Test("no game decided by the end (records 0-0-0): nobody is ranked and nobody wins")
    func noResultNoWinner() throws {
        var game = try Fixture.session(try Self.race())
        // Two zones each, no line, board not full: game 1 is still open at the end, so it has no result.
        _ = game.play([
            Fixture.visit("r1", "a1", 1), Fixture.visit("b1", "b2", 2), Fixture.visit("r2", "c3", 3),
            Fixture.visit("b2", "a3", 4), .end(100),
        ])
        let standings = game.standings()
        #expect(standings.final)
        #expect(standings.rows.map { $0.details["record"] } == ["0-0-0", "0-0-0"])
        #expect(standings.rows.allSatisfy { $0.rank == nil && $0.points == 0 })
        #expect(standings.winners.isEmpty)
    }

    @Test("once a game has a result the teams are ranked: a won game gives one winner")
    func decidedGameRanks() throws {
        var game = try Fixture.session(try Self.race())
        // Red takes the top row a1 a2 a3; blue takes b1 b2 in between.
        _ = game.play([
            Fixture.visit("r1", "a1", 1), Fixture.visit("b1", "b1", 2), Fixture.visit("r1", "a2", 3),
            Fixture.visit("b1", "b2", 4), Fixture.visit("r2", "a3", 5), .end(100),
        ])
        let standings = game.standings()
        #expect(standings.rows.map(\.rank) == [1, 2])
        #expect(standings.winners == ["red"])
    }

    @Test("the first team to reach a zone takes it; a simultaneous arrival goes by the tie rule")
    func simultaneous() throws {
        var game = try Fixture.session(try Self.race())
        let out = game.play([
            Fixture.visit("r1", "b2", 10, accuracy: 9), Fixture.visit("b1", "b2", 10, accuracy: 3),
            Fixture.visit("r2", "a1", 20), Fixture.visit("b2", "a1", 20),
        ])
        #expect(out.claims.map(\.by) == ["blue", "blue"])
        #expect(out.recordedReasons == ["already held by blue", "already held by blue"])
    }

    @Test("with turns, only the team on turn can claim; games alternate who starts")
    func turns() throws {
        var game = try Fixture.session(try Self.race(config: #"{"turns": true, "rematchDelaySeconds": 0}"#))
        var out = game.play([
            Fixture.visit("b1", "a1", 1), Fixture.visit("r1", "a1", 2), Fixture.visit("r1", "a2", 3),
            Fixture.visit("b1", "a2", 4),
        ])
        #expect(out.recordedReasons == ["not blue's turn", "not red's turn"])
        #expect(out.claims.map(\.by) == ["red", "blue"])
        // Red completes the left column; blue plays b2 in between.
        out = game.play([
            Fixture.visit("r1", "b1", 5), Fixture.visit("b1", "b2", 6), Fixture.visit("r1", "c1", 7), .tick(8),
            Fixture.visit("r1", "a1", 10), Fixture.visit("b1", "a1", 11),
        ])
        #expect(out.wins == ["red"])
        #expect(out.contains(.boardReset(game: 2, time: 7)))
        // Game 2: blue starts.
        #expect(out.recordedReasons == ["not red's turn"])
        #expect(out.claims.last?.by == "blue" && out.claims.last?.stop == "a1")
    }

    @Test("a rematch resets the board and keeps the running score; no game after the last")
    func rematch() throws {
        var game = try Fixture.session(try Self.race(config: #"{"games": 2, "rematchDelaySeconds": 30}"#))
        let inputs: [GameInput] = [
            Fixture.visit("r1", "a1", 1), Fixture.visit("b1", "c1", 2), Fixture.visit("r1", "a2", 3),
            Fixture.visit("b1", "c2", 4),
            Fixture.visit("r1", "a3", 5),  // red wins game 1
            Fixture.visit("b2", "b1", 10),  // recorded: waiting for the rematch
            Fixture.visit("b1", "c1", 40), Fixture.visit("r1", "b1", 41), Fixture.visit("b1", "c2", 42),
            Fixture.visit("r1", "b2", 43),
            Fixture.visit("b1", "c3", 44),  // blue wins game 2, the last
            Fixture.visit("r1", "b3", 200),
        ]
        let out = game.play(inputs)
        #expect(out.wins == ["red", "blue"])
        #expect(out.contains(.boardReset(game: 2, time: 35)))
        #expect(out.recordedReasons == ["game 1 is over; waiting for the rematch", "no game is being played"])
        let standings = game.standings()
        #expect(
            standings.row("red")?.details["record"] == "1-0-1" && standings.row("blue")?.details["record"] == "1-0-1")
        #expect(standings.rows.map(\.rank) == [1, 1])
    }

    @Test("rematch by agreement: once a member of each team submits rematch")
    func agree() throws {
        var game = try Fixture.session(try Self.race(config: #"{"rematch": "agree"}"#))
        var inputs: [GameInput] = []
        for (k, cell) in ["a1", "b2", "c3"].enumerated() { inputs.append(Fixture.visit("r1", cell, Double(k + 1))) }
        inputs += [Fixture.submit("r2", 0, "rematch", 100), .tick(1000)]
        var out = game.play(inputs)
        #expect(!out.contains { if case .boardReset = $0 { return true } else { return false } })
        out = game.play([Fixture.submit("b2", 0, " Rematch ", 1001)])
        #expect(out.contains(.boardReset(game: 2, time: 1001)))
    }

    @Test("a team whose members all leave loses the game in progress")
    func leaving() throws {
        var game = try Fixture.session(try Self.race())
        let out = game.play([
            Fixture.visit("r1", "a1", 1), .leave(participant: "b1", time: 2), .leave(participant: "b2", time: 3),
            Fixture.visit("r1", "a2", 4),
        ])
        #expect(out.wins == ["red"])
        #expect(out.recordedReasons == ["no game is being played"])
        #expect(game.standings().row("blue")?.status == .didNotFinish)
    }

    @Test("the grid: N×N polygon zones that validate without errors and never overlap")
    func grid() throws {
        let race = try Self.race()
        #expect(race.stops.map(\.id) == ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"])
        let issues = Fixture.validate(race)
        #expect(!issues.contains { $0.severity == .error }, "\(issues)")
        #expect(!issues.contains { $0.code.contains("overlap") })
        func centre(_ stop: Stop) throws -> Coordinate {
            guard case .polygon(let polygons) = stop.fence else { throw Failure() }
            let ring = polygons[0][0].dropLast()
            return Coordinate(
                uncheckedLatitude: ring.map(\.latitude).reduce(0, +) / 4,
                longitude: ring.map(\.longitude).reduce(0, +) / 4)
        }
        #expect(abs(try centre(race.stops[0]).distanceMeters(to: try centre(race.stops[1])) - 60) < 0.05)
        #expect(abs(try centre(race.stops[0]).distanceMeters(to: try centre(race.stops[3])) - 60) < 0.05)
    }

    @Test(
        "validation: two teams, grid size, zones",
        arguments: [
            (#"{"size": 1}"#, "bad-mode-option", "/mode/config/size"),
            (#"{"size": 4}"#, "territory-too-few-zones", "/stops"),
            (#"{"zones": ["a1", "a2"]}"#, "territory-too-few-zones", "/mode/config/zones"),
            (
                #"{"zones": ["a1", "a1", "a3", "b1", "b2", "b3", "c1", "c2", "zz"]}"#, "unknown-stop",
                "/mode/config/zones/8"
            ),
            (
                #"{"zones": ["a1", "a1", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]}"#, "repeated-stop",
                "/mode/config/zones/1"
            ),
            (#"{"games": 0}"#, "bad-mode-option", "/mode/config/games"),
            (#"{"turn": true}"#, "unknown-key", "/mode/config/turn"),
        ])
    func validation(config: String, code: String, path: String) throws {
        let issues = Fixture.validate(try Self.race(config: config))
        #expect(issues.contains { $0.code == code && $0.path == path }, "\(issues)")
    }

    @Test("validation: exactly two teams")
    func twoTeams() throws {
        var race = try Self.race()
        race.teams.append(Team(id: "green", name: "Green"))
        #expect(Fixture.validate(race).contains { $0.code == "territory-needs-two-teams" && $0.path == "/teams" })
    }
}
