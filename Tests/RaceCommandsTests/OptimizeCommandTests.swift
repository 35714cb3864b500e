import Foundation
import GeoCore
import Testing

/// `racekit optimize` end to end: the built binary on files it writes.
struct OptimizeCommandTests {
    private func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// Six points on a 20 × 10 grid: the optimal tour is the perimeter, 60.
    private let tiny = """
        NAME : tiny6
        TYPE : TSP
        DIMENSION : 6
        EDGE_WEIGHT_TYPE : EUC_2D
        NODE_COORD_SECTION
        1 0 0
        2 10 10
        3 20 0
        4 0 10
        5 10 0
        6 20 10
        EOF

        """

    @Test("--tsplib --json: length, seconds, tour; gap from bestSolutions.txt; RESULT line; tour file")
    func tsplib() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("tiny6.tsp", tiny)
        _ = try folder.write("bestSolutions.txt", "tiny6 : 60\n")
        let result = try RaceKitBinary.run([
            "optimize", "--tsplib", file, "--json", "-o", folder.url.appendingPathComponent("t.tour").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        #expect(report["length"] as? Int == 60)
        #expect(report["optimum"] as? Int == 60 && report["gapPercent"] as? Double == 0)
        #expect(report["seconds"] is Double)
        #expect((report["tour"] as? [String])?.count == 6 && (report["tour"] as? [String])?.first == "1")
        let tour = try String(contentsOf: folder.url.appendingPathComponent("t.tour"), encoding: .utf8)
        #expect(tour.contains("TOUR_SECTION\n1\n") && tour.hasSuffix("-1\nEOF\n"))

        let line = try RaceKitBinary.run(["optimize", "--tsplib", file, "--open", "1", "3", "--result-line"])
        #expect(line.status == 0)
        #expect(line.stdout.hasPrefix("RESULT workload=tsp instance=tiny6 n=6 tool=swift-racekit mode=open:1-3 "))
        // The tour 1 4 2 6 5 3.
        #expect(line.stdout.contains(" length=54 optimum=NA gap_pct=NA ") && line.stdout.contains("status=ok"))
    }

    @Test("--threads 2: two searches' rounds, the same tour every run, never longer than one search's")
    func threads() throws {
        let folder = try TemporaryFolder()
        // 40 points on a 1000 × 1000 square, from a fixed linear congruential stream.
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % 1000
        }
        let nodes = (1...40).map { "\($0) \(next()) \(next())" }.joined(separator: "\n")
        let file = try folder.write(
            "r40.tsp",
            "NAME : r40\nTYPE : TSP\nDIMENSION : 40\nEDGE_WEIGHT_TYPE : EUC_2D\nNODE_COORD_SECTION\n\(nodes)\nEOF\n")
        let common = ["optimize", "--tsplib", file, "--time-limit", "0", "--iterations", "300", "--json"]
        let one = try json(RaceKitBinary.run(common).stdout)
        let first = try json(RaceKitBinary.run(common + ["--threads", "2"]).stdout)
        let second = try json(RaceKitBinary.run(common + ["--threads", "2"]).stdout)
        #expect(first["threads"] as? Int == 2 && one["threads"] as? Int == 1)
        #expect(first["iterations"] as? Int == 600 && one["iterations"] as? Int == 300)
        #expect(first["tour"] as? [String] == second["tour"] as? [String])
        let length = try #require(first["length"] as? Int)
        #expect(length <= (one["length"] as? Int ?? 0))
        let line = try RaceKitBinary.run(
            [
                "optimize", "--tsplib", file, "--time-limit", "0", "--iterations", "300", "--threads", "2",
                "--result-line",
            ])
        #expect(
            line.stdout.contains("params=iterations=300,seed=1,threads=2 ")
                && line.stdout.contains(" length=\(length) "))
    }

    @Test("--tsplib on a SOP file: the path from the first node to the last, precedences kept, the bound's gap")
    func sequentialOrdering() throws {
        let folder = try TemporaryFolder()
        // 1 must come first and 4 last (their -1s), and 3 before 2 (row 2's -1 in column 3).
        let file = try folder.write(
            "tiny.sop",
            """
            NAME: tiny.sop
            TYPE: SOP
            DIMENSION: 4
            EDGE_WEIGHT_TYPE: EXPLICIT
            EDGE_WEIGHT_FORMAT: FULL_MATRIX
            EDGE_WEIGHT_SECTION
            4
            0 1 5 1000
            -1 0 -1 1
            -1 1 0 7
            -1 -1 -1 0
            EOF

            """)
        _ = try folder.write("bestSolutions.txt", "tiny : [5,6]\n")
        let result = try RaceKitBinary.run(["optimize", "--tsplib", file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        // 1 2 3 4 (length 8) would break 3-before-2: 1 3 2 4 is 5 + 1 + 1 = 7.
        #expect(report["tour"] as? [String] == ["1", "3", "2", "4"] && report["length"] as? Int == 7)
        #expect(report["optimum"] as? Int == 6)
        let refused = try RaceKitBinary.run(["optimize", "--tsplib", file, "--path"])
        #expect(refused.status != 0 && refused.stderr.contains("states its own tour or path"))
    }

    @Test("--tsplib on a SOP of 18 nodes in pairs that follow each other: proven optimal by precedence-dp")
    func sequentialOrderingProven() throws {
        let folder = try TemporaryFolder()
        // Nodes 2k+1 and 2k+2 may come in either order, after both of the pair before: 2⁸ orders.
        let n = 18
        var random = SplitMix64(seed: 3)
        var weights = (0..<n).map { i in (0..<n).map { j in i == j ? 0 : 1 + Int(random.next() % 100) } }
        for i in 1..<n {
            weights[i][0] = -1
            for j in 1..<(n - 1) where (j - 1) / 2 < (i - 1) / 2 || i == n - 1 { weights[i][j] = -1 }
        }
        let rows = weights.map { $0.map(String.init).joined(separator: " ") }.joined(separator: "\n")
        let file = try folder.write(
            "pairs.sop",
            "NAME: pairs.sop\nTYPE: SOP\nDIMENSION: \(n)\nEDGE_WEIGHT_TYPE: EXPLICIT\n"
                + "EDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n\(n)\n\(rows)\nEOF\n")
        let result = try RaceKitBinary.run(["optimize", "--tsplib", file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        #expect(report["method"] as? String == "precedence-dp" && report["provenOptimal"] as? Bool == true)
        // The shortest of the 256 orders, tried one by one.
        var best = Int.max
        for choice in 0..<(1 << 8) {
            var order = [0]
            for pair in 0..<8 {
                let a = 2 * pair + 1, b = 2 * pair + 2
                order += choice & (1 << pair) == 0 ? [a, b] : [b, a]
            }
            order.append(n - 1)
            best = min(best, (1..<n).reduce(0) { $0 + weights[order[$1 - 1]][order[$1]] })
        }
        #expect(report["length"] as? Int == best)
    }

    @Test("--matrix CSV with ids: open path, fixed ends, variants")
    func matrix() throws {
        let folder = try TemporaryFolder()
        let csv = try folder.write(
            "walk.csv",
            """
            from,A,B,C,D,E
            A,0,3,9,9,9
            B,3,0,3,9,9
            C,9,3,0,3,9
            D,9,9,3,0,3
            E,9,9,9,3,0

            """)
        let result = try RaceKitBinary.run([
            "optimize", "--matrix", csv, "--start", "A", "--finish", "E", "--variants", "2",
            "--max-excess", "200", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        #expect(report["tour"] as? [String] == ["A", "B", "C", "D", "E"])
        #expect(report["length"] as? Int == 12 && report["provenOptimal"] as? Bool == true)
        let variants = report["variants"] as? [[String: Any]]
        #expect(variants?.count == 2)
        #expect((variants?[1]["tour"] as? [String])?.first == "A" && (variants?[1]["tour"] as? [String])?.last == "E")
        #expect((variants?[1]["sharedLegs"] as? Int ?? 9) < 4)
    }

    @Test("--matrix --variants: an order 33 % longer is not a variant within 1 %: one variant and a note")
    func matrixVariantBound() throws {
        let folder = try TemporaryFolder()
        // Fixed ends A and D: A B C D is 30, A C B D is 15 + 10 + 15 = 40 (+33.3 %).
        let csv = try folder.write("m.csv", "from,A,B,C,D\nA,0,10,15,30\nB,10,0,10,15\nC,15,10,0,10\nD,30,15,10,0\n")
        let result = try RaceKitBinary.run([
            "optimize", "--matrix", csv, "--open", "A", "D", "--variants", "2", "--max-excess", "1", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        #expect((report["variants"] as? [[String: Any]])?.compactMap { $0["length"] as? Int } == [30])
        #expect(report["note"] as? String == "only 1 of 2 variants fit within 1 % of the shortest")
        let table = try RaceKitBinary.run([
            "optimize", "--matrix", csv, "--open", "A", "D", "--variants", "2", "--max-excess", "34",
        ])
        #expect(table.stdout.contains("40 (+33.33 %, "), "\(table.stdout)")
        #expect(!table.stdout.contains("note"))
    }

    @Test(
        "bad input: a clear error and a non-zero exit",
        arguments: [
            ("0,1\n1,-3\n", [String](), "m.csv:2:3: error: distance -3 is negative"),
            ("0,1,2\n1,0\n", [], "m.csv: error: 2 rows of distances but 3 columns; the matrix must be square"),
            ("0,1\n1,0\n", ["--start", "9"], "error: unknown stop id '9'"),
        ])
    func badInput(csv: String, extra: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("m.csv", csv)
        let result = try RaceKitBinary.run(["optimize", "--matrix", file] + extra)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("racekit: ") && result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("usage errors exit 64: nothing to optimize, or a race file with --tsplib")
    func usage() throws {
        let race = try RaceKitBinary.run(["optimize", "race.json", "--tsplib", "x.tsp"])
        #expect(race.status == 64 && race.stderr.contains("do not go together"))
        let none = try RaceKitBinary.run(["optimize"])
        #expect(none.status == 64)
    }
}
