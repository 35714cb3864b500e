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

    @Test(
        "a stream played in several calls, cut between times and after the replies, gives the outcomes and standings of one call"
    )
    func severalCallsEqualOne() throws {
        var cutsBeforeADeadline = 0
        for (name, race) in try Self.races() {
            for seed in 0..<60 as Range<UInt64> {
                var random = SplitMix64(seed: seed)
                var inputs = TieRule.sorted(
                    Self.randomInputs(of: race, count: Int.random(in: 1...60, using: &random), using: &random))
                if Bool.random(using: &random) { inputs.append(.end(700)) }
                // Answers and relay items come back 5–40 s after their prompts.
                let responder = AnswerModel(race: race, accuracy: 0.7, delaySeconds: 5...40, seed: seed)

                var whole = try Fixture.session(race, seed: seed)
                let expected = whole.play(inputs, responder: responder)
                var split = try Fixture.session(race, seed: seed)
                var outcomes: [Outcome] = []
                var carried: [GameInput] = []
                let calls = Self.calls(inputs, cuts: Int.random(in: 1...8, using: &random), using: &random)
                for (index, given) in calls.enumerated() {
                    let call = carried + given
                    var session = split
                    let produced = session.play(call, responder: responder)
                    // A reply at or after the call's last input is played before later inputs:
                    // not a place to cut (the session's contract), so the call goes on.
                    let last = call.last?.time ?? -.infinity
                    let replyAfter = produced.contains { responder.respond(to: $0).contains { !($0.time < last) } }
                    if replyAfter && index < calls.count - 1 {
                        carried = call
                        continue
                    }
                    carried = []
                    split = session
                    outcomes += produced
                    if produced.contains(where: {
                        if case .roundStarted(_, _, let deadline?) = $0 { return deadline > last } else { return false }
                    }) {
                        cutsBeforeADeadline += 1
                    }
                }
                #expect(carried.isEmpty)
                #expect(outcomes == expected, "\(name), seed \(seed): the outcomes differ")
                #expect(split.standings() == whole.standings(), "\(name), seed \(seed): the standings differ")
            }
        }
        // Not vacuous: many calls ended before a round's deadline, which the next call had to play.
        #expect(cutsBeforeADeadline > 50)
    }
}
