import GameModes
import Testing

struct TieRuleTests {
    @Test("equal times: better accuracy first, unknown accuracy last, then participant id by code point")
    func visitOrder() {
        let inputs: [GameInput] = [
            Fixture.visit("a", "x", 10),
            Fixture.visit("b", "x", 10, accuracy: 12),
            Fixture.visit("c", "x", 10, accuracy: 5),
            Fixture.visit("B", "x", 10),
            Fixture.visit("z", "x", 9),
        ]
        let sorted = GameInput.timeOrdered(inputs).map { $0.participant! }
        // "B" (U+0042) precedes "a" (U+0061) in code point order.
        #expect(sorted == ["z", "c", "b", "B", "a"])
    }

    @Test("equal times: visits, answers, submissions, leaves, ticks, end")
    func kindOrder() {
        let inputs: [GameInput] = [
            .end(5), .tick(5), .leave(participant: "a", time: 5), Fixture.submit("a", 0, "t", 5),
            Fixture.answer("a", "x", "1", 5), Fixture.visit("a", "x", 5),
        ]
        #expect(
            GameInput.timeOrdered(inputs).map(\.kindName) == ["visit", "answer", "submission", "leave", "tick", "end"])
    }

    @Test("code point order is not locale order: accented ids sort by scalar value")
    func codePoints() {
        #expect(TieRule.codePointOrder("Z", "a"))
        #expect(TieRule.codePointOrder("e", "é"))
        #expect(!TieRule.codePointOrder("é", "f"))
        #expect(TieRule.codePointOrder("e\u{301}", "é"))  // decomposed before precomposed
    }

    @Test("the sort is the same whatever order the inputs come in", arguments: 0..<20)
    func permutationInvariant(seed: UInt64) {
        var random = ModeRandom(seed: seed, "tie-test")
        let inputs: [GameInput] = (0..<30).map { _ in
            Fixture.visit(
                ["a", "b", "c", "é"][random.index(below: 4)], ["x", "y"][random.index(below: 2)],
                Double(random.index(below: 4)),
                accuracy: random.index(below: 3) == 0 ? nil : Double(random.index(below: 3)))
        }
        let reference = GameInput.timeOrdered(inputs)
        #expect(GameInput.timeOrdered(random.shuffled(inputs)) == reference)
        for (a, b) in zip(reference, reference.dropFirst()) { #expect(!TieRule.precedes(b, a)) }
    }

    /// The sort against a plain stable insertion by ``TieRule/precedes(_:_:)``, and code point
    /// order against a comparison of Unicode scalars, over inputs of every kind with many ties.
    @Test("the sort equals a stable insertion by the rule", arguments: 0..<200)
    func sortMatchesInsertion(seed: UInt64) {
        var random = ModeRandom(seed: seed, "tie-reference")
        let ids = ["a", "b", "B", "é", "e\u{301}", "😀", "\u{FF21}", "ab", ""]
        func pick<T>(_ choices: [T]) -> T { choices[random.index(below: choices.count)] }
        let inputs: [GameInput] = (0..<40).map { _ in
            let time = pick([0, 1, 1, 2, -0.0, .nan, .infinity])
            let who = pick(ids)
            switch random.index(below: 7) {
            case 0, 1:
                return Fixture.visit(who, pick(ids), time, accuracy: pick([nil, 3, 3, 10, .nan]))
            case 2: return Fixture.answer(who, pick(ids), pick(ids), time)
            case 3: return Fixture.submit(who, random.index(below: 3), pick(ids), time)
            case 4: return .leave(participant: who, time: time)
            case 5: return .tick(time)
            default: return .end(time)
            }
        }
        var reference: [GameInput] = []
        for input in inputs {
            reference.insert(input, at: reference.firstIndex { TieRule.precedes(input, $0) } ?? reference.count)
        }
        #expect(TieRule.sorted(inputs).map(String.init(describing:)) == reference.map(String.init(describing:)))
        for _ in 0..<20 {
            let a = pick(ids), b = pick(ids)
            #expect(TieRule.codePointOrder(a, b) == a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars))
        }
    }

    @Test("submission rounds sort numerically")
    func rounds() {
        let sorted = GameInput.timeOrdered([Fixture.submit("a", 10, "x", 1), Fixture.submit("a", 9, "x", 1)])
        #expect(sorted == [Fixture.submit("a", 9, "x", 1), Fixture.submit("a", 10, "x", 1)])
    }

    @Test("a session refuses inputs out of time order and after the end")
    func sessionOrder() throws {
        let race = Fixture.race(
            mode: "score", stops: Fixture.stops(["g"], points: 10), participants: Fixture.people(["a"]))
        var game = try Fixture.session(race)
        _ = game.apply(.tick(10))
        #expect(game.apply(Fixture.visit("a", "g", 5)).ignoredReasons.first?.contains("earlier") == true)
        #expect(game.apply(.tick(.nan)).ignoredReasons.first?.contains("finite") == true)
        _ = game.apply(.end(20))
        #expect(game.apply(Fixture.visit("a", "g", 30)).ignoredReasons == ["the race is over"])
    }
}
