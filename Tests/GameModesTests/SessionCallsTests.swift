import GameModes
import GeoCore
import RaceModel
import Testing

/// `GameSession.play` over a stream cut into several calls gives what one call gives: the
/// outcomes, in order, and the standings. Round deadlines that no input of a call reached
/// carry over to the next call (the relay's rounds end at their deadlines).
struct SessionCallsTests {
    /// A race of each mode, the relay twice (its rounds have deadlines).
    static func races() throws -> [(name: String, race: Race)] {
        [
            ("relay", try RelayModeTests.race(people: ["ana", "ben", "cy", "dee"])),
            ("relay, short rounds", try RelayModeTests.race(config: #"{"roundSeconds": 30}"#)),
            ("quiz", try QuizModeTests.race(people: ["ana", "ben", "cy"])),
            ("territory", try TerritoryModeTests.race()),
            ("score", try ScoreModeTests.race()),
            ("classic", try ClassicModeTests.race(task: Fixture.task())),
        ]
    }

    /// Inputs of every kind from the race's people and stops, at whole seconds in 0…600 (so
    /// many share a time), each answer one of its stop's options.
    static func randomInputs(of race: Race, count: Int, using random: inout SplitMix64) -> [GameInput] {
        let people = race.participants.map(\.id)
        let stops = race.stops
        return (0..<count).map { _ in
            let time = Seconds(Int.random(in: 0...600, using: &random))
            let person = people.randomElement(using: &random)!
            let stop = stops.randomElement(using: &random)!
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<7: return Fixture.visit(person, stop.id, time)
            case 7..<10:
                let choice = stop.task?.options.randomElement(using: &random) ?? "2"
                return Fixture.answer(person, stop.id, choice, time)
            case 10..<16:
                let text = Bool.random(using: &random) ? stops.randomElement(using: &random)!.id : "clue-\(stop.id)"
                return Fixture.submit(person, Int.random(in: 0...4, using: &random), text, time)
            case 16..<18: return .tick(time)
            default: return .leave(participant: person, time: time)
            }
        }
    }

    /// The time-ordered inputs cut at up to `cuts` places, each between two different times.
    static func calls(_ sorted: [GameInput], cuts: Int, using random: inout SplitMix64) -> [[GameInput]] {
        let places = sorted.indices.dropFirst().filter { sorted[$0 - 1].time < sorted[$0].time }
        let chosen = Set((0..<cuts).compactMap { _ in places.randomElement(using: &random) }).sorted()
        var result: [[GameInput]] = []
        var from = 0
        for place in chosen + [sorted.count] {
            result.append(Array(sorted[from..<place]))
            from = place
        }
        return result
    }

    @Test("a stream played in several calls, cut between times, gives the outcomes and standings of one call")
    func severalCallsEqualOne() throws {
        var cutsWithDeadlineCarried = 0
        for (name, race) in try Self.races() {
            for seed in 0..<60 as Range<UInt64> {
                var random = SplitMix64(seed: seed)
                var inputs = TieRule.sorted(
                    Self.randomInputs(of: race, count: Int.random(in: 1...60, using: &random), using: &random))
                if Bool.random(using: &random) { inputs.append(.end(700)) }

                var whole = try Fixture.session(race, seed: seed)
                let expected = whole.play(inputs)
                var split = try Fixture.session(race, seed: seed)
                var outcomes: [Outcome] = []
                for call in Self.calls(inputs, cuts: Int.random(in: 1...8, using: &random), using: &random) {
                    let produced = split.play(call)
                    outcomes += produced
                    // A deadline after the call's last input: the case the session must carry over.
                    if let last = call.last?.time,
                        produced.contains(where: {
                            if case .roundStarted(_, _, let deadline?) = $0 { return deadline > last } else { return false }
                        })
                    {
                        cutsWithDeadlineCarried += 1
                    }
                }
                #expect(outcomes == expected, "\(name), seed \(seed): the outcomes differ")
                #expect(split.standings() == whole.standings(), "\(name), seed \(seed): the standings differ")
            }
        }
        // Not vacuous: many calls ended before a round's deadline.
        #expect(cutsWithDeadlineCarried > 50)
    }
}
