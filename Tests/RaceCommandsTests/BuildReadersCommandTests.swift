import Foundation
import Testing

/// `racekit build` and the readers end to end (issue 13): modes checked, issues blamed on the
/// input, properties.id used, control characters never reach the terminal, non-finite numbers never written.
struct BuildReadersCommandTests {
    @Test("build --mode bogus is a usage error listing the modes")
    func unknownMode() throws {
        let folder = try TemporaryFolder()
        let csv = try folder.write("s.csv", "name,lat,lon\nA,47,8\n")
        let result = try RaceKitBinary.run(["build", csv, "--mode", "bogus"])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains(
                "--mode bogus is not a game mode; use one of: classic, quiz, score, relay, territory."),
            "\(result.stderr)")
    }

    @Test("build blames the input file and line for a stop's issue, not the race it generated")
    func blamesInput() throws {
        let folder = try TemporaryFolder()
        let csv = try folder.write("s.csv", "name,lat,lon,radius_m\nA,47,8,30\n\nB,47.01,8,0\n")
        let result = try RaceKitBinary.run(["build", csv])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix("\(csv):4: error: stop \"b\" has radius 0.0 m [radius-not-positive]"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("race:"))
        let geojson = try folder.write(
            "s.geojson",
            """
            {"type":"FeatureCollection","features":[
             {"type":"Feature","geometry":null,"properties":{}},
             {"type":"Feature","geometry":{"type":"Point","coordinates":[8,47]},"properties":{"id":"alpha","radius":0.5}}]}
            """)
        let fromGeoJSON = try RaceKitBinary.run(["build", geojson])
        #expect(fromGeoJSON.status == 0)
        #expect(
            fromGeoJSON.stderr.contains("\(geojson):/features/1: warning: stop \"alpha\" has a 0.5 m radius"),
            "\(fromGeoJSON.stderr)")
        #expect(fromGeoJSON.stdout.contains("\"id\": \"alpha\""))
    }

    @Test("an escape sequence in the input reaches the terminal escaped")
    func escapedInMessages() throws {
        let folder = try TemporaryFolder()
        let csv = try folder.write("s.csv", "name,lat,lon\nA,4\u{1B}]0;pwned\u{07},8\n")
        let result = try RaceKitBinary.run(["build", csv])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"))
        #expect(result.stderr.contains("lat '4\\u001b]0;pwned\\u0007' is not a number"), "\(result.stderr)")
    }

    @Test("fence-events refuses the radius, accuracy and time that made it print -1e+20.00 and inf.nan")
    func noNonFiniteOutput() throws {
        let folder = try TemporaryFolder()
        let positions = try folder.write("p.csv", "participant,t,lat,lon,accuracy\n1,0,47,8,1e300\n1,10,47.001,8,5\n")
        let hugeRadius = try folder.write("s.csv", "id,lat,lon,radius_m\n1,47,8,1e20\n")
        let radius = try RaceKitBinary.run(["fence-events", "--stops", hugeRadius, "--positions", positions])
        #expect(radius.status == 2 && radius.stdout.isEmpty)
        #expect(radius.stderr.contains("s.csv:2:8: error: radius_m 1e+20 is out of range"), "\(radius.stderr)")
        let stops = try folder.write("t.csv", "id,lat,lon,radius_m\n1,47,8,30\n")
        let accuracy = try RaceKitBinary.run(["fence-events", "--stops", stops, "--positions", positions, "--json"])
        #expect(accuracy.status == 2 && accuracy.stdout.isEmpty)
        #expect(accuracy.stderr.contains("p.csv:2:10: error: accuracy 1e+300 is out of range"), "\(accuracy.stderr)")
    }

    @Test("optimize --matrix: JSON errors with line:column and reason; an empty matrix is an error")
    func matrixMessages() throws {
        let folder = try TemporaryFolder()
        let broken = try folder.write("m.json", "[[0,1],\n [1,0x10]]")
        let result = try RaceKitBinary.run(["optimize", "--matrix", broken])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("m.json:2:6: error: expected ',' or ']' in an array, found 'x'"), "\(result.stderr)")
        let empty = try folder.write("e.json", "[]")
        let none = try RaceKitBinary.run(["optimize", "--matrix", empty])
        #expect(none.status == 2 && !none.stdout.contains("optimal"))
        #expect(none.stderr.contains("e.json: error: the matrix has no stops"), "\(none.stderr)")
    }

    @Test(
        "optimize --help and the TSPLIB size error state the same memory (measured peak 1 798 732 KB at 15 000 nodes)")
    func memoryStatedOnce() throws {
        let help = try RaceKitBinary.run(["optimize", "--help"])
        #expect(
            help.stdout.replacingOccurrences(of: "\n", with: " ").contains(
                "two n × n distance matrices, 1.8 GB at that size"), "\(help.stdout)")
        let folder = try TemporaryFolder()
        let tsp = try folder.write(
            "x.tsp", "NAME: x\nDIMENSION: 15001\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n")
        let result = try RaceKitBinary.run(["optimize", "--tsplib", tsp])
        #expect(
            result.stderr.contains("the solver keeps two n × n distance matrices: 1800 MB at that size"),
            "\(result.stderr)")
    }
}
