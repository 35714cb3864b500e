import Foundation
import RaceKitCore

extension MatrixFile {
    /// Parses JSON data (see the type's documentation).
    /// - Complexity: O(size of the data).
    public static func parseJSON(_ data: Data, source: String) throws(InputError) -> MatrixFile {
        try [UInt8](data).withUnsafeBufferPointer { bytes throws(InputError) in try parseJSON(bytes, source: source) }
    }

    /// Parses JSON as UTF-8 bytes (see the type's documentation) with RaceKit's strict JSON reader,
    /// so a syntax error names its line, column and reason, in two passes: the first checks the
    /// whole document and finds the matrix, its row count and the labels; the second puts each
    /// distance straight into the matrix. No tree of the document is built, so reading takes the
    /// matrix's 4 bytes a distance and little more.
    /// - Complexity: O(size of the data).
    public static func parseJSON(_ bytes: UnsafeBufferPointer<UInt8>, source: String) throws(InputError)
        -> MatrixFile
    {
        let outline: JSONMatrixOutline
        do throws(InputError) {
            outline = try JSONMatrixOutline(bytes, source: source)
        } catch {
            throw InputError(.malformedMatrix, error.message, at: error.location)
        }
        let labels = try outline.labelTexts()
        let n: Int
        switch outline.shape {
        case .rows(let count):
            n = count
        case .notAnArray(let typeName):
            throw InputError(
                .malformedMatrix, "expected an array of rows, found \(typeName)",
                at: SourceLocation(file: source, jsonPointer: outline.pointer))
        }
        if let labels, labels.count != n {
            throw InputError(
                .wrongSize, "\(labels.count) labels but \(n) rows",
                at: SourceLocation(file: source, jsonPointer: outline.pointer))
        }
        try checkSize(n, source: source)
        return MatrixFile(matrix: try outline.matrix(count: n), labels: labels)
    }
}

/// What the first pass over a JSON matrix file finds: where the matrix is, how many rows it has,
/// and the labels. Building it checks the whole document's syntax.
private struct JSONMatrixOutline {
    let bytes: UnsafeBufferPointer<UInt8>
    let source: String
    /// The JSON pointer of the matrix: `""` for a bare array of rows, `/matrix` in an object.
    let pointer: String
    /// The offset of the matrix's value, and its nesting depth (arrays and objects around it).
    let offset: Int
    let depth: Int
    /// What the matrix's value is.
    enum Shape {
        /// An array of `count` rows (each checked for syntax, not yet read).
        case rows(count: Int)
        /// Something else, named as in messages ("a string").
        case notAnArray(typeName: String)
    }
    /// What the matrix's value is.
    let shape: Shape
    /// The `labels` (or else `ids`) member and its name, when the document has one.
    let labels: (key: String, value: JSONValue)?

    /// Where a matrix's value is and what it is, as the first pass finds it.
    private typealias Found = (offset: Int, depth: Int, shape: Shape)

    /// Reads the document once: its syntax, its top-level members (each at most once), the matrix
    /// and its row count.
    /// - Throws: `InputError` (code `malformedMatrix`) for the first problem.
    init(_ bytes: UnsafeBufferPointer<UInt8>, source: String) throws(InputError) {
        self.bytes = bytes
        self.source = source
        var reader = JSONParser.Reader(bytes: bytes, file: source)
        reader.skipWhitespace()
        guard reader.offset < bytes.count else { throw reader.error("the document is empty") }
        guard bytes[reader.offset] == UInt8(ascii: "{") else {
            (offset, depth, shape) = try Self.readMatrix(&reader, depth: 0)
            try reader.expectEnd()
            pointer = ""
            labels = nil
            return
        }
        var seen = Set<String>()
        var duplicate: String?
        var matrix: Found?
        var labels: (key: String, value: JSONValue)?
        var ids: JSONValue?
        try reader.forEachMember(depth: 1) { (reader, key) throws(InputError) in
            let name = key.text
            if !seen.insert(name).inserted, duplicate == nil { duplicate = name }
            switch name {
            case "matrix" where matrix == nil: matrix = try Self.readMatrix(&reader, depth: 1)
            case "labels" where labels == nil: labels = (name, try reader.value(depth: 1))
            case "ids" where ids == nil: ids = try reader.value(depth: 1)
            default: try reader.skipValue(depth: 1)
            }
        }
        try reader.expectEnd()
        if let duplicate {
            throw InputError(
                .malformedMatrix, "\"\(duplicate)\" appears more than once",
                at: SourceLocation(file: source, jsonPointer: JSONPointer.appending("", duplicate)))
        }
        guard let matrix else {
            throw InputError(
                .malformedMatrix, "expected a \"matrix\" key (an array of rows)",
                at: SourceLocation(file: source, jsonPointer: ""))
        }
        (offset, depth, shape) = matrix
        pointer = "/matrix"
        self.labels = labels ?? ids.map { ("ids", $0) }
    }

