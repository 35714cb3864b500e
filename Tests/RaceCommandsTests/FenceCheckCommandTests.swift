import Foundation
import GeoCore
import Geofencing
import RaceTestSupport
import Testing

/// `racekit fence-check` end to end: the built binary on files it writes.
struct FenceCheckCommandTests {
    /// Writes a generated workload in the peers' CSV format.
    private func writeWorkload(_ workload: FenceWorkload, to folder: TemporaryFolder) throws -> (
        stops: String, positions: String
    ) {
        var stops = "id,lat,lon,radius_m\n"
        for (id, fence) in zip(workload.stopIDs, workload.fences) {
            guard case .circle(let c) = fence else { continue }
            stops += "\(id),\(c.centre.latitude),\(c.centre.longitude),\(c.radiusMeters)\n"
        }
        var positions = "participant,t,lat,lon\n"
        let p = workload.positions
        for i in 0..<p.count { positions += "\(p.participant[i]),\(p.time[i]),\(p.latitude[i]),\(p.longitude[i])\n" }
        return (try folder.write("stops.csv", stops), try folder.write("positions.csv", positions))
    }

    private func report(_ json: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
    }

    @Test(
        "hits and checksum equal brute force, for 1 and 2 threads, streamed and in phases",
        arguments: FenceWorkload.Layout.allCases)
    func equalsBruteForce(layout: FenceWorkload.Layout) throws {
        let folder = try TemporaryFolder()
        let workload = FenceWorkload.generate(layout: layout, stops: 150, participants: 10, seconds: 120, seed: 4)
        let files = try writeWorkload(workload, to: folder)
        var hits = 0, checksum: UInt64 = 0
        let p = workload.positions
        for i in 0..<p.count {
            for fence in BruteForce.fences(
                containingLatitude: p.latitude[i], longitude: p.longitude[i], in: workload.fences)
            {
                hits += 1
                checksum &+= UInt64(i) &* 1_000_003 &+ UInt64(workload.stopIDs[fence])
            }
        }
        #expect(hits > 0)
        for threads in ["1", "2"] {
            for phases in [false, true] {
                let result = try RaceKitBinary.run(
                    [
                        "fence-check", "--stops", files.stops, "--positions", files.positions,
                        "--threads", threads, "--json",
                    ] + (phases ? ["--phases"] : []))
                #expect(result.status == 0, "\(result.stderr)")
                let json = try report(result.stdout)
                #expect(json["hits"] as? Int == hits)
                #expect((json["checksum"] as? NSNumber)?.uint64Value == checksum)
                #expect(json["positions"] as? Int == p.count)
                #expect(json["streamed"] as? Bool == !phases)
                for key in ["loadSeconds", "querySeconds", "positionsPerSecond"] {
                    #expect(json[key] is Double || json[key] is Int, "\(key)")
                }
            }
        }
    }

