import Foundation
import GeoCore
import Testing

/// `racekit fence-events` end to end.
struct FenceEventsCommandTests {
    /// A runner walking due east at 2 m/s along the equator through a 50 m stop at (0, 0.01°),
    /// one fix a second, with a duplicate, an out-of-order and a teleport fix mixed in.
    private func files(_ folder: TemporaryFolder) throws -> (stops: String, positions: String) {
        let stops = try folder.write("stops.csv", "id,lat,lon,radius_m\n7,0,0.01,50\n")
        var rows = "participant,t,lat,lon\n"
        for t in 0...600 {
            let lon = 2.0 * Double(t) / Earth.metersPerDegree
            rows += "runner,\(t),0,\(lon)\n"
            if t == 100 { rows += "runner,\(t),0,\(lon)\n" }  // duplicate time
            if t == 200 { rows += "runner,\(t),45,\(lon)\n" }  // teleport (same time as well → duplicate)
        }
        return (stops, try folder.write("positions.csv", rows))
    }

    @Test("enter and exit at the interpolated boundary times")
    func walkThrough() throws {
        let folder = try TemporaryFolder()
        let (stops, positions) = try files(folder)
        let result = try RaceKitBinary.run(["fence-events", "--stops", stops, "--positions", positions])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "time,participant,stop,event,line,distance_m,accuracy_m,duration_s")
        let events = lines.dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(events.map { $0[3] } == ["enter", "dwell", "exit"])
        // The stop's centre is 0.01° east: the runner meets the circle 50 m before and after it.
        let centre = 0.01 * Earth.metersPerDegree / 2
        let enter = try #require(Double(events[0][0])), exit = try #require(Double(events[2][0]))
        #expect(abs(enter - (centre - 25)) < 0.01)
        #expect(abs(exit - (centre + 25)) < 0.01)
        #expect(events[0][1] == "runner" && events[0][2] == "7")
        #expect(Double(events[2][7]).map { abs($0 - 50) < 0.02 } == true, "exit carries the time inside")
    }

    @Test("fixes that cannot be used are reported with their file lines")
    func warnings() throws {
        let folder = try TemporaryFolder()
        let (stops, positions) = try files(folder)
        let result = try RaceKitBinary.run(["fence-events", "--stops", stops, "--positions", positions, "--json"])
        #expect(result.status == 0)
        #expect(
            result.stderr.contains(
                "2 fixes not used (same time as the participant's previous fix): \(positions):103, \(positions):204"),
            "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("{\"time\":") })
    }

    @Test("invalid rules are usage errors")
    func badRules() throws {
        let result = try RaceKitBinary.run([
            "fence-events", "--stops", "s.csv", "--positions", "p.csv", "--exit-confirm-fixes", "0",
        ])
        #expect(result.status == 64)
        #expect(!result.stderr.isEmpty)
    }
}
