import Foundation
import RaceKitCore
import Testing

@testable import RouteOptimizer

/// TSPLIB's asymmetric (ATSP) and sequential ordering (SOP) files: the reader, its errors, and the
/// small instances solved to their published lengths, each order checked against the file's own
/// numbers (not the reader's matrix): every node once, the fixed ends, every precedence.
struct TSPLIBMatrixInstanceTests {
    /// The instances kept in `Fixtures/tsplib-constrained` (see its SOURCE.md).
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tsplib-constrained").path

    /// The weight section of a file as the file writes it: n rows of n numbers (after a SOP's
    /// leading dimension).
    private func rawWeights(_ path: String) throws -> [[Int]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let section = try #require(text.range(of: "EDGE_WEIGHT_SECTION"))
        var numbers = text[section.upperBound...].split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        if path.hasSuffix(".sop") { numbers.removeFirst() }
        let n = Int(Double(numbers.count).squareRoot())
        return (0..<n).map { Array(numbers[$0 * n..<($0 + 1) * n]) }
    }

    @Test("a SOP: the dimension line, -1 entries as precedences, the diagonal and -1 as 0")
    func readsSOP() throws {
        let instance = try TSPLIBMatrixInstance.read(path: Self.folder + "/sop/ESC07.sop")
        let weights = try rawWeights(Self.folder + "/sop/ESC07.sop")
        #expect(instance.kind == .sequentialOrdering && instance.name == "ESC07.sop" && instance.matrix.count == 9)
        var expected: Set<Precedence> = []
        for i in 0..<9 {
            for j in 0..<9 where i != j {
                if weights[i][j] == -1 {
                    expected.insert(Precedence(before: j, after: i))
                    #expect(instance.matrix[i, j] == 0)
                } else {
                    #expect(instance.matrix[i, j] == weights[i][j])
                }
            }
        }
        #expect(Set(instance.precedence) == expected && expected.count > 8)
        let problem = try instance.problem(source: "ESC07.sop")
        #expect(problem.shape == .openPath(start: 0, finish: 8))
    }