    @Test(
        "--result-line, the line Benchmarks/peers/fence.sh reads, gives brute force's hits and checksum in two parts too"
    )
    func resultLineEqualsBruteForce() throws {
        let folder = try TemporaryFolder()
        // 50 participants × 200 s = 10 000 positions: enough for two threads to query two parts.
        let workload = FenceWorkload.generate(layout: .city, stops: 150, participants: 50, seconds: 200, seed: 8)
        let files = try writeWorkload(workload, to: folder)
        var hits = 0, positionsWithHit = 0, checksum: UInt64 = 0
        let p = workload.positions
        for i in 0..<p.count {
            let fences = BruteForce.fences(
                containingLatitude: p.latitude[i], longitude: p.longitude[i], in: workload.fences)
            if !fences.isEmpty { positionsWithHit += 1 }
            for fence in fences {
                hits += 1
                checksum &+= UInt64(i) &* 1_000_003 &+ UInt64(workload.stopIDs[fence])
            }
        }
        #expect(hits > 0)
        for threads in ["1", "2"] {
            for phases in [false, true] {
                let result = try RaceKitBinary.run(
                    [
                        "fence-check", "--stops", files.stops, "--positions", files.positions,
                        "--threads", threads, "--result-line",
                    ] + (phases ? ["--phases"] : []))
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.hasPrefix("RESULT workload=fence:"), "\(result.stdout)")
                #expect(
                    result.stdout.contains(
                        " hits=\(hits) positions_with_hit=\(positionsWithHit) checksum=\(checksum) "
                            + "params=threads=\(threads),streamed=\(phases ? 0 : 1),"), "\(result.stdout)")
            }
        }
    }

    @Test(
        "--save writes the generated workload; the files read back give the same hits and checksum",
        arguments: ["city", "global"])
    func savedWorkload(layout: String) throws {
        let folder = try TemporaryFolder()
        let generated = try RaceKitBinary.run([
            "fence-check", "--generate", layout, "--seed", "5", "--save", folder.url.path, "--json",
        ])
        #expect(generated.status == 0, "\(generated.stderr)")
        let fromFiles = try RaceKitBinary.run([
            "fence-check", "--stops", folder.url.path + "/stops.csv",
            "--positions", folder.url.path + "/positions.csv", "--json",
        ])
        #expect(fromFiles.status == 0, "\(fromFiles.stderr)")
        let a = try report(generated.stdout), b = try report(fromFiles.stdout)
        #expect((a["hits"] as? Int ?? 0) > 0)
        #expect(a["hits"] as? Int == b["hits"] as? Int)
        #expect((a["checksum"] as? NSNumber) == (b["checksum"] as? NSNumber))
        #expect(a["positions"] as? Int == 50 * 600 && b["positions"] as? Int == 50 * 600)
        let save = try RaceKitBinary.run([
            "fence-check", "--stops", "s.csv", "--positions", "p.csv", "--save", folder.url.path,
        ])
        #expect(save.status == 64 && save.stderr.contains("--save writes a generated workload"))
    }

    @Test("a generated workload is reproducible")
    func generated() throws {
        let first = try RaceKitBinary.run(["fence-check", "--generate", "global", "--seed", "9", "--json"])
        let second = try RaceKitBinary.run(["fence-check", "--generate", "global", "--seed", "9", "--json"])
        #expect(first.status == 0)
        let a = try report(first.stdout), b = try report(second.stdout)
        #expect((a["hits"] as? Int ?? 0) > 0)
        #expect(a["hits"] as? Int == b["hits"] as? Int)
        #expect((a["checksum"] as? NSNumber) == (b["checksum"] as? NSNumber))
    }

    @Test(
        "bad input: exit 2 and one message with file:line:column",
        arguments: [
            (
                "id,lat,lon,radius_m\n1,2,3,4\n", "participant,t,lat,lon\n0,0,1,1\n0,1,95,1\n",
                "positions.csv:3:5: error: latitude 95.0 is out of range (-90…90)"
            ),
            (
                "id,lat,lon,radius_m\n1,2,3,4\n1,2,3,4\n", "participant,t,lat,lon\n0,0,1,1\n",
                "stops.csv:3:1: error: duplicate stop id 1 (first on line 2)"
            ),
            (
                "id,lat,lon,radius_m\n1,2,3,0\n", "participant,t,lat,lon\n0,0,1,1\n",
                "stops.csv:2:7: error: radius_m 0.0 is out of range (greater than 0, at most 20000000)"
            ),
            (
                "id,lat,lon,radius_m\n1,2,3,4\n", "participant,t,lat,lon\n0,5,1,1\n0,4,1,1\n",
                "positions.csv:3:3: error: time 4.0 is earlier"
            ),
            (
                "id,lat,lon,radius_m\n1,2,3,4\n", "participant,t,lat,lon\n0,0,1,x\n",
                "positions.csv:2:7: error: lon 'x' is not a number"
            ),
            ("id,lat,lon,radius_m\n1,2,3,4\n", "", "positions.csv: error: the file is empty"),
            (
                "id,lat,lon,radius_m\n1,2,3,4\n", "participant,t,lat,lon\n0,0,1,1,7\n",
                "positions.csv:2: error: expected 4 fields, found 5"
            ),
            ("\u{01}\u{02}garbage\u{FF}", "participant,t,lat,lon\n0,0,1,1\n", "stops.csv:1: error: header is"),
        ])
    func badInput(stops: String, positions: String, message: String) throws {
        let folder = try TemporaryFolder()
        let files = (try folder.write("stops.csv", stops), try folder.write("positions.csv", positions))
        for phases in [false, true] {
            let result = try RaceKitBinary.run(
                ["fence-check", "--stops", files.0, "--positions", files.1] + (phases ? ["--phases"] : []))
            #expect(result.status == 2)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("usage errors exit 64 and say what to do")
    func usage() throws {
        let result = try RaceKitBinary.run(["fence-check", "--stops", "a.csv"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Give --stops and --positions, or --generate city|urban|global."))
        let missing = try RaceKitBinary.run([
            "fence-check", "--stops", "/nonexistent.csv", "--positions", "/nonexistent2.csv",
        ])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent.csv: error: cannot open the file"))
    }
}
