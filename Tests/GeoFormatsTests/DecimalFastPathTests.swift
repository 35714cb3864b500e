import GeoCore
import RaceKitCore
import Testing

@testable import GeoFormats

/// The chunked reader's in-place decimal scan against `DecimalParser`, its reference: wherever the
/// scan decides, the same double, bit for bit.
struct DecimalFastPathTests {
    /// The scan of `text` from its first byte.
    private func scan(_ text: String) -> (value: Double, end: Int)? {
        var text = text
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return DecimalFastPath.scan(base, from: 0, to: buffer.count)
        }
    }

    /// Whether the scan decided all of `text`; if so, its value must be `DecimalParser`'s.
    @discardableResult
    private func expectSame(_ text: String) -> Bool {
        guard let scan = scan(text), scan.end == text.utf8.count else { return false }
        #expect(scan.value.bitPattern == DecimalParser.parse(text)?.bitPattern, "\(text)")
        return true
    }

    @Test("random decimals of 1…19 significant digits and up to 19 fraction digits", arguments: 0..<8)
    func randomDecimals(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var decided = 0
        for _ in 0..<20_000 {
            let digits = 1 + Int(random.next() % 19)
            var text = ""
            for k in 0..<digits { text += String(k == 0 ? 1 + random.next() % 9 : random.next() % 10) }
            let point = Int(random.next() % UInt64(digits + 6))
            if point <= digits {
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            } else {
                text = "0." + String(repeating: "0", count: point - digits) + text
            }
            if random.next() % 3 == 0 { text = "-" + text }
            if expectSame(text) { decided += 1 }
        }
        #expect(decided > 15_000)
    }

    @Test("halfway cases and the ends of the significand round as strtod does")
    func halfwayCases() {
        for k in 0..<200 {
            expectSame(String(9_007_199_254_740_992 + k))  // 2⁵³ + k: odd k lie halfway
            expectSame(String(18_014_398_509_481_984 + 3 * k))  // 2⁵⁴ + 3k
            expectSame(String(9_999_999_999_999_999_999 - UInt64(k)))
        }
        for text in [
            "0.1", "0.3", "47.37691234567891", "-8.541234567891234", "1234567890123456.5", "9007199254740993.0",
            "0.0000000000000000001", "1.0000000000000000001", "123456789012345678.9", "0.5", "-0", "+.5", "5.",
            "00000000000000000000000000001.5", "179.99999999999999", "89.999999999999999",
        ] {
            expectSame(text)
        }
    }

    @Test("the checked division and the exact 128-bit quotient agree", arguments: 0..<4)
    func checkedDivision(seed: UInt64) {
        var random = SplitMix64(seed: 100 + seed)
        for _ in 0..<50_000 {
            let digits = 15 + Int(random.next() % 5)  // 15…19 significant digits
            var low: UInt64 = 1
            for _ in 1..<digits { low *= 10 }
            let dividend = low + random.next() % (low * 9)
            let fractionDigits = Int(random.next() % 20)
            var divisor: UInt64 = 1
            for _ in 0..<fractionDigits { divisor *= 10 }
            let checked = DecimalFastPath.checkedQuotient(dividend, fractionDigits: fractionDigits)
            let exact = DecimalFastPath.quotient(dividend, divisor)
            #expect(checked.bitPattern == exact.bitPattern, "\(dividend) / 10^\(fractionDigits)")
        }
    }

    @Test("exact ties and their neighbours, around powers of two, round to even as the exact quotient does")
    func checkedDivisionTies() {
        // 5^f · t / 10^f = t / 2^f: an odd t of 54 bits lies halfway between two doubles.
        for (fractionDigits, five) in [(2, UInt64(25)), (3, UInt64(125))] {
            for base in [UInt64(1) << 53, UInt64(1) << 54 - 64] {
                for offset in 0..<128 as Range<UInt64> {
                    let dividend = five * (base + offset)
                    var divisor: UInt64 = 1
                    for _ in 0..<fractionDigits { divisor *= 10 }
                    let checked = DecimalFastPath.checkedQuotient(dividend, fractionDigits: fractionDigits)
                    let exact = DecimalFastPath.quotient(dividend, divisor)
                    #expect(checked.bitPattern == exact.bitPattern, "\(dividend) / 10^\(fractionDigits)")
                }
            }
        }
    }

    @Test("not numbers, or not decided here", arguments: ["", "-", "+", ".", "-.", "e5", "x1"])
    func notNumbers(text: String) {
        #expect(scan(text) == nil)
    }

    /// Found by the differential fuzz target: 2^63 · 10 wraps the 64-bit mantissa to exactly 0,
    /// which the digit count once took for a leading zero (a 20-digit number read as 0, then a
    /// trap in the exact division).
    @Test(
        "more than 19 significant digits are left to DecimalParser, even where the mantissa wraps to 0",
        arguments: [
            "92233720368547758080", "18446744073709551616", "184467440737095516160", "9223372036854775808.0",
            "0.92233720368547758080", "-92233720368547758080", "1000000000000000000000",
        ])
    func longNumbers(text: String) {
        if scan(text)?.end == text.utf8.count {
            expectSame(text)
        }
    }

    @Test("the scan stops at the first byte after the number")
    func stopsAfterNumber() {
        let bytes = Array("12.5,3".utf8)
        let scan = bytes.withUnsafeBufferPointer { DecimalFastPath.scan($0.baseAddress!, from: 0, to: $0.count) }
        #expect(scan?.value == 12.5 && scan?.end == 4)
    }

    @Test("the word-wise scan: scan's value and end on seeded random fields of every kind", arguments: 0..<6)
    func wordWiseScan(seed: UInt64) {
        var random = SplitMix64(seed: 200 + seed)
        let alphabet = Array("0123456789.-+e,\n ".utf8)
        var decidedByWords = 0
        for _ in 0..<20_000 {
            // Mostly decimals as files write them, sometimes noise from the same bytes.
            var text: [UInt8]
            if random.next() % 4 == 0 {
                text = (0..<Int(random.next() % 24)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            } else {
                let digits = Int(random.next() % 22)
                text = (0..<digits).map { _ in UInt8(48 + random.next() % 10) }
                if !text.isEmpty && random.next() % 4 != 0 {
                    text.insert(ASCII.period, at: Int(random.next() % UInt64(text.count + 1)))
                }
                if random.next() % 3 == 0 { text.insert(ASCII.hyphenMinus, at: 0) }
            }
            // Sometimes too short a tail for a whole word after the number, sometimes long enough.
            let tail = Array(",12345678\n".utf8).prefix(Int(random.next() % 11))
            let bytes = text + tail
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let words = DecimalFastPath.scanWords(base, from: 0, to: buffer.count)
                let bytewise = DecimalFastPath.scan(base, from: 0, to: buffer.count)
                #expect(
                    words?.value.bitPattern == bytewise?.value.bitPattern && words?.end == bytewise?.end,
                    "\(String(decoding: bytes, as: UTF8.self))")
                if let words, buffer.count >= words.end + 8 { decidedByWords += 1 }
            }
        }
        #expect(decidedByWords > 4_000, "numbers with a whole word after them: \(decidedByWords) of 20 000")
    }

    @Test(
        "eight bytes as a word: the leading digits' count and value, for every count and any byte after them",
        arguments: 0..<4)
    func digitWords(seed: UInt64) {
        var random = SplitMix64(seed: 300 + seed)
        for _ in 0..<50_000 {
            let bytes = (0..<8).map { _ in
                random.next() % 3 == 0 ? UInt8(truncatingIfNeeded: random.next()) : UInt8(48 + random.next() % 10)
            }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let count = bytes.firstIndex { $0 < 48 || $0 > 57 } ?? 8
            let value = bytes.prefix(count).reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 48) }
            let run = DigitWord.leadingDigits(word)
            #expect(run.count == count && run.value == value, "\(bytes)")
        }
    }
}
