import GameModes
import Testing

struct ModeRandomTests {
    @Test("the same seed and labels give the same stream; other labels another")
    func streams() {
        var a = ModeRandom(seed: 7, "x", "y"), b = ModeRandom(seed: 7, "x", "y"), c = ModeRandom(seed: 7, "xy")
        let first = (0..<5).map { _ in a.next() }
        #expect(first == (0..<5).map { _ in b.next() })
        #expect(first != (0..<5).map { _ in c.next() })
    }

    @Test("index(below:) stays in range and hits every value", arguments: [1, 2, 3, 7, 10])
    func indexRange(bound: Int) {
        var random = ModeRandom(seed: 3, "range")
        var seen = Set<Int>()
        for _ in 0..<2000 {
            let i = random.index(below: bound)
            #expect((0..<bound).contains(i))
            seen.insert(i)
        }
        #expect(seen.count == bound)
    }

    @Test("shuffled is a permutation")
    func shuffle() {
        var random = ModeRandom(seed: 9)
        for n in 0..<10 {
            let items = Array(0..<n)
            #expect(random.shuffled(items).sorted() == items)
        }
    }
}