    /// Notes where the matrix is and, for an array, counts its rows (each checked, not kept).
    private static func readMatrix(_ reader: inout JSONParser.Reader, depth: Int) throws(InputError) -> Found {
        let offset = reader.offset
        guard offset < reader.bytes.count, reader.bytes[offset] == UInt8(ascii: "[") else {
            return (offset, depth, .notAnArray(typeName: try reader.value(depth: depth).typeName))
        }
        var rows = 0
        try reader.forEachElement(depth: depth + 1) { (reader) throws(InputError) in
            try reader.skipValue(depth: depth + 1)
            rows += 1
        }
        return (offset, depth, .rows(count: rows))
    }

    /// The labels as text, numbers written as JSON would.
    /// - Throws: `malformedMatrix` for labels that are not an array, or a label neither a string
    ///   nor a number.
    func labelTexts() throws(InputError) -> [String]? {
        guard let (key, value) = labels else { return nil }
        guard case .array(let array) = value else {
            throw InputError(
                .malformedMatrix, "expected an array of labels",
                at: SourceLocation(file: source, jsonPointer: "/\(key)"))
        }
        return try array.enumerated().map { (k, v) throws(InputError) -> String in
            switch v {
            case .string(let s): return s
            case .number(let x): return JSONValue.numberText(x)
            default:
                throw InputError(
                    .malformedMatrix, "a label must be a string or a number, found \(v.typeName)",
                    at: SourceLocation(file: source, jsonPointer: "/\(key)/\(k)"))
            }
        }
    }

    /// The second pass: the matrix's `n` rows of `n` distances, read into the matrix as they come.
    /// - Throws: `InputError` at the JSON pointer of the first row or distance that is wrong.
    func matrix(count n: Int) throws(InputError) -> DistanceMatrix {
        var reader = JSONParser.Reader(bytes: bytes, file: source)
        reader.offset = offset
        var entries: [Int32] = []
        // Each distance takes two bytes of text at least (a digit and a comma), so a short file
        // claiming many rows reserves no more than its text could hold.
        entries.reserveCapacity(min(n * n, (bytes.count - offset) / 2 + 1))
        var i = 0
        try reader.forEachElement(depth: depth + 1) { (reader) throws(InputError) in
            let row = "\(pointer)/\(i)"
            guard bytes[reader.offset] == UInt8(ascii: "[") else {
                throw InputError(
                    .malformedMatrix,
                    "expected an array of distances, found \(try reader.value(depth: depth + 1).typeName)",
                    at: SourceLocation(file: source, jsonPointer: row))
            }
            var j = 0
            try reader.forEachElement(depth: depth + 2) { (reader) throws(InputError) in
                defer { j += 1 }
                guard j < n else { return try reader.skipValue(depth: depth + 2) }
                let distance = try Self.distance(&reader, depth: depth + 2, at: "\(row)/\(j)", source: source)
                entries.append(i == j ? 0 : distance)
            }
            guard j == n else {
                throw InputError(
                    .wrongSize, "this row has \(j) distances; the matrix needs \(n) (one per stop)",
                    at: SourceLocation(file: source, jsonPointer: row))
            }
            i += 1
        }
        return DistanceMatrix(count: n, entries: entries)
    }

    /// Reads one distance; `pointer` is built only for an error.
    private static func distance(
        _ reader: inout JSONParser.Reader, depth: Int, at pointer: @autoclosure () -> String, source: String
    ) throws(InputError) -> Int32 {
        let first = reader.bytes[reader.offset]
        guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            let found = try reader.value(depth: depth).typeName
            throw InputError(
                .notAnInteger, "expected a number, found \(found)",
                at: SourceLocation(file: source, jsonPointer: pointer()))
        }
        let number = try reader.number()
        return try MatrixFile.checked(
            number, text: JSONValue.numberText(number), at: SourceLocation(file: source, jsonPointer: pointer()))
    }
}
