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
        return try FileBytes.withMapped(path) { bytes throws(InputError) in try parseJSON(bytes, source: path) }
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

    /// A distance as a non-negative 32-bit whole number; `text` and `location` are built only for
    /// an error, as the readers check every distance.
    /// - Throws: `negativeDistance`, or `notAnInteger` for a fraction or a value above 2³¹ − 1,
    ///   naming it as `text` at `location`.
    static func checked(
        _ value: Double, text: @autoclosure () -> String, at location: @autoclosure () -> SourceLocation
    ) throws(InputError) -> Int32 {
        guard value >= 0 else { throw InputError(.negativeDistance, "distance \(text()) is negative", at: location()) }
        guard value == value.rounded() else {
            throw InputError(
                .notAnInteger, "distance \(text()) is not a whole number (distances are integers: metres, seconds, …)",
                at: location())
        }
        guard value <= Double(Int32.max) else {
            throw InputError(.notAnInteger, "distance \(text()) exceeds \(Int32.max)", at: location())
        }
        return Int32(value)
    }
}
