import Foundation
import RaceKitCore

/// A distance matrix read from a user's file, with the stop labels the file gives (if any).
///
/// Two formats, chosen by the file name (`.json`, otherwise CSV):
///
/// - **CSV**: n lines of n whole numbers. An optional header line of labels (`a,b,c`) and, with
///   it, an optional label cell at the start of every row (header `,a,b,c` or `from,a,b,c`; the
///   row labels must repeat the header's). The first line is a header when one of its cells
///   does not start like a number (a digit, or a sign or point and a digit).
/// - **JSON**: an array of n arrays of n numbers, or `{"labels": [...], "matrix": [[...]]}`
///   (`"ids"` is accepted for `"labels"`).
///
/// Entries are non-negative whole numbers up to 2³¹ − 1 (`3.0` is accepted, `3.5` is not),
/// written in the decimal grammar of every RaceKit reader (`DecimalParser`: no `0x10`, no
/// `nan`, no NUL bytes); a matrix has at least one stop;
/// diagonal entries are read but ignored. Errors name `file:line:column` (CSV) or the JSON path
/// (`walk.json:/matrix/2/0`, 0-based like JSON Pointer).
public struct MatrixFile: Hashable, Sendable {
    /// The distances.
    public let matrix: DistanceMatrix
    /// The labels from the header (CSV) or `labels`/`ids` (JSON), one per stop.
    public let labels: [String]?

    /// Wraps a matrix and its optional labels (one per stop).
    public init(matrix: DistanceMatrix, labels: [String]?) {
        self.matrix = matrix
        self.labels = labels
    }

    /// Reads `path` as JSON when it ends in `.json`, otherwise as CSV.
    /// - Throws: `InputError` naming the place of the first problem.
    public static func read(path: String) throws(InputError) -> MatrixFile {
        guard path.lowercased().hasSuffix(".json") else {
            return try FileBytes.withMapped(path) { bytes throws(InputError) in try parseCSV(bytes, source: path) }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(.malformedMatrix, "cannot read the file", at: SourceLocation(file: path))
        }
        return try parseJSON(data, source: path)
    }
}

extension MatrixFile {
    /// Throws `wrongSize` for no stops at all or more than ``RouteSolver/maximumStops``.
    static func checkSize(_ n: Int, source: String) throws(InputError) {
        guard n > 0 else { throw InputError(.wrongSize, "the matrix has no stops", at: SourceLocation(file: source)) }
        guard n <= RouteSolver.maximumStops else {
            throw InputError(
                .wrongSize, "\(n) stops; the optimizer takes at most \(RouteSolver.maximumStops)",
                at: SourceLocation(file: source))
        }
    }
}

// MARK: - CSV

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
                let value = try integer(cell, at: cell.location(source))
                if i != j { entries[i * n + j] = value }
            }
        }
        return MatrixFile(matrix: DistanceMatrix(count: n, entries: entries), labels: labels)
    }

    /// A cell as a non-negative 32-bit whole number.
    private static func integer(_ cell: CSVCell, at location: SourceLocation) throws(InputError) -> Int32 {
        guard let value = DecimalParser.parse(cell.bytes) else {
            throw InputError(.notAnInteger, "'\(cell.text)' is not a number", at: location)
        }
        return try checked(value, text: cell.text, at: location)
    }

    private static func checked(_ value: Double, text: String, at location: SourceLocation) throws(InputError) -> Int32
    {
        guard value >= 0 else { throw InputError(.negativeDistance, "distance \(text) is negative", at: location) }
        guard value == value.rounded() else {
            throw InputError(
                .notAnInteger, "distance \(text) is not a whole number (distances are integers: metres, seconds, …)",
                at: location)
        }
        guard value <= Double(Int32.max) else {
            throw InputError(.notAnInteger, "distance \(text) exceeds \(Int32.max)", at: location)
        }
        return Int32(value)
    }
}

// MARK: - JSON

extension MatrixFile {
    /// Parses JSON data (see the type's documentation) with GeoFormats' strict JSON reader, so a
    /// syntax error names its line, column and reason.
    /// - Complexity: O(size of the data).
    public static func parseJSON(_ data: Data, source: String) throws(InputError) -> MatrixFile {
        let root: JSONValue
        do throws(InputError) {
            root = try JSONParser.parse([UInt8](data), file: source)
        } catch {
            throw InputError(.malformedMatrix, error.message, at: error.location)
        }
        var labels: [String]? = nil
        var rowsValue = root
        var prefix = ""
        if case .object(let members) = root {
            var seen = Set<String>()
            for member in members where !seen.insert(member.key).inserted {
                throw InputError(
                    .malformedMatrix, "\"\(member.key)\" appears more than once",
                    at: SourceLocation(file: source, jsonPointer: JSONPointer.appending("", member.key)))
            }
            guard let matrix = root["matrix"] else {
                throw InputError(
                    .malformedMatrix, "expected a \"matrix\" key (an array of rows)",
                    at: SourceLocation(file: source, jsonPointer: ""))
            }
            rowsValue = matrix
            prefix = "/matrix"
            let labelKey = root["labels"] != nil ? "labels" : "ids"
            if let rawLabels = root[labelKey] {
                guard case .array(let array) = rawLabels else {
                    throw InputError(
                        .malformedMatrix, "expected an array of labels",
                        at: SourceLocation(file: source, jsonPointer: "/\(labelKey)"))
                }
                labels = try array.enumerated().map { (k, v) throws(InputError) -> String in
                    switch v {
                    case .string(let s): return s
                    case .number(let x): return JSONValue.numberText(x)
                    default:
                        throw InputError(
                            .malformedMatrix, "a label must be a string or a number, found \(v.typeName)",
                            at: SourceLocation(file: source, jsonPointer: "/\(labelKey)/\(k)"))
                    }
                }
            }
        }
        guard case .array(let rows) = rowsValue else {
            throw InputError(
                .malformedMatrix, "expected an array of rows, found \(rowsValue.typeName)",
                at: SourceLocation(file: source, jsonPointer: prefix))
        }
        let n = rows.count
        if let labels, labels.count != n {
            throw InputError(
                .wrongSize, "\(labels.count) labels but \(n) rows",
                at: SourceLocation(file: source, jsonPointer: prefix))
        }
        try checkSize(n, source: source)
        var entries = [Int32](repeating: 0, count: n * n)
        for (i, rowValue) in rows.enumerated() {
            guard case .array(let row) = rowValue else {
                throw InputError(
                    .malformedMatrix, "expected an array of distances, found \(rowValue.typeName)",
                    at: SourceLocation(file: source, jsonPointer: "\(prefix)/\(i)"))
            }
            guard row.count == n else {
                throw InputError(
                    .wrongSize, "this row has \(row.count) distances; the matrix needs \(n) (one per stop)",
                    at: SourceLocation(file: source, jsonPointer: "\(prefix)/\(i)"))
            }
            for (j, cell) in row.enumerated() {
                let location = SourceLocation(file: source, jsonPointer: "\(prefix)/\(i)/\(j)")
                guard case .number(let number) = cell else {
                    throw InputError(.notAnInteger, "expected a number, found \(cell.typeName)", at: location)
                }
                let value = try checked(number, text: JSONValue.numberText(number), at: location)
                if i != j { entries[i * n + j] = value }
            }
        }
        return MatrixFile(matrix: DistanceMatrix(count: n, entries: entries), labels: labels)
    }
}
