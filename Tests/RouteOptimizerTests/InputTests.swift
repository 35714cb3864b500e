import Foundation
import GeoCore
import RaceKitCore
import Testing

@testable import RouteOptimizer

/// Matrix files, problem validation and TSPLIB files: what a user can get wrong, and the exact text.
struct InputTests {
    @Test("CSV: plain, with a header, with header and row labels")
    func csvShapes() throws {
        let plain = try MatrixFile.parseCSV("0,5,7\n5,0,2\n7,2,0\n", source: "m.csv")
        #expect(plain.labels == nil && plain.matrix[0, 2] == 7 && plain.matrix.isSymmetric)
        let header = try MatrixFile.parseCSV("a,b\r\n0,3\r\n4,0\r\n", source: "m.csv")
        #expect(header.labels == ["a", "b"] && header.matrix[1, 0] == 4 && !header.matrix.isSymmetric)
        let both = try MatrixFile.parseCSV("from,a,b\na,0,3\nb,4.0,0\n", source: "m.csv")
        #expect(both.labels == ["a", "b"] && both.matrix[1, 0] == 4)
    }

    @Test(
        "CSV errors name file:line:column",
        arguments: [
            ("0,1\n1,-3\n", "m.csv:2:3: error: distance -3 is negative"),
            (
                "0,1\n1,2.5\n",
                "m.csv:2:3: error: distance 2.5 is not a whole number (distances are integers: metres, seconds, …)"
            ),
            ("0,1,2\n1,0\n", "m.csv: error: 2 rows of distances but 3 columns; the matrix must be square"),
            ("0,1\n1,0,4\n", "m.csv:2: error: this row has 3 distances; the matrix needs 2 (one per stop)"),
            ("a,b\n0, x\n1,0\n", "m.csv:2:4: error: 'x' is not a number"),
            ("x,a,b\na,0,1\nc,1,0\n", "m.csv:3:1: error: row label 'c' should be 'b', the header's label 2"),
            // One decimal grammar: a cell that starts like a number is a distance, and must be one
            // (these were read as 16 and 1, or taken for a header of labels).
            ("0,0x10\n0x10,0\n", "m.csv:1:3: error: '0x10' is not a number"),
            ("0,1\u{0}\n1\u{0},0\n", "m.csv:1:3: error: '1\\u0000' is not a number"),
            ("", "m.csv: error: the file has no rows"),
        ])
    func csvErrors(text: String, message: String) {
        #expect(throws: (any Error).self) { try MatrixFile.parseCSV(text, source: "m.csv") }
        do { _ = try MatrixFile.parseCSV(text, source: "m.csv") } catch { #expect(error.description == message) }
    }

    @Test("a matrix of more than RouteSolver.maximumStops stops is an error, CSV and JSON")
    func matrixTooLarge() {
        let n = RouteSolver.maximumStops + 1
        // Rows of a single zero keep the text small: the size check comes before each row's length is.
        let csv = (0..<n).map { "s\($0)" }.joined(separator: ",") + "\n" + String(repeating: "0\n", count: n)
        do { _ = try MatrixFile.parseCSV(csv, source: "m.csv"); Issue.record("no error") } catch {
            #expect(
                error.description == "m.csv: error: \(n) stops; the optimizer takes at most \(RouteSolver.maximumStops)"
            )
        }
        let json = "[" + String(repeating: "[0],", count: n - 1) + "[0]]"
        do { _ = try MatrixFile.parseJSON(Data(json.utf8), source: "m.json"); Issue.record("no error") } catch {
            #expect(
                error.description
                    == "m.json: error: \(n) stops; the optimizer takes at most \(RouteSolver.maximumStops)")
        }
    }

    @Test(
        "JSON: rows or labels + matrix; errors name the JSON path",
        arguments: [
            ("[[0,1],[1,0]]", nil),
            ("{\"labels\": [\"a\", \"b\"], \"matrix\": [[0,1],[2,0]]}", nil),
            ("[[0,1],[1,-2]]", "m.json:/1/1: error: distance -2 is negative"),
            ("{\"matrix\": [[0,1],[1,\"x\"]]}", "m.json:/matrix/1/1: error: expected a number, found a string"),
            (
                "{\"matrix\": [[0,1],[1,0,3]]}",
                "m.json:/matrix/1: error: this row has 3 distances; the matrix needs 2 (one per stop)"
            ),
            ("{\"ids\": [\"a\"], \"matrix\": [[0,1],[1,0]]}", "m.json:/matrix: error: 1 labels but 2 rows"),
            (
                "[[0,1.5],[1,0]]",
                "m.json:/0/1: error: distance 1.5 is not a whole number (distances are integers: metres, seconds, …)"
            ),
            // The strict JSON reader's line:column and reason (JSONSerialization said only "not valid JSON").
            ("[[0,1],", "m.json:1:8: error: unexpected end of file: a value is missing"),
            ("[[0,1],\n [1,0x10]]", "m.json:2:6: error: expected ',' or ']' in an array, found 'x'"),
            ("[]", "m.json: error: the matrix has no stops"),
            ("{\"matrix\": {\"a\": 1}}", "m.json:/matrix: error: expected an array of rows, found an object"),
            ("\"rows\"", "m.json:/: error: expected an array of rows, found a string"),
            ("{\"labels\": []}", "m.json:/: error: expected a \"matrix\" key (an array of rows)"),
            (
                "{\"matrix\": [[0,1],[1,0]], \"matrix\": [[0]]}",
                "m.json:/matrix: error: \"matrix\" appears more than once"
            ),
        ] as [(String, String?)])
    func json(text: String, message: String?) {
        do {
            let file = try MatrixFile.parseJSON(Data(text.utf8), source: "m.json")
            #expect(message == nil && file.matrix.count == 2)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("errors are the shared InputError: a stable code and a structured location, not a string")
    func structuredErrors() {
        do {
            _ = try MatrixFile.parseJSON(Data("{\"matrix\": [[0,1],[1,-2]]}".utf8), source: "m.json")
            Issue.record("no error")
        } catch {
            #expect(error.code == .negativeDistance && error.code.rawValue == "negative-distance")
            #expect(error.location == SourceLocation(file: "m.json", jsonPointer: "/matrix/1/1"))
        }
        do {
            _ = try MatrixFile.parseCSV("0,1\n1,x\n", source: "m.csv")
            Issue.record("no error")
        } catch {
            #expect(error.code == .notAnInteger)
            #expect(error.location == SourceLocation(file: "m.csv", line: 2, column: 3))
        }
        // A key is escaped as a JSON pointer (RFC 6901) in the location: `/` is `~1`.
        do {
            _ = try MatrixFile.parseJSON(Data("{\"a/b\": 1, \"a/b\": 2}".utf8), source: "m.json")
            Issue.record("no error")
        } catch {
            #expect(error.description == "m.json:/a~1b: error: \"a/b\" appears more than once")
        }
        // A problem built in code has no file: the message has no location.
        do {
            _ = try RouteProblem.index(of: "castle", in: ["a"])
            Issue.record("no error")
        } catch {
            #expect(error.location.isInProgram && error.code == .unknownStop)
            #expect(error.description == "error: unknown stop id 'castle'")
        }
    }

    private func problemError(_ build: () throws -> RouteProblem) -> String? {
        do { _ = try build(); return nil } catch { return "\(error)" }
    }

    @Test("problem validation names the stops")
    func validation() {
        let m = DistanceMatrix(count: 4) { i, j in 10 * abs(i - j) }
        let labels = ["start", "bridge", "tower", "finish"]
        #expect(
            problemError {
                try RouteProblem(
                    matrix: m, labels: labels,
                    precedence: [.init(before: 1, after: 2), .init(before: 2, after: 3), .init(before: 3, after: 1)])
            }
                == "error: precedence cycle: 'bridge' → 'tower' → 'finish' → 'bridge'")
        #expect(
            problemError {
                try RouteProblem(
                    matrix: m, labels: labels, pins: [.init(stop: 1, position: 2), .init(stop: 2, position: 2)])
            }
                == "error: position 2 is taken by stop 'bridge' and pinned by stop 'tower'")
        #expect(
            problemError { try RouteProblem(matrix: m, labels: labels, pins: [.init(stop: 2, position: 0)]) }
                == "error: position 0 is taken by stop 'start' and pinned by stop 'tower'")
        #expect(
            problemError {
                try RouteProblem(
                    matrix: m, labels: labels, shape: .openPath(finish: 3), precedence: [.init(before: 3, after: 1)])
            }
                == "error: stop 'finish' is fixed at position 3, but 1 stops must come after it")
        #expect(
            problemError {
                try RouteProblem(
                    matrix: m, labels: labels, precedence: [.init(before: 1, after: 2)],
                    pins: [.init(stop: 1, position: 3)])
            }
                == "error: stop 'bridge' is fixed at position 3, but 1 stops must come after it")
        #expect(
            problemError { try RouteProblem(matrix: m, labels: labels, precedence: [.init(before: 1, after: 7)]) }
                == "error: a precedence pair refers to stop 7, but there are 4 stops (0…3)")
        #expect(
            problemError {
                try RouteProblem(
                    matrix: m, labels: labels, timeWindows: [nil, TimeWindow(opens: 50, closes: 20), nil, nil])
            }
                == "error: the time window of stop 'bridge' closes (20) before it opens (50)")
        #expect(
            problemError {
                try RouteProblem(
                    matrix: m, labels: labels, timeWindows: [nil, nil, nil, TimeWindow(opens: 0, closes: 20)])
            }
                == "error: stop 'finish' closes at 20, but cannot be reached before 30")
        // Without the triangle inequality a detour can be quicker than the direct leg: 0 → 1 → 3
        // takes 2 where 0 → 3 takes 30, so a window closing at 5 is reachable.
        let detour = DistanceMatrix(count: 4) { i, j in (i, j) == (0, 1) || (i, j) == (1, 3) ? 1 : 10 * abs(i - j) }
        let windows: [TimeWindow?] = [nil, nil, nil, TimeWindow(opens: 0, closes: 5)]
        #expect(
            problemError {
                try RouteProblem(matrix: detour, labels: labels, shape: .openPath(start: 0), timeWindows: windows)
            } == nil)
        let reachable = try? RouteProblem(
            matrix: detour, labels: labels, shape: .openPath(start: 0), timeWindows: windows)
        #expect(reachable.flatMap { HeldKarp.solve($0) } != nil, "Held–Karp finds an on-time order")
        #expect(problemError { try RouteProblem(matrix: m, labels: ["a"]) } == "error: 1 labels for 4 stops")
        #expect(throws: InputError(.unknownStop, "unknown stop id 'castle'")) {
            try RouteProblem.index(of: "castle", in: labels)
        }
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/tiny6.tsp"
    ).path

    @Test("the fixture TSPLIB file: reader, EUC_2D distances, exact optimum")
    func fixtureInstance() throws {
        let instance = try TSPLIBInstance.read(path: Self.fixture)
        #expect(instance.name == "tiny6" && instance.dimension == 6 && instance.edgeWeightType == .euclidean)
        #expect(instance.distance(0, 1) == 14 && instance.distance(0, 2) == 20)
        let solution = try RouteSolver.solve(try RouteProblem(matrix: instance.matrix, labels: instance.labels))
        #expect(solution.length == 60 && solution.isProvenOptimal)
    }

    @Test("TSPLIB distance functions: GEO (FAQ truncation), ATT, CEIL_2D")
    func distanceFunctions() {
        let geo = TSPLIBInstance(name: "g", edgeWeightType: .geo, coordinates: [(14.55, -23.31), (28.06, -15.24)])
        // gr96 nodes 1 and 2, as tsp_peers.py computes them.
        #expect(geo.distance(0, 1) == geo.distance(1, 0) && geo.distance(0, 1) > 0)
        let att = TSPLIBInstance(name: "a", edgeWeightType: .pseudoEuclidean, coordinates: [(0, 0), (30, 40)])
        #expect(att.distance(0, 1) == 16)  // √(2500/10) = 15.81 → nint 16
        let ceil = TSPLIBInstance(name: "c", edgeWeightType: .ceilingEuclidean, coordinates: [(0, 0), (1, 1)])
        #expect(ceil.distance(0, 1) == 2)
    }

    @Test("TSPLIB matrices hold the distance function's value for every pair, for every type")
    func matrixMatchesDistance() {
        var random = SplitMix64(seed: 31)
        let types: [TSPLIBInstance.EdgeWeightType] = [.geo, .euclidean, .ceilingEuclidean, .pseudoEuclidean]
        for (t, type) in types.enumerated() {
            for round in 0..<4 {
                let n = 3 + 7 * round + t
                // GEO: DDD.MM latitudes and longitudes; the others: plane coordinates with fractions.
                let coordinates = (0..<n).map { _ in
                    type == .geo
                        ? (random.uniform(-89.5...89.5), random.uniform(-179.5...179.5))
                        : (random.uniform(-5e4...5e4), random.uniform(0...1e3))
                }
                let instance = TSPLIBInstance(name: "r", edgeWeightType: type, coordinates: coordinates)
                let matrix = instance.matrix
                for i in 0..<n {
                    for j in 0..<n {
                        #expect(matrix[i, j] == instance.distance(i, j), "\(type) round \(round): (\(i), \(j))")
                    }
                }
            }
        }
    }

    @Test(
        "TSPLIB reader errors, with LF, CRLF or CR line ends",
        arguments: [
            (
                "NAME: x\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nNODE_COORD_SECTION\n1 0 0\n2 1 1\n",
                "x.tsp:3:1: error: EDGE_WEIGHT_TYPE EXPLICIT is not supported (GEO, EUC_2D, CEIL_2D, ATT)"
            ),
            (
                "NAME: x\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: GEO\nNODE_COORD_SECTION\n1 0 0\n2 1 1\nEOF\n",
                "x.tsp: error: DIMENSION is 3 but the file has 2 coordinates"
            ),
            (
                "NAME: x\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: GEO\nNODE_COORD_SECTION\n1 0 0\n 2 1\n",
                "x.tsp:6:2: error: expected 'id x y', got '2 1'"
            ),
            (
                "NAME: x\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: GEO\nNODE_COORD_SECTION\n1 0 0\n3 1 1\n",
                "x.tsp:6:1: error: node 3 where node 2 was expected (ids must be 1…n in order)"
            ),
            (
                "NAME: x\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n  2 nan 1\n",
                "x.tsp:6:3: error: node 2: coordinates must be finite decimal numbers, got 'nan 1'"
            ),
            (
                "NAME: x\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: ATT\nNODE_COORD_SECTION\n1 0 inf\n2 1 1\n",
                "x.tsp:5:1: error: node 1: coordinates must be finite decimal numbers, got '0 inf'"
            ),
            (
                "NAME: x\nDIMENSION: 15001\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n",
                "x.tsp:2:1: error: DIMENSION 15001 is more than 15000 nodes (the solver keeps two n × n distance matrices: 1800 MB at that size)"
            ),
            (
                "NAME: x\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0x10 0\n2 1 1\n",
                "x.tsp:5:1: error: node 1: coordinates must be finite decimal numbers, got '0x10 0'"
            ),
            (
                "NAME: x\nDIMENSION: 0x10\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 1 1\n",
                "x.tsp:2:1: error: no valid DIMENSION"
            ),
            (
                "NAME: x\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3e9 0\n",
                "x.tsp: error: the coordinates are too far apart: distances up to 3000000001.0 would not fit in 32 bits (at most 2147483646)"
            ),
        ])
    func tsplibErrors(text: String, message: String) {
        // The same place whatever the line ends.
        for ending in ["\n", "\r\n", "\r"] {
            let file = text.replacingOccurrences(of: "\n", with: ending)
            do { _ = try TSPLIBInstance.parse(file, source: "x.tsp"); Issue.record("no error") } catch {
                #expect(error.description == message)
            }
        }
    }

    /// The TSPLIB instances kept in `Fixtures/tsplib` (see its SOURCE.md).
    static let tsplib = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tsplib").path

    @Test(
        "published optimal tours have their published lengths under our distance",
        arguments: ["ulysses16", "ulysses22", "gr96", "gr202", "gr666"])
    func optimalTours(name: String) throws {
        let optimum = try #require(TSPLIBTour.bestKnownLengths(path: Self.tsplib + "/bestSolutions.txt")[name])
        let instance = try TSPLIBInstance.read(path: "\(Self.tsplib)/\(name).tsp")
        let tour = try TSPLIBTour.read(path: "\(Self.tsplib)/\(name).opt.tour")
        #expect(Set(tour) == Set(0..<instance.dimension))
        #expect(instance.matrix.length(of: tour, closed: true) == optimum)
    }

    @Test("a .tour file: ids to the -1 or EOF, any line ends and blanks; a bad id at its line and column")
    func tourFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("racekit-tour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("t.tour").path
        for ending in ["\n", "\r\n", "\r"] {
            let good = ["NAME : t", "TYPE : TOUR", "TOUR_SECTION", "3", " 1\t2 ", "", "4", "-1", "9", "EOF"]
            try Data(good.joined(separator: ending).utf8).write(to: URL(fileURLWithPath: path))
            #expect(try TSPLIBTour.read(path: path) == [2, 0, 1, 3])
            let ended = ["TOUR_SECTION", "2 1", "EOF", "x"]
            try Data(ended.joined(separator: ending).utf8).write(to: URL(fileURLWithPath: path))
            #expect(try TSPLIBTour.read(path: path) == [1, 0])
            let bad = ["NAME : t", "TOUR_SECTION", "1", "2  x3", "-1"]
            try Data(bad.joined(separator: ending).utf8).write(to: URL(fileURLWithPath: path))
            do {
                _ = try TSPLIBTour.read(path: path)
                Issue.record("no error")
            } catch {
                #expect(error.description == "\(path):4:4: error: 'x3' is not a node id")
            }
        }
    }

    @Test("small TSPLIB instances solved to their optimum", arguments: ["burma14", "ulysses16"])
    func smallOptima(name: String) throws {
        let optimum = try #require(TSPLIBTour.bestKnownLengths(path: Self.tsplib + "/bestSolutions.txt")[name])
        let instance = try TSPLIBInstance.read(path: "\(Self.tsplib)/\(name).tsp")
        let problem = try RouteProblem(matrix: instance.matrix)
        let solution = try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 300))
        #expect(solution.length == optimum)
    }
}
