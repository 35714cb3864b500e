import Foundation
import GeoCore
import GeoFormats
import RaceModel
import Testing

/// `racekit build`'s reader and builder: linear in stops, ids as before, one decimal grammar.
struct RaceBuilderScaleTests {
    private func csv(_ rows: [String]) throws -> CSVDocument {
        try CSVDocument(bytes: Array((["name,lat,lon,id,points"] + rows).joined(separator: "\n").utf8), file: "s.csv")
    }

    @Test("ids made unique are the same as trying -2, -3… from the start, also around explicit ids")
    func uniqueIDs() throws {
        let document = try csv([
            "A,47,8,,", "A,47,8.001,,", "A,47,8.002,a-3,", "A,47,8.003,,", "B,47,8.004,a,", "A,47,8.005,,",
        ])
        let race = try StopListCSV.addStops(from: document, to: RaceBuilder(name: "x")).build()
        // "a" is taken twice (once explicitly): duplicates are for the validator to report.
        #expect(race.stops.map(\.id) == ["a", "a-2", "a-3", "a-4", "a", "a-5"])
    }

    @Test("20 000 stops of the same name build in well under the quadratic time (174 s before, debug)")
    func linear() throws {
        let rows = (0..<20_000).map { "Stop,\(46 + Double($0 % 1000) / 1000),\(7 + Double($0 / 1000) / 100),," }
        let document = try csv(rows)
        let clock = ContinuousClock()
        let start = clock.now
        let race = try StopListCSV.addStops(from: document, to: RaceBuilder(name: "x")).build()
        let elapsed = clock.now - start
        #expect(race.stops.count == 20_000 && race.stops.last?.id == "stop-20000")
        #expect(elapsed < .seconds(20), "\(elapsed)")
    }

    @Test(
        "numbers follow the readers' decimal grammar; points must be whole and in range",
        arguments: [
            ("A,0x2F,8,,", "s.csv:2:2: error: lat '0x2F' is not a number"),
            (
                "A,47,8,,1e15",
                "s.csv:2:5: error: points 1000000000000000 is out of range (a whole number in -999999999999999…999999999999999)"
            ),
            ("A,47,8,,9.5", "s.csv:2:5: error: points 9.5 is not a whole number"),
            (
                "A,47,8,,1e300",
                "s.csv:2:5: error: points 1e+300 is out of range (a whole number in -999999999999999…999999999999999)"
            ),
        ])
    func badNumbers(row: String, message: String) throws {
        let document = try csv([row])
        do {
            _ = try StopListCSV.addStops(from: document, to: RaceBuilder(name: "x"))
            Issue.record("no error for \(row)")
        } catch {
            #expect(error.description == message)
        }
    }
}
