import GeoCore
import RaceKitCore
import Testing

@testable import RouteOptimizer

/// The ATSP/SOP reader's weight section against files written by a generator that knows where
/// each number went: random sizes, line breaks (LF, CRLF, CR), blanks and wrapping; the matrix and
/// precedences it states, and the place of a number that is wrong.
struct TSPLIBWeightSectionTests {
    /// A file the generator wrote: its text, the weights as rows, and where each number of the
    /// section (a SOP's leading dimension first) starts.
    private struct WrittenFile {
        var text = ""
        var weights: [[Int]] = []
        var places: [(line: Int, column: Int)] = []
        var kind = TSPLIBMatrixInstance.Kind.asymmetric
    }

    /// What the generator does to a file's numbers after choosing them.
    private enum Change { case none, corruptOne, dropLast, addOne }

    private func write(_ random: inout SplitMix64, _ change: Change = .none) -> WrittenFile {
        var file = WrittenFile()
        file.kind = Bool.random(using: &random) ? .asymmetric : .sequentialOrdering
        let n = Int.random(in: 2...9, using: &random)
        file.weights = (0..<n).map { i in
            (0..<n).map { j in
                if i == j { return [0, 9999, -1][Int.random(in: 0..<3, using: &random)] }
                // Precedences only from lower to higher middle nodes: no cycle, ends kept.
                if file.kind == .sequentialOrdering, j > 0, i < n - 1, j < i, Int.random(in: 0..<4, using: &random) == 0
                {
                    return -1
                }
                return Int.random(in: 0...1_000, using: &random)
            }
        }
        let ending = ["\n", "\r\n", "\r"][Int.random(in: 0..<3, using: &random)]
        let blanks = [" ", "  ", "\t", " \t "]
        file.text =
            "NAME: g\(ending)TYPE: \(file.kind.rawValue)\(ending)DIMENSION: \(n)\(ending)"
            + "EDGE_WEIGHT_TYPE: EXPLICIT\(ending)EDGE_WEIGHT_FORMAT: FULL_MATRIX\(ending)EDGE_WEIGHT_SECTION\(ending)"
        var numbers = file.weights.flatMap { $0 }.map(String.init)
        if file.kind == .sequentialOrdering { numbers.insert(String(n), at: 0) }
        switch change {
        case .none: break
        case .corruptOne:
            let wrong = ["x1", "-2", "4294967296", "1.5"].randomElement(using: &random)!
            numbers[Int.random(in: 0..<numbers.count, using: &random)] = wrong
        case .dropLast: numbers.removeLast()
        case .addOne: numbers.append("5")
        }
        var line = 7
        var column = 1
        for number in numbers {
            if column > 1 && Int.random(in: 0..<5, using: &random) == 0 {
                let blank = Bool.random(using: &random) ? "" : " "
                file.text += blank + ending
                line += 1
                column = 1
            }
            let blank = column == 1 && Bool.random(using: &random) ? "" : blanks.randomElement(using: &random)!
            file.text += blank
            column += blank.utf8.count
            file.places.append((line, column))
            file.text += number
            column += number.utf8.count
        }
        file.text += ending + (Bool.random(using: &random) ? "EOF" + ending : "")
        return file
    }

    @Test("400 generated files read as written: weights, -1 entries as precedences, the diagonal as 0")
    func generatedFiles() throws {
        var random = SplitMix64(seed: 17)
        for _ in 0..<400 {
            let file = write(&random)
            let instance = try TSPLIBMatrixInstance.parse(file.text, source: "g")
            let n = file.weights.count
            #expect(instance.kind == file.kind && instance.matrix.count == n && instance.name == "g")
            var precedence: [Precedence] = []
            for i in 0..<n {
                for j in 0..<n {
                    let expected = i == j || file.weights[i][j] == -1 ? 0 : file.weights[i][j]
                    #expect(instance.matrix[i, j] == expected)
                    if i != j && file.weights[i][j] == -1 { precedence.append(Precedence(before: j, after: i)) }
                }
            }
            #expect(instance.precedence == precedence)
        }
    }

    @Test("a wrong number in 400 generated files: the error names its line and column")
    func wrongNumberPlaces() {
        var random = SplitMix64(seed: 29)
        for _ in 0..<400 {
            let file = write(&random, .corruptOne)
            do {
                _ = try TSPLIBMatrixInstance.parse(file.text, source: "g")
                Issue.record("a corrupted file read without an error")
            } catch {
                // The corrupted number is the only one that is not a whole number from -1 up.
                let numbers = file.text.components(separatedBy: "EDGE_WEIGHT_SECTION")[1]
                    .split(whereSeparator: { $0.isWhitespace }).filter { $0 != "EOF" }
                let bad = numbers.firstIndex { Int32($0).map { $0 < -1 } ?? true }!
                let place = file.places[bad]
                #expect(error.location == SourceLocation(file: "g", line: place.line, column: place.column))
            }
        }
    }

    @Test("one number too many or too few in 200 generated files: at the extra one, or the last one")
    func countPlaces() {
        var random = SplitMix64(seed: 31)
        for round in 0..<200 {
            let file = write(&random, round.isMultiple(of: 2) ? .addOne : .dropLast)
            let place = file.places.last!
            do {
                _ = try TSPLIBMatrixInstance.parse(file.text, source: "g")
                Issue.record("a file with a number \(round.isMultiple(of: 2) ? "too many" : "too few") read")
            } catch {
                #expect(error.message.hasPrefix("DIMENSION"))
                #expect(error.location == SourceLocation(file: "g", line: place.line, column: place.column))
            }
        }
    }

    @Test("a long precedence cycle: its first steps and their entries, and how long it is")
    func longCycle() {
        // Nodes 2…11 in a ring: row i + 1 (node i + 2) has −1 at the node before it in the ring.
        let n = 12
        var rows = [[String]](repeating: [String](repeating: "1", count: n), count: n)
        for i in 0..<n { rows[i][i] = "0" }
        for k in 1...10 { rows[k % 10 + 1][k] = "-1" }
        let text =
            "TYPE: SOP\nDIMENSION: \(n)\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\n"
            + "EDGE_WEIGHT_SECTION\n\(n)\n" + rows.map { $0.joined(separator: " ") }.joined(separator: "\n")
        #expect {
            try TSPLIBMatrixInstance.parse(text, source: "ring.sop")
        } throws: { error in
            let message = (error as! InputError).message
            return message.hasPrefix("precedence cycle: ") && message.contains(" → … (10 nodes) (the -1 entries at ")
                && message.components(separatedBy: " → ").count == TSPLIBMatrixInstance.cycleShown + 2
                && message.components(separatedBy: ", ").count == TSPLIBMatrixInstance.cycleShown + 1
        }
    }

    @Test("the matrix grows as numbers come: a short file saying DIMENSION 15000 reserves little")
    func reservesWhatTheTextCanHold() {
        let section = TSPLIBWeightSection(kind: .asymmetric, dimension: 15_000, source: "x", remainingBytes: 100)
        #expect(section.entries.capacity < 1_000)
        let whole = TSPLIBWeightSection(kind: .asymmetric, dimension: 30, source: "x", remainingBytes: 1 << 20)
        #expect(whole.entries.capacity >= 900 && whole.entries.capacity < 2_000)
    }
}
