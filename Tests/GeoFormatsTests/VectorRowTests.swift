import GeoCore
import Testing

@testable import GeoFormats

/// The positions reader's vector row path (``PositionChunk/vectorRow``) against its word-wise
/// plain path, its reference: on every row it accepts, the same values, participant and next line;
/// and it accepts the rows of the common shape it is for.
struct VectorRowTests {
    /// What a row path made of the line at offset 16 of `text`.
    private struct Outcome: Equatable {
        var row: PositionChunk.Row
        var next: Int
        var participants: Int
    }

    /// Sixteen bytes before the line (its numbers' words may reach back that far), and 32 after.
    private func text(_ line: String) -> [UInt8] {
        Array("participant,lat\n".utf8) + Array("\(line)\n".utf8) + Array(repeating: UInt8(ascii: "9"), count: 32)
    }

    /// One of the two row paths.
    private typealias RowPath = (
        UnsafePointer<UInt8>, Int, Int, Bool, Bool, inout ChunkParticipants
    ) -> (row: PositionChunk.Row, next: Int)?

    private func read(_ bytes: [UInt8], hasAccuracy: Bool, with path: RowPath) -> Outcome? {
        var participants = ChunkParticipants()
        return bytes.withUnsafeBufferPointer { buffer in
            path(buffer.baseAddress!, 16, buffer.count, hasAccuracy, true, &participants)
                .map { Outcome(row: $0.row, next: $0.next, participants: participants.keys.count) }
        }
    }

    private func vector(_ bytes: [UInt8], hasAccuracy: Bool) -> Outcome? {
        read(bytes, hasAccuracy: hasAccuracy, with: PositionChunk.vectorRow)
    }

    private func plain(_ bytes: [UInt8], hasAccuracy: Bool) -> Outcome? {
        read(bytes, hasAccuracy: hasAccuracy, with: PositionChunk.plainRow)
    }

    /// A row in the common shape: a short name, a time, coordinates with up to 9 decimals, and
    /// sometimes an accuracy (possibly empty).
    private func commonRow(_ random: inout SplitMix64, hasAccuracy: Bool) -> String {
        func decimal(_ limit: Double, decimals: Int) -> String {
            let whole = Int(random.next() % UInt64(limit))
            var fraction = ""
            for _ in 0..<decimals { fraction.append(Character(String(random.next() % 10))) }
            let sign = random.next() % 3 == 0 ? "-" : ""
            return decimals == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
        }
        let name = ["p\(random.next() % 1000)", "\(random.next() % 100_000)", "ana", "07", "r\u{e9}"][
            Int(random.next() % 5)]
        let time = random.next() % 2 == 0 ? "\(random.next() % 4_000)" : decimal(100_000, decimals: 2)
        var fields = [
            name, time, decimal(90, decimals: Int(random.next() % 10)), decimal(180, decimals: Int(random.next() % 10)),
        ]
        if hasAccuracy { fields.append(random.next() % 4 == 0 ? "" : "\(random.next() % 50).\(random.next() % 10)") }
        return fields.joined(separator: ",")
    }

    /// `line` with one to three bytes replaced by separators, signs, spaces, digits or letters.
    private func mutated(_ line: String, _ random: inout SplitMix64) -> String {
        var bytes = Array(line.utf8)
        let replacements = Array(",.-+ \t\r0123456789ex".utf8)
        for _ in 0...(random.next() % 3) {
            let at = Int(random.next() % UInt64(bytes.count))
            if random.next() % 5 == 0 {
                bytes.remove(at: at)
                if bytes.isEmpty { bytes = [UInt8(ascii: "x")] }
            } else {
                bytes[at] = replacements[Int(random.next() % UInt64(replacements.count))]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("rows it accepts are read as the plain path reads them", arguments: 0..<8)
    func sameAsPlain(seed: UInt64) {
        var random = SplitMix64(seed: 40_000 + seed)
        var accepted = 0, common = 0
        for k in 0..<2_000 {
            let hasAccuracy = k % 2 == 1
            let row = commonRow(&random, hasAccuracy: hasAccuracy)
            let line = k % 3 == 0 ? mutated(row, &random) : row
            let bytes = text(line)
            let vectorOutcome = vector(bytes, hasAccuracy: hasAccuracy)
            if let vectorOutcome {
                accepted += 1
                #expect(plain(bytes, hasAccuracy: hasAccuracy) == vectorOutcome, "\(line)")
            }
            // Not mutated and short enough for the 32 bytes: the shape the path is for.
            if k % 3 != 0 && line.utf8.count < 32 {
                common += 1
                #expect(vectorOutcome != nil, "\(line)")
            }
        }
        #expect(accepted > 600 && common > 600, "accepted \(accepted), in the common shape \(common)")
    }

    @Test("the values are the correctly rounded decimals, signs and empty accuracy included")
    func values() throws {
        let bytes = text("p7,12.5,47.2698879,-8.3346137,")
        let outcome = try #require(vector(bytes, hasAccuracy: true))
        #expect(outcome.row.time == 12.5)
        #expect(outcome.row.latitude == Double("47.2698879"))
        #expect(outcome.row.longitude == Double("-8.3346137"))
        #expect(outcome.row.accuracy == -1)
        #expect(outcome.next == 16 + "p7,12.5,47.2698879,-8.3346137,\n".utf8.count)
        // A 16-digit fraction is read from two words, exactly.
        let long = try #require(vector(text("7,0,0.1234567890123456,-0.5"), hasAccuracy: false))
        #expect(long.row.latitude == Double("0.1234567890123456"))
    }

    @Test("rows it leaves to the plain path: CRLF, spaces, a sign before the name, longer than 31 bytes")
    func declines() {
        for line in [
            "p7,12.5,47.2698879,8.3346137\r", "p7, 12.5,47.2,8.3", "+7,1,2,3", "-7,1,2,3", "p7,1,2",
            "p7,1,2,3,4", "1234567,1,2,3", "p7,1,2.,.", "p7,1,2.3.4,5",
            "participant-with-a-long-name,1,2,3",
        ] {
            #expect(vector(text(line), hasAccuracy: false) == nil, "\(line)")
        }
    }
}
