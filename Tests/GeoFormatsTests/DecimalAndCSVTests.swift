import GeoCore
import RaceKitCore
import Testing

@testable import GeoFormats

struct StopsCSVTests {
    private func read(_ text: String) throws(InputError) -> StopTable {
        try StopsCSV.parse(Array(text.utf8), file: "stops.csv")
    }

    @Test("a valid file with a BOM, CRLF line ends, spaces and blank lines")
    func valid() throws {
        let table = try read("\u{FEFF}id,lat,lon,radius_m\r\n0, 47.5, 8.5 ,25\r\n\r\n7,-90,180,1000.5\r\n")
        #expect(table.ids == [0, 7])
        #expect(table.centres[1] == (try Coordinate(latitude: -90, longitude: 180)) && table.radiiMeters[1] == 1000.5)
    }

    @Test(
        "bad input names file, line, column and problem",
        arguments: [
            ("", "stops.csv: error: the file is empty; expected a header line 'id,lat,lon,radius_m'"),
            ("id,lat,lon\n", "stops.csv:1: error: header is 'id,lat,lon'; expected 'id,lat,lon,radius_m'"),
            ("id,lat,lon,radius_m\n", "stops.csv: error: no stops after the header"),
            ("id,lat,lon,radius_m\n1,2,3\n", "stops.csv:2: error: expected 4 fields (id,lat,lon,radius_m), found 3"),
            (
                "id,lat,lon,radius_m\n1,2,3,4,5\n",
                "stops.csv:2: error: expected 4 fields (id,lat,lon,radius_m), found 5"
            ),
            ("id,lat,lon,radius_m\n1,north,3,4\n", "stops.csv:2:3: error: lat 'north' is not a number"),
            ("id,lat,lon,radius_m\n1,91.2,3,4\n", "stops.csv:2:3: error: latitude 91.2 is out of range (-90…90)"),
            ("id,lat,lon,radius_m\n1,1,-181,4\n", "stops.csv:2:5: error: longitude -181.0 is out of range (-180…180)"),
            (
                "id,lat,lon,radius_m\n1,1,2,0\n",
                "stops.csv:2:7: error: radius_m 0.0 is out of range (greater than 0, at most 20000000)"
            ),
            (
                "id,lat,lon,radius_m\n1,1,2,-5\n",
                "stops.csv:2:7: error: radius_m -5.0 is out of range (greater than 0, at most 20000000)"
            ),
            // Beyond half the earth a radius means nothing, and fence-events wrote distances like -1e+20.00.
            (
                "id,lat,lon,radius_m\n1,1,2,1e20\n",
                "stops.csv:2:7: error: radius_m 1e+20 is out of range (greater than 0, at most 20000000)"
            ),
            ("id,lat,lon,radius_m\n1,0x2F,2,5\n", "stops.csv:2:3: error: lat '0x2F' is not a number"),
            (
                "id,lat,lon,radius_m\n1,1,2,5\n\n1,1,2,5\n",
                "stops.csv:4:1: error: duplicate stop id 1 (first on line 2)"
            ),
            ("id,lat,lon,radius_m\nx,1,2,5\n", "stops.csv:2:1: error: id 'x' is not an integer"),
            ("id,lat,lon,radius_m\n1,,2,5\n", "stops.csv:2:3: error: lat is empty"),
        ])
    func badInput(text: String, message: String) {
        #expect(throws: InputError.self) { try read(text) }
        do {
            _ = try read(text)
        } catch {
            #expect(error.description == message)
        }
    }
}

struct PositionsCSVTests {
    private func read(_ text: String) throws(InputError) -> PositionTable {
        try PositionsCSV.parse(Array(text.utf8), file: "positions.csv")
    }

    @Test("participants by number or name, optional accuracy")
    func valid() throws {
        let table = try read("participant,t,lat,lon,accuracy\n3,0,1,2,5\nana,0,1,2,\n3,1.5,1,2.5,4\n")
        #expect(table.participantNames == ["3", "ana"])
        #expect(Array(table.columns.participant) == [0, 1, 0])
        #expect(Array(table.columns.time) == [0, 0, 1.5])
        #expect(table.columns.accuracyMeters(at: 0) == 5 && table.columns.accuracyMeters(at: 1) == nil)
    }

    @Test(
        "bad input names file, line, column and problem",
        arguments: [
            ("participant,t,lat,lon\n", "positions.csv: error: no positions after the header"),
            (
                "participant,time,lat,lon\n",
                "positions.csv:1: error: header is 'participant,time,lat,lon'; expected 'participant,t,lat,lon,[accuracy]'"
            ),
            (
                "participant,t,lat,lon\n0,5,1,1\n0,4,1,1\n",
                "positions.csv:3:3: error: time 4.0 is earlier than the previous row's 5.0; rows must be ordered by time"
            ),
            ("participant,t,lat,lon\n0,1,1\n", "positions.csv:2: error: expected 4 fields, found 3"),
            ("participant,t,lat,lon\n0,1,1,1e400\n", "positions.csv:2:7: error: lon '1e400' is not a number"),
            (
                "participant,t,lat,lon,accuracy\n0,1,1,1,-3\n",
                "positions.csv:2:9: error: accuracy -3.0 is out of range (0…20000000 metres)"
            ),
            (
                "participant,t,lat,lon,accuracy\n0,1,1,1,1e300\n",
                "positions.csv:2:9: error: accuracy 1e+300 is out of range (0…20000000 metres)"
            ),
            (
                "participant,t,lat,lon\n0,-1e18,1,1\n",
                "positions.csv:2:3: error: time -1e+18 is out of range (at most 100000000000 seconds either side of 0)"
            ),
            ("participant,t,lat,lon\n,1,1,1\n", "positions.csv:2:1: error: participant is empty"),
        ])
    func badInput(text: String, message: String) {
        do {
            _ = try read(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("a missing file is an error naming it")
    func missingFile() {
        do {
            _ = try PositionsCSV.read(path: "/nonexistent/positions.csv")
            Issue.record("no error")
        } catch {
            #expect(
                error.description
                    == "/nonexistent/positions.csv: error: cannot open the file: No such file or directory")
        }
    }
}
