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
            if rowCount == 0 { firstRow = CSVCell.split(bytes, range, line: number) }
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
        while let (number, range) = lines.next() {
            var cells = CSVCell.split(bytes, range, line: number)[...]
            if cells.isEmpty { continue }
            defer { i += 1 }
            if i < 0 { continue }
            if rowsHaveLabels, let first = cells.first {
                guard first.text == labels![i] else {
                    throw InputError(
                        .malformedMatrix,
                        "row label '\(first.text)' should be '\(labels![i])', the header's label \(i + 1)",
                        at: first.location(source))
                }
                cells = cells.dropFirst()
            }
            guard cells.count == n else {
                throw InputError(
                    .wrongSize, "this row has \(cells.count) distances; the matrix needs \(n) (one per stop)",
                    at: SourceLocation(file: source, line: number))
            }
            for (j, cell) in cells.enumerated() {
                let value = try integer(cell, source: source)
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
