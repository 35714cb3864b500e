import Foundation
import GeoCore
import GeoFormats
import RaceKitCore
import RaceModel
import Testing

/// The validator never crashes, hangs or blows up, whatever it is given.
struct HostileInputTests {
    @Test("thousands of random corruptions of a race file: an error or a list of issues, never a crash")
    func mutations() throws {
        let text = Array(RaceFile.text(RaceFixtures.oldTown).utf8)
        var random = SplitMix64(seed: 99)
        var parsed = 0, refused = 0
        let junk: [[UInt8]] = [
            Array("NaN".utf8), Array("1e999".utf8), Array("\"".utf8), Array("{".utf8), Array("]".utf8),
            Array("-".utf8), Array("null".utf8), Array("[[[[".utf8), [0xFF], [0x00], Array("99999999999999999999".utf8),
        ]
        for _ in 0..<1_500 {
            var bytes = text
            for _ in 0..<(1 + random.next() % 3) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes.removeSubrange(at..<min(bytes.count, at + Int(random.next() % 20)))
                case 1: bytes.insert(contentsOf: junk[Int(random.next() % UInt64(junk.count))], at: at)
                default: bytes = Array(bytes.prefix(at))
                }
            }
            do {
                let reading = RaceFile.decode(try JSONParser.parse(bytes, file: "race.json"))
                _ = RaceValidator().validate(reading)
                parsed += 1
            } catch {
                #expect(error.location.line >= 1)
                refused += 1
            }
        }
        #expect(parsed > 100 && refused > 100)
    }

    @Test("wrong types everywhere are reported, not trapped")
    func wrongTypes() throws {
        let text =
            #"{"format": 7, "name": [], "timeLimitSeconds": "soon", "rules": 3, "mode": {"name": 1},"#
            + #" "stops": [1, {"id": 2}, {"id": "x", "fence": {"type": "circle", "center": "here", "radius": true}}],"#
            + #" "courses": {"id": "main"}, "participants": [null]}"#
        let issues = RaceValidator().validate(try RaceFixtures.read(text))
        #expect(issues.filter { $0.code == "wrong-type" }.count >= 8)
        #expect(issues.contains { $0.path == "/stops/2/fence/center" })
    }

    @Test("huge numbers and NaN-like strings")
    func numbers() throws {
        var race = RaceFixtures.oldTown
        race.timeLimitSeconds = 1e308
        let text = RaceFile.text(race).replacingFirst("\"radius\": 30", with: "\"radius\": \"Infinity\"")
        let issues = RaceValidator().validate(try RaceFixtures.read(text))
        #expect(issues.contains { $0.code == "wrong-type" && $0.path == "/stops/4/fence/radius" })
    }

    @Test("a race with 20 000 stops validates in linear-ish time (pairwise rules use the grid)")
    func manyStops() throws {
        var builder = RaceBuilder(name: "Big").course(.none)
        var random = SplitMix64(seed: 5)
        for i in 0..<20_000 {
            let c = Coordinate(uncheckedLatitude: random.uniform(47.2...47.5), longitude: random.uniform(8.4...8.7))
            builder = builder.stop("S\(i)", at: c, id: "s\(i)", radius: 20)
        }
        let text = RaceFile.text(builder.build())
        #expect(text.utf8.count > 2_000_000)
        let issues = RaceValidator().validate(try RaceFixtures.read(text))
        // Random stops 20 m wide in a 30 km box: some overlap; the rest is clean.
        #expect(issues.allSatisfy { ["overlapping-stops", "near-identical-position", "no-courses"].contains($0.code) })
        #expect(issues.contains { $0.code == "no-courses" })
    }
}
