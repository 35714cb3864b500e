import GameModes
import GeoCore
import RaceModel
import Testing

/// Same inputs, same outcomes and standings: for every mode, over random games.
struct DeterminismTests {
    static func race(mode: String) throws -> Race {
        let people = Fixture.people(["ana", "ben", "cy", "dee"]) { ["ana", "ben"].contains($0) ? "red" : "blue" }
        var stops = TerritoryGrid.layout(centre: Coordinate(uncheckedLatitude: 47.37, longitude: 8.54), cellMeters: 60)
        for i in stops.indices {
            stops[i].points = 10 * (i % 3)
            if i % 2 == 1 { stops[i].task = StopTask(question: "?", options: ["a", "b", "c"], answer: "b") }
        }
        let course = Course(
            id: "main", start: "a1", finish: "c3",
            controls: [.stop("a2"), .anyOrder(["b1", "b2", "b3"]), .stop("c1")],
            optional: ["b3"])
        return Fixture.race(
            mode: mode, config: mode == "quiz" ? try Fixture.json(#"{"questionsPerRound": 2}"#) : .object([]),
            stops: stops, courses: [course], participants: people,
            teams: [Team(id: "red", name: "Red"), Team(id: "blue", name: "Blue")], limit: 1200,
            rules: RaceRules(secondsPerWrongAnswer: 30, pointsPerMinuteOver: 5))
    }

    static func inputs(_ race: Race, seed: UInt64) -> [GameInput] {
        var random = ModeRandom(seed: seed, "determinism")
        var inputs: [GameInput] = (0..<120).map { _ in
            let p = race.participants[random.index(below: race.participants.count)].id
            let s = race.stops[random.index(below: race.stops.count)].id
            let t = Double(random.index(below: 1500))
            switch random.index(below: 10) {
            case 0: return Fixture.answer(p, s, ["a", "b", "c"][random.index(below: 3)], t)
            case 1: return Fixture.submit(p, random.index(below: 4), random.index(below: 2) == 0 ? s : "clue", t)
            case 2: return .tick(t)
            default:
                return Fixture.visit(
                    p, s, t, accuracy: random.index(below: 2) == 0 ? nil : Double(random.index(below: 20)))
            }
        }
        inputs.append(.leave(participant: "dee", time: Double(random.index(below: 1500))))
        inputs.append(.end(1600))
        return inputs
    }

    @Test(
        "same inputs, same outcomes and standings; input order does not matter",
        arguments: ["classic", "quiz", "score", "relay", "territory"])
    func determinism(mode: String) throws {
        let race = try Self.race(mode: mode)
        for seed in 0..<15 as Range<UInt64> {
            let inputs = Self.inputs(race, seed: seed)
            let model = AnswerModel(race: race, accuracy: 0.6, delaySeconds: 2...40, seed: seed)
            var first = try Fixture.session(race, seed: seed), second = try Fixture.session(race, seed: seed)
            var shuffled = ModeRandom(seed: seed, "shuffle")
            let a = first.play(inputs, responder: model)
            let b = second.play(shuffled.shuffled(inputs), responder: model)
            #expect(a == b)
            #expect(first.standings() == second.standings())
            #expect(first.standings().final)
            #expect(
                a.allSatisfy { $0.time <= 1600 || { if case .question = $0 { return true } else { return false } }($0) }
            )
        }
    }

    @Test("a different seed can change a seeded mode's game")
    func seedMatters() throws {
        let race = try Self.race(mode: "quiz")
        let inputs = Self.inputs(race, seed: 1)
        let results = try (0..<10 as Range<UInt64>).map { seed -> [Outcome] in
            var game = try Fixture.session(race, seed: seed)
            return game.play(
                inputs, responder: AnswerModel(race: race, accuracy: 0.5, delaySeconds: 1...10, seed: seed))
        }
        #expect(Set(results.map { $0.description }).count > 1)
    }
}
