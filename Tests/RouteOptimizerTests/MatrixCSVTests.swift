import GeoCore
import RaceKitCore
import Testing

@testable import RouteOptimizer

/// The CSV matrix reader against files written by a generator that knows where each cell went:
/// random sizes, header and row labels or none, blank lines, spaces and tabs around cells, a
/// byte order mark, LF, CRLF or CR line ends.
struct MatrixCSVTests {
    private struct WrittenFile {
        var text = ""
        var distances: [[Int]] = []
        var labels: [String]?
        /// Where each distance cell's text starts, row by row.
        var places: [[(line: Int, column: Int)]] = []
    }

    private func write(_ random: inout SplitMix64, corrupt: Bool) -> WrittenFile {
        var file = WrittenFile()
        let n = Int.random(in: 1...8, using: &random)
        file.distances = (0..<n).map { i in (0..<n).map { j in i == j ? 0 : Int.random(in: 0...99_999, using: &random) }
        }
        let labelled = Int.random(in: 0..<3, using: &random)  // none, header, header and row labels
        if labelled > 0 { file.labels = (0..<n).map { "s\($0)" } }
        let ending = ["\n", "\r\n", "\r"].randomElement(using: &random)!
        let pads = ["", " ", "\t", "  "]
        var line = 1
        if Bool.random(using: &random) { file.text += "\u{FEFF}" }
        func blankLines() {
            while Int.random(in: 0..<4, using: &random) == 0 {
                file.text += [" ", "", "\t"].randomElement(using: &random)! + ending
                line += 1
            }
        }
        let bad = corrupt ? (Int.random(in: 0..<n, using: &random), Int.random(in: 0..<n, using: &random)) : (-1, -1)
        if let labels = file.labels {
            file.text += (labelled == 2 ? "from," : "") + labels.joined(separator: ",")
            file.text += ending
            line += 1
        }
        for i in 0..<n {
            blankLines()
            var row: [(line: Int, column: Int)] = []
            var column = 1
            var cells: [String] = []
            if labelled == 2 {
                cells.append("s\(i)")
                column += cells[0].utf8.count
            }
            for j in 0..<n {
                let pad = pads.randomElement(using: &random)!
                var cell = String(file.distances[i][j])
                if (i, j) == bad { cell = ["x", "-1", "2.5", "1e10"].randomElement(using: &random)! }
                row.append((line, column + (cells.isEmpty ? 0 : 1) + pad.utf8.count))
                column += (cells.isEmpty ? 0 : 1) + pad.utf8.count + cell.utf8.count + pad.utf8.count
                cells.append(pad + cell + pad)
            }
            file.places.append(row)
            file.text += cells.joined(separator: ",") + (i == n - 1 && Bool.random(using: &random) ? "" : ending)
            line += 1
        }
        return file
    }

    @Test("300 generated CSV matrices read as written: distances, labels, the diagonal as 0")
    func generatedFiles() throws {
        var random = SplitMix64(seed: 41)
        for _ in 0..<300 {
            let file = write(&random, corrupt: false)
            let read = try MatrixFile.parseCSV(file.text, source: "m.csv")
            let n = file.distances.count
            #expect(read.matrix.count == n && read.labels == file.labels)
            for i in 0..<n { for j in 0..<n { #expect(read.matrix[i, j] == file.distances[i][j]) } }
        }
    }

    @Test("a wrong distance in 300 generated CSV matrices: the error names its line and column")
    func wrongCellPlaces() {
        var random = SplitMix64(seed: 43)
        for _ in 0..<300 {
            let file = write(&random, corrupt: true)
            do {
                _ = try MatrixFile.parseCSV(file.text, source: "m.csv")
                Issue.record("a corrupted matrix read without an error")
            } catch {
                let places = file.places.flatMap { $0 }
                #expect(
                    places.contains {
                        SourceLocation(file: "m.csv", line: $0.line, column: $0.column) == error.location
                    },
                    "\(error) is not at a distance cell")
            }
        }
    }

    @Test("row labels match the header's byte for byte, also where the bytes are not valid UTF-8")
    func rowLabelsAsBytes() throws {
        func read(_ bytes: [UInt8]) throws(InputError) -> MatrixFile {
            try bytes.withUnsafeBufferPointer { b throws(InputError) in try MatrixFile.parseCSV(b, source: "m.csv") }
        }
        let header = Array("x,a".utf8) + [0xFF] + Array(",b\n".utf8)
        let same = header + Array("a".utf8) + [0xFF] + Array(",0,1\nb,1,0\n".utf8)
        #expect(try read(same).labels == ["a\u{FFFD}", "b"])
        let other = header + Array("a".utf8) + [0xFE] + Array(",0,1\nb,1,0\n".utf8)
        do {
            _ = try read(other)
            Issue.record("a row label whose bytes differ from the header's was accepted")
        } catch {
            #expect(
                error.description
                    == "m.csv:2:1: error: row label 'a\u{FFFD}' should be 'a\u{FFFD}', the header's label 1")
        }
    }
}
