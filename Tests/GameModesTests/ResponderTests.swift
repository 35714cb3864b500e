import GameModes
import GeoCore
import RaceModel
import Testing

struct ResponderTests {
    static func quiz() throws -> Race {
        let stops = (1...20).map { i in
            Fixture.stop("q\(i)", i, task: StopTask(question: "?", options: ["a", "b", "c", "d"], answer: "c"))
        }
        return Fixture.race(
            mode: "quiz", config: try Fixture.json(#"{"questionsPerRound": 20, "unlock": "round"}"#), stops: stops,
            participants: Fixture.people(["ana", "ben"]))
    }

    static func answers(_ out: [Outcome]) -> [(participant: String, correct: Bool, time: Seconds)] {
        out.compactMap { if case .answered(let p, _, _, let c, let t) = $0 { return (p, c, t) } else { return nil } }
    }

    @Test(
        "the answer model answers every question after a delay in range, about `accuracy` of them right",
        arguments: [0.0, 0.5, 1.0])
    func model(accuracy: Double) throws {
        let race = try Self.quiz()
        var game = try Fixture.session(race)
        let out = game.play(
            [.end(10_000)], responder: AnswerModel(race: race, accuracy: accuracy, delaySeconds: 5...15, seed: 3))
        let answers = Self.answers(out)
        #expect(answers.count == 40)
        #expect(answers.allSatisfy { (5...15).contains($0.time) })
        let right = Double(answers.filter(\.correct).count) / 40
        #expect(abs(right - accuracy) <= 0.2)
    }

    @Test("with retries, the model never repeats a wrong answer, so it gets through")
    func retries() throws {
        let race = try ClassicModeTests.race(
            config: #"{"wrongAnswer": "retry", "retryDelaySeconds": 5}"#, people: ["ana"],
            task: Fixture.task("2"))
        var game = try Fixture.session(race)
        let out = game.play(
            [Fixture.visit("ana", "a", 10), Fixture.visit("ana", "b", 100), Fixture.visit("ana", "f", 110)],
            responder: AnswerModel(race: race, accuracy: 0, delaySeconds: 1...1, seed: 1))
        let choices = out.compactMap { if case .answered(_, _, let c, _, _) = $0 { return c } else { return nil } }
        #expect(choices.count == 4 && choices.last == "2" && Set(choices).count == 4)
        #expect(out.finishes == ["ana"])
    }

    @Test("a response file: answers at fixed times or after the prompt, attempts in order, a leave; any line ends")
    func file() throws {
        let text = """
            # ana's answers
            {"stop": "a", "choice": "1", "after": 3}
            {"stop": "a", "choice": "2", "after": 4}

            {"participant": "ben", "stop": "a", "choice": "2", "time": 50}
            {"leave": true, "time": 500}
            """
        // Files written on any system: the same responses with CRLF or CR line ends.
        for ending in ["\r\n", "\r"] {
            let other = try ResponseFile.parse(
                text.replacingOccurrences(of: "\n", with: ending), file: "ana.jsonl", participant: "ana")
            #expect(other.inputs == [Fixture.answer("ben", "a", "2", 50), .leave(participant: "ana", time: 500)])
        }
        let responses = try ResponseFile.parse(text, file: "ana.jsonl", participant: "ana")
        #expect(responses.inputs == [Fixture.answer("ben", "a", "2", 50), .leave(participant: "ana", time: 500)])
        let race = try ClassicModeTests.race(
            config: #"{"wrongAnswer": "retry", "retryDelaySeconds": 10}"#, task: Fixture.task("2"))
        var game = try Fixture.session(race)
        let out = game.play(
            responses.inputs + [Fixture.visit("ana", "a", 10), Fixture.visit("ben", "a", 40)], responder: responses)
        let answered = out.compactMap {
            if case .answered(let p, _, let c, _, let t) = $0 { return "\(p):\(c)@\(Int(t))" } else { return nil }
        }
        #expect(answered == ["ana:1@13", "ana:2@27", "ben:2@50"])
    }

    @Test(
        "a bad line names file:line and the problem",
        arguments: [
            ("{\"stop\": \"a\"}", "ana.jsonl:1: error: an answer needs a \"choice\""),
            ("\n[1]", "ana.jsonl:2: error: expected a JSON object, found an array"),
            (
                "{\"stop\": \"a\", \"choice\": \"x\", \"time\": 1, \"after\": 2}",
                "ana.jsonl:1: error: give \"time\" or \"after\", not both"
            ),
            (
                "{\"round\": 1.5, \"text\": \"x\", \"time\": 1}",
                "ana.jsonl:1: error: \"round\" must be a whole number ≥ 0"
            ),
            (
                "{\"choice\": \"x\", \"time\": 1, \"stop\": 3}",
                "ana.jsonl:1: error: \"stop\" must be a string, found a number"
            ),
            (
                "{\"stop\": \"a\", \"choice\": \"x\", \"time\": 1}",
                "ana.jsonl:1: error: no \"participant\" (and the file is not one participant's)"
            ),
        ])
    func badLines(text: String, message: String) {
        let participant: String? = message.contains("participant") ? nil : "ana"
        #expect(throws: (any Error).self) { try ResponseFile.parse(text, file: "ana.jsonl", participant: participant) }
        do {
            _ = try ResponseFile.parse(text, file: "ana.jsonl", participant: participant)
        } catch {
            #expect(error.description == message)
        }
    }
}