    @Test("an ATSP: the full matrix as written, a closed tour")
    func readsATSP() throws {
        let path = Self.folder + "/atsp/br17.atsp"
        let instance = try TSPLIBMatrixInstance.read(path: path)
        let weights = try rawWeights(path)
        #expect(instance.kind == .asymmetric && instance.matrix.count == 17 && instance.precedence.isEmpty)
        for i in 0..<17 { for j in 0..<17 where i != j { #expect(instance.matrix[i, j] == weights[i][j]) } }
        #expect(try instance.problem(source: path).shape == .closedTour())
    }

    @Test(
        "bad files: an error at the place, naming the problem",
        arguments: [
            (
                "NAME: x\nTYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1\n2 x3\n",
                "x.atsp:8:3: error: weight 'x3' is not a whole number from -1 to 2147483647"
            ),
            (
                "TYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1 2\n",
                "x.atsp:6:5: error: DIMENSION 2 needs 4 weights; the section has 3"
            ),
            (
                "TYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 -1\n2 0\n",
                "x.atsp:6:3: error: weight -1 (row 1, column 2): only a SOP marks precedences"
            ),
            (
                "TYPE: SOP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1\n2 0\n",
                "x.atsp:6:1: error: a SOP's weight section starts with the dimension, 2"
            ),
            (
                "TYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: LOWER_DIAG_ROW\nEDGE_WEIGHT_SECTION\n0\n",
                "x.atsp:4:1: error: EDGE_WEIGHT_FORMAT LOWER_DIAG_ROW is not supported (only FULL_MATRIX)"
            ),
            (
                "TYPE: SOP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n3\n0 -1 0\n-1 0 0\n-1 -1 0\n",
                "x.atsp:7:3: error: -1 at row 1, column 2 puts node 2 before node 1, where a SOP's path starts"
            ),
            (
                "TYPE: SOP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n3\n0 1 1\n1 0 -1\n1 1 0\n",
                "x.atsp:8:5: error: -1 at row 2, column 3 puts node 3, where a SOP's path ends, before node 2"
            ),
            (
                // 2 before 4 (row 4, column 2), 4 before 3, 3 before 2; 5 after them all.
                "TYPE: SOP\nDIMENSION: 5\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n5\n0 1 1 1 1\n1 0 -1 1 1\n1 1 0 -1 1\n1 -1 1 0 1\n-1 -1 -1 -1 0\n",
                "x.atsp:10:3: error: precedence cycle: 2 → 4 → 3 → 2 (the -1 entries at 10:3, 9:7, 8:5)"
            ),
        ])
    func badFiles(text: String, message: String) {
        do {
            _ = try TSPLIBMatrixInstance.parse(text, source: "x.atsp")
            Issue.record("read without an error; expected \(message)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("a problem from an instance built in code names the source given for its errors")
    func problemErrorsNameTheSource() {
        let instance = TSPLIBMatrixInstance(
            name: "x", kind: .sequentialOrdering,
            matrix: DistanceMatrix(count: 3, entries: Array(repeating: 1, count: 9)),
            precedence: [Precedence(before: 1, after: 0)])
        #expect {
            try instance.problem(source: "x.sop")
        } throws: { error in
            (error as? InputError)?.location == SourceLocation(file: "x.sop")
        }
    }

    @Test(
        "small instances reach their published lengths with a fixed budget, in orders the file allows",
        arguments: [
            "atsp/br17.atsp", "atsp/ftv33.atsp", "atsp/ftv38.atsp", "atsp/p43.atsp", "sop/ESC07.sop", "sop/ESC12.sop",
            "sop/ESC25.sop", "sop/br17.10.sop", "sop/br17.12.sop", "sop/rbg048a.sop",
        ])
    func solvesSmallInstances(file: String) throws {
        let path = Self.folder + "/" + file
        let instance = try TSPLIBMatrixInstance.read(path: path)
        let folder = String(path[..<path.lastIndex(of: "/")!])
        let stem = String(file.split(separator: "/")[1].split(separator: ".").dropLast().joined(separator: "."))
        let known = TSPLIBTour.bestKnownLengths(path: folder + "/bestSolutions.txt")
        let best = try #require(known[stem] ?? known[stem.replacingOccurrences(of: ".", with: "")])
        let solution = try RouteSolver.solve(
            try instance.problem(source: path), options: .init(timeLimit: nil, iterations: 5_000, seed: 1))
        #expect(solution.length == best)

        // The order against the file's own numbers.
        let weights = try rawWeights(path)
        let order = solution.order, n = weights.count
        #expect(order.sorted() == Array(0..<n))
        var length = 0
        if instance.kind == .sequentialOrdering {
            #expect(order.first == 0 && order.last == n - 1)
            let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
            for i in 0..<n {
                for j in 0..<n where i != j && weights[i][j] == -1 { #expect(position[j]! < position[i]!) }
            }
            for k in 0..<(n - 1) { length += weights[order[k]][order[k + 1]] }
        } else {
            for k in 0..<n { length += weights[order[k]][order[(k + 1) % n]] }
        }
        #expect(length == solution.length)
    }

    @Test("p43.4: proven optimal at 83 005, above the upper bound TSPLIB lists for it (82 960)")
    func p43Proven() throws {
        let path = Self.folder + "/sop/p43.4.sop"
        let problem = try TSPLIBMatrixInstance.read(path: path).problem(source: path)
        let solution = try RouteSolver.solve(problem, options: .init(timeLimit: nil, iterations: 10, seed: 1))
        #expect(solution.method == .precedenceLattice && solution.isProvenOptimal)
        #expect(solution.length == 83_005)
        // The length against the file's own numbers, and the bound the list gives.
        let weights = try rawWeights(path)
        #expect((1..<weights.count).reduce(0) { $0 + weights[solution.order[$1 - 1]][solution.order[$1]] } == 83_005)
        let known = TSPLIBTour.bestKnownLengths(path: Self.folder + "/sop/bestSolutions.txt")
        #expect(known["p43.4"] == 82_960)
    }

    @Test("bounds in bestSolutions.txt: the upper one is the best known length")
    func boundsInBestSolutions() {
        let known = TSPLIBTour.bestKnownLengths(path: Self.folder + "/sop/bestSolutions.txt")
        #expect(known["ft53.1"] == 7531 && known["prob100"] == 1385 && known["ESC07"] == 2125)
    }
}
