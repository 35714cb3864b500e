import Foundation
import GeoCore
import RaceKitCore
import Testing

@testable import RouteOptimizer

/// The JSON matrix reader against documents written by a generator that knows what it wrote:
/// a bare array of rows or an object with `matrix`, `labels` or `ids` and other members in any
/// order, numbers in several notations, random white space, a byte order mark.
struct MatrixJSONTests {
    private struct WrittenFile {
        var text = ""
        /// The numbers written, the diagonal's too (which the reader ignores).
        var distances: [[Int]] = []
        var labels: [String]?
        /// The JSON pointer of the matrix (`""` or `/matrix`).
        var pointer = ""
    }

    /// A fault the generator can write into one row.
    private enum Fault {
        case none
        /// The cell at (row, column) is not a distance: its text, and the error code it must give.
        case cell(row: Int, column: Int, text: String, code: InputError.Code)
        /// The row has one distance too many or too few.
        case rowLength(row: Int, extra: Bool)
    }

    private func write(_ random: inout SplitMix64, fault: (Int, inout SplitMix64) -> Fault) -> (
        WrittenFile, Fault
    ) {
        var file = WrittenFile()
        let n = Int.random(in: 1...8, using: &random)
        let fault = fault(n, &random)
        file.distances = (0..<n).map { i in (0..<n).map { _ in Int.random(in: 0...99_999, using: &random) }
        }
        func space() -> String { ["", " ", "\n", "\r\n  ", "\t"].randomElement(using: &random)! }
        func number(_ value: Int) -> String {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return "\(value).0"
            case 1: return value == 0 ? "0e0" : "\(value)0e-1"
            case 2: return "\(Double(value) / 10)E1"
            default: return "\(value)"
            }
        }
        var rows: [String] = []
        for i in 0..<n {
            var cells = (0..<n).map { j in space() + number(file.distances[i][j]) + space() }
            switch fault {
            case .cell(let row, let column, let text, _) where row == i: cells[column] = space() + text
            case .rowLength(let row, let extra) where row == i:
                if extra { cells.append("7") } else { cells.removeLast() }
            default: break
            }
            rows.append(space() + "[" + cells.joined(separator: ",") + "]" + space())
        }
        let matrix = "[" + rows.joined(separator: ",") + "]"
        if Bool.random(using: &random) { file.text += "\u{FEFF}" }
        if Int.random(in: 0..<4, using: &random) == 0 {
            file.text += space() + matrix + space()
            return (file, fault)
        }
        file.pointer = "/matrix"
        var members = ["\"matrix\":" + space() + matrix]
        let labelKey = ["labels", "ids", nil].randomElement(using: &random)!
        if let labelKey {
            let labels = (0..<n).map { Bool.random(using: &random) ? "s\($0)" : "\($0 + 1)" }
            file.labels = labels
            let written = labels.map { Int($0) != nil ? $0 : "\"\($0)\"" }
            members.append("\"\(labelKey)\":[" + written.joined(separator: ",") + "]")
        }
        if Bool.random(using: &random) { members.append("\"name\": {\"a\": [1, \"b\\n\", null, true], \"c\": {}}") }
        if Bool.random(using: &random) { members.append("\"unit\": \"m\"") }
        members.shuffle(using: &random)
        file.text += space() + "{" + members.map { space() + $0 + space() }.joined(separator: ",") + "}" + space()
        return (file, fault)
    }

    @Test("300 generated JSON matrices read as written: distances, labels, the diagonal as 0")
    func generatedFiles() throws {
        var random = SplitMix64(seed: 47)
        for _ in 0..<300 {
            let (file, _) = write(&random) { _, _ in .none }
            let read = try MatrixFile.parseJSON(Data(file.text.utf8), source: "m.json")
            let n = file.distances.count
            #expect(read.matrix.count == n && read.labels == file.labels)
            for i in 0..<n { for j in 0..<n { #expect(read.matrix[i, j] == (i == j ? 0 : file.distances[i][j])) } }
        }
    }

    @Test("a wrong distance or row length in 300 generated JSON matrices: the error names its JSON pointer")
    func wrongCellsAndRows() {
        var random = SplitMix64(seed: 53)
        let wrong: [(String, InputError.Code)] = [
            ("-1", .negativeDistance), ("2.5", .notAnInteger), ("1e10", .notAnInteger), ("\"7\"", .notAnInteger),
            ("null", .notAnInteger), ("true", .notAnInteger), ("[1]", .notAnInteger), ("{}", .notAnInteger),
        ]
        for round in 0..<300 {
            let (file, fault) = write(&random) { n, random in
                let row = Int.random(in: 0..<n, using: &random)
                guard round % 3 != 0 else { return .rowLength(row: row, extra: n == 1 || Bool.random(using: &random)) }
                let (text, code) = wrong.randomElement(using: &random)!
                return .cell(row: row, column: Int.random(in: 0..<n, using: &random), text: text, code: code)
            }
            do {
                _ = try MatrixFile.parseJSON(Data(file.text.utf8), source: "m.json")
                Issue.record("a faulty matrix read without an error: \(file.text)")
            } catch {
                switch fault {
                case .cell(let row, let column, _, let code):
                    #expect(
                        error.location
                            == SourceLocation(file: "m.json", jsonPointer: "\(file.pointer)/\(row)/\(column)"))
                    #expect(error.code == code, "\(error)")
                case .rowLength(let row, _):
                    #expect(error.location == SourceLocation(file: "m.json", jsonPointer: "\(file.pointer)/\(row)"))
                    #expect(error.code == .wrongSize, "\(error)")
                case .none: Issue.record("no fault was written")
                }
            }
        }
    }

    @Test("300 generated JSON matrices cut short: the syntax error is the strict JSON reader's, line and column")
    func truncatedFiles() {
        var random = SplitMix64(seed: 59)
        for _ in 0..<300 {
            let (file, _) = write(&random) { _, _ in .none }
            let bytes = Array(file.text.utf8)
            var end = bytes.count - 1
            while end > 0, bytes[end] != UInt8(ascii: "]") && bytes[end] != UInt8(ascii: "}") { end -= 1 }
            let cut = Array(bytes[..<Int.random(in: 0..<end, using: &random)])
            var expected: InputError?
            do { _ = try JSONParser.parse(cut, file: "m.json") } catch { expected = error }
            do {
                _ = try MatrixFile.parseJSON(Data(cut), source: "m.json")
                Issue.record("a cut document read without an error")
            } catch {
                #expect(expected != nil)
                #expect(error.code == .malformedMatrix)
                #expect(error.location == expected?.location && error.message == expected?.message)
            }
        }
    }

    @Test("a short document of many one-distance rows is refused at its first row")
    func manyShortRows() {
        // 15 000 rows of one cell: a 60 KB text for a 225-million-distance matrix.
        let n = RouteSolver.maximumStops
        let json = "[" + String(repeating: "[0],", count: n - 1) + "[0]]"
        do {
            _ = try MatrixFile.parseJSON(Data(json.utf8), source: "m.json")
            Issue.record("no error")
        } catch {
            #expect(
                error.description == "m.json:/0: error: this row has 1 distances; the matrix needs \(n) (one per stop)")
        }
    }
}
