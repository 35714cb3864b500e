import GeoCore
import RaceKitCore
import Testing

struct DecimalParserTests {
    private func parse(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { DecimalParser.parse($0) }
    }

    @Test("random decimals parse to the same bits as Swift's correctly rounded Double(String)")
    func matchesStandardLibrary() {
        var random = SplitMix64(seed: 77)
        for _ in 0..<50_000 {
            let integerDigits = Int(random.next() % 12), fractionDigits = Int(random.next() % 22)
            var text = random.nextUnit() < 0.3 ? "-" : ""
            text +=
                integerDigits == 0
                ? "0" : String((0..<integerDigits).map { _ in Character(String(random.next() % 10)) })
            if fractionDigits > 0 {
                text += "." + String((0..<fractionDigits).map { _ in Character(String(random.next() % 10)) })
            }
            if random.nextUnit() < 0.1 { text += "e\(Int(random.next() % 40) - 20)" }
            #expect(parse(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test("not numbers", arguments: ["", "-", ".", "abc", "1.2.3", "nan", "inf", "0x1p3", "1e", "12a", "--1", "1e999"])
    func rejects(text: String) {
        #expect(parse(text) == nil)
    }
}
