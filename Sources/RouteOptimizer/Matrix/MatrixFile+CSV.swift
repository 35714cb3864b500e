import RaceKitCore

extension MatrixFile {
    /// Parses CSV text (see the type's documentation).
    /// - Complexity: O(size of the text).
    public static func parseCSV(_ text: String, source: String) throws(InputError) -> MatrixFile {
        try text.withUTF8Bytes { bytes throws(InputError) in try parseCSV(bytes, source: source) }
    }

    /// Parses CSV as UTF-8 bytes (see the type's documentation) in two passes over the lines: the
    /// first counts the rows and reads the first one, the second puts each distance straight into
    /// the matrix, so reading takes the matrix's 4 bytes a distance and no list of cells.
    /// - Complexity: O(size of the text).
    public static func parseCSV(_ bytes: UnsafeBufferPointer<UInt8>, source: String) throws(InputError)
        -> MatrixFile
    {
        var lines = ByteLines(bytes)
        var rowCount = 0
        var firstRow: [CSVCell] = []
        while let (number, range) = lines.next() {
            guard CSVCell.hasCells(bytes, range, line: number) else { continue }
            if rowCount == 0 { CSVCell.split(bytes, range, line: number, into: &firstRow) }
            rowCount += 1
        }
        guard rowCount > 0 else {
            throw InputError(.malformedMatrix, "the file has no rows", at: SourceLocation(file: source))
        }
        var labels: [String]? = nil
        var rowsHaveLabels = false
        var bodyCount = rowCount
        if firstRow.contains(where: { !$0.looksNumeric }) {
            let header = firstRow.map(\.text)
            bodyCount -= 1
            if header.count == bodyCount + 1 {
                rowsHaveLabels = true
                labels = Array(header.dropFirst())
            } else {
                labels = header
            }
        }
        let n = labels?.count ?? firstRow.count
        guard bodyCount == n else {
            throw InputError(
                .wrongSize, "\(bodyCount) rows of distances but \(n) columns; the matrix must be square",
                at: SourceLocation(file: source))
        }
        try checkSize(n, source: source)
        var entries = [Int32](repeating: 0, count: n * n)
        var i = labels == nil ? 0 : -1  // the header is row −1
        lines = ByteLines(bytes)
        var cells: [CSVCell] = []
        cells.reserveCapacity(n + 1)
        while let (number, range) = lines.next() {
            CSVCell.split(bytes, range, line: number, into: &cells)
            if cells.isEmpty { continue }
            defer { i += 1 }
            if i < 0 { continue }
            var firstDistance = 0
            if rowsHaveLabels {
                let label = cells[0]
                // The header's cell (it follows the corner cell), byte for byte.
                guard firstRow[i + 1].bytes.elementsEqual(label.bytes) else {
                    throw InputError(
                        .malformedMatrix,
                        "row label '\(label.text)' should be '\(labels![i])', the header's label \(i + 1)",
                        at: label.location(source))
                }
                firstDistance = 1
            }
            guard cells.count - firstDistance == n else {
                throw InputError(
                    .wrongSize,
                    "this row has \(cells.count - firstDistance) distances; the matrix needs \(n) (one per stop)",
                    at: SourceLocation(file: source, line: number))
            }
            for j in 0..<n {
                let value = try integer(cells[firstDistance + j], source: source)
                if i != j { entries[i * n + j] = value }
            }
        }
        return MatrixFile(matrix: DistanceMatrix(count: n, entries: entries), labels: labels)
    }

    /// A cell as a non-negative 32-bit whole number; its place in `source` is built only for an error.
    private static func integer(_ cell: CSVCell, source: String) throws(InputError) -> Int32 {
        guard let value = DecimalParser.parse(cell.bytes) else {
            throw InputError(.notAnInteger, "'\(cell.text)' is not a number", at: cell.location(source))
        }
        return try checked(value, text: cell.text, at: cell.location(source))
    }
}
