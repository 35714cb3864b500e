import GeoCore
import Geofencing
import RaceModel
import RaceSimulation
import Testing

/// Replays of tracks whose answers are known exactly.
struct ReplayTests {
    /// Stops along the equator, 500 m apart, 25 m radius: a runner at a constant speed meets
    /// each circle 25 m before its centre.
    static let race: Race = {
        var builder = RaceBuilder(name: "Line").radius(25).timeLimit(minutes: 30)
        for i in 0..<5 {
            builder = builder.stop(
                "S\(i)", at: Coordinate(uncheckedLatitude: 0, longitude: Double(i) * 500 / Earth.metersPerDegree),
                id: "s\(i)")
        }
        return builder.build()
    }()

    /// Runner `p` at `speed` m/s east along the equator from the first stop, a fix a second,
    /// skipping the stops in `skip` by passing 100 m north of them.
    static func run(speed: Double, participant p: Int32, skip: Set<Int> = [], into columns: inout PositionColumns) {
        let seconds = Int(2000 / speed) + 5
        for t in 0...seconds {
            let x = speed * Double(t)
            let near = Int((x / 500).rounded())
            let north = skip.contains(near) && abs(x - Double(near) * 500) < 150 ? 100.0 : 0
            columns.append(
                participant: p, time: Double(t), latitude: north / Earth.metersPerDegree,
                longitude: x / Earth.metersPerDegree)
        }
    }

    static func replay(_ speeds: [Double], skip: [Int: Set<Int>] = [:]) throws -> ReplayResult {
        var columns = PositionColumns()
        for (p, speed) in speeds.enumerated() {
            run(speed: speed, participant: Int32(p), skip: skip[p] ?? [], into: &columns)
        }
        let names = speeds.indices.map { "R\($0)" }
        return try RaceReplay(race: race).run(ReplayInput(names: names, positions: columns))
    }

    @Test("arrivals are interpolated at the fence boundary, not at the nearest fix")
    func interpolatedArrivals() throws {
        let result = try Self.replay([3.0])
        let check = result.courses[0]
        #expect(check.status == .ok)
        for (k, punch) in check.punches.enumerated() where k > 0 {
            let expected = (Double(k) * 500 - 25) / 3.0
            #expect(abs(try #require(punch.time) - expected) < 0.01, "stop \(k): \(punch.time!) vs \(expected)")
        }
        #expect(abs(try #require(check.runningTime) - 1975 / 3.0) < 0.01)
    }

    @Test("splits, leg ranks, time behind and the MeOS baseline")
    func legs() throws {
        let result = try Self.replay([2.0, 2.5, 4.0])
        let analysis = LegAnalysis(result)
        let firstLeg = analysis.legs.filter { $0.from == 0 && $0.to == 1 }
        #expect(firstLeg.count == 3)
        let fastest = try #require(firstLeg.first { $0.participant == 2 })
        #expect(fastest.rank == 1 && fastest.behind == 0)
        #expect(abs(fastest.split - 475 / 4.0) < 0.01)
        let slowest = try #require(firstLeg.first { $0.participant == 0 })
        #expect(slowest.rank == 3 && abs(slowest.behind - (475 / 2.0 - 475 / 4.0)) < 0.02)
        // From the start's centre to 25 m before the next stop: 475 m of the 500 m course leg, run straight.
        #expect(abs(slowest.distanceRunMeters - 475) < 0.01 && abs(slowest.straightMeters - 500) < 0.01)
        #expect(abs(try #require(slowest.detourRatio) - 1) < 1e-9)
        // Constant pace: everyone loses nothing against their own form.
        #expect(
            analysis.legs.allSatisfy { $0.timeLost < 0.05 },
            "\(analysis.legs.map { ($0.participant, $0.from, $0.split, $0.timeLost) })")
    }

    @Test("MeOS baseline: best under 5 runners, mean of best 2 for 5–11, places 2…1+n/6 from 12")
    func meos() {
        #expect(LegAnalysis.meosBaseline([10, 20, 30, 40]) == 10)
        #expect(LegAnalysis.meosBaseline([10, 20, 30, 40, 50]) == 15)
        #expect(LegAnalysis.meosBaseline(Array(stride(from: 10.0, through: 120, by: 10))) == 25)  // n = 12: places 2…3
        #expect(LegAnalysis.meosBaseline(Array(stride(from: 10.0, through: 240, by: 10))) == 35)  // n = 24: places 2…5
    }

    @Test("a skipped stop is a missing punch; out-of-order visits are additional")
    func missingAndAdditional() throws {
        let result = try Self.replay([3.0, 3.0], skip: [1: [2]])
        #expect(result.courses[0].status == .ok)
        #expect(result.courses[1].status == .missingPunch)
        #expect(result.courses[1].punches.first { $0.stop == 2 }?.time == nil)
        // A runner going backwards through the course: only the start counts in order.
        var columns = PositionColumns()
        for t in 0...700 {
            let x = 2000 - 3.0 * Double(t)
            columns.append(participant: 0, time: Double(t), latitude: 0, longitude: x / Earth.metersPerDegree)
        }
        let backwards = try RaceReplay(race: Self.race).run(ReplayInput(names: ["B"], positions: columns))
        #expect(backwards.courses[0].status == .didNotFinish)
        #expect(!backwards.courses[0].additional.isEmpty)
    }

    @Test("over the time limit is OverTime; the leader timeline follows the fastest")
    func overTimeAndLeader() throws {
        let result = try Self.replay([1.0, 3.0])  // 1 m/s needs 33 min for 2 km: over the 30 min limit
        #expect(result.courses[0].status == .overTime)
        #expect(result.courses[1].status == .ok)
        let leader = LeaderTimeline(result)
        #expect(leader.changes.last?.participant == 1)
        let report = RaceReport(replay: result, startEpoch: nil)
        #expect(report.standings.map(\.name) == ["R1", "R0"])
        #expect(report.standings[0].rank == 1 && report.standings[1].rank == nil)
    }

    @Test("teleports and arrivals with no approach are flagged with evidence")
    func flags() throws {
        var columns = PositionColumns()
        Self.run(speed: 3.0, participant: 0, into: &columns)
        // Participant 1's track begins inside stop 3 (not the start), then jumps 400 m.
        for t in 500...560 {
            columns.append(participant: 1, time: Double(t), latitude: 0, longitude: 1500 / Earth.metersPerDegree)
        }
        columns.append(participant: 1, time: 561, latitude: 0, longitude: 1900 / Earth.metersPerDegree)
        let result = try RaceReplay(race: Self.race).run(ReplayInput(names: ["Honest", "Sly"], positions: columns))
        let flags = CheatFlags(result).flags
        #expect(flags.allSatisfy { $0.participant == 1 }, "\(flags)")
        #expect(flags.contains { $0.kind == .teleport && $0.evidence.contains("400 m") })
        #expect(flags.contains { $0.kind == .noApproach })
    }

    @Test("the HTML report lists the stops' categories and descriptions; only web addresses become links")
    func stopDetails() throws {
        let plain = RaceReport(replay: try Self.replay([3.0]), startEpoch: nil).html
        #expect(!plain.contains("<h2>Stops</h2>"))  // no stop has any: no table
        var race = Self.race
        race.stops[1].category = "Parking <Area>"
        race.stops[1].description = "Behind the church & left"
        race.stops[1].link = "https://example.org/s1"
        race.stops[2].link = "javascript:alert(1)"
        var columns = PositionColumns()
        Self.run(speed: 3.0, participant: 0, into: &columns)
        let result = try RaceReplay(race: race).run(ReplayInput(names: ["R0"], positions: columns))
        let html = RaceReport(replay: result, startEpoch: nil).html
        #expect(html.contains("<h2>Stops</h2>"))
        #expect(html.contains("Parking &lt;Area&gt;") && html.contains("Behind the church &amp; left"))
        #expect(html.contains("<a href=\"https://example.org/s1\" rel=\"noopener noreferrer\">S1</a>"))
        #expect(!html.contains("javascript:"))
    }

    @Test("the same input gives byte-identical JSON")
    func determinism() throws {
        let a = RaceReport(replay: try Self.replay([2.0, 3.0, 3.5]), startEpoch: 1_777_000_000).json.serialized()
        let b = RaceReport(replay: try Self.replay([2.0, 3.0, 3.5]), startEpoch: 1_777_000_000).json.serialized()
        #expect(a == b)
        #expect(a.contains("\"format\": \"racekit.simulation/1\""))
    }
}
