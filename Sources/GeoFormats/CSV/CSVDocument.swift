import RaceKitCore

/// A CSV file as text fields (RFC 4180: quoted fields may hold commas, quotes and line
/// breaks), each row with its line number: for small, human-written tables such as a list of
/// stops. (Large numeric files use the faster readers beside this one.)
public struct CSVDocument: Sendable {
    /// One data row.
    public struct Row: Sendable {
        /// 1-based line where the row starts.
        public let line: Int
        /// The row's fields, unquoted.
        public let fields: [String]
    }

    /// The first row's fields, lowercased and trimmed.
    public let header: [String]
    /// The data rows, in file order.
    public let rows: [Row]
    /// The file as named in messages.
    public let file: String

    /// The most fields a row may have: more is an error at its line, before they are stored (a
    /// line of 50 MB of commas would otherwise take a gigabyte of empty fields).
    public static let maximumFields = 256

    /// Parses CSV text. Blank lines are skipped; a UTF-8 byte-order mark is ignored.
    /// - Throws: `InputError` for an empty file, an unterminated quote, text after a
    ///   closing quote, a row of more than ``maximumFields`` fields, or bytes that are not UTF-8.
    public init(bytes: [UInt8], file: String) throws(InputError) {
        self.file = file
        guard var text = String(validating: bytes, as: UTF8.self) else {
            throw InputError(SourceLocation(file: file), "the file is not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var rows: [Row] = []
        var fields: [String] = [], field = "", line = 1, rowLine = 1, inQuotes = false, quoted = false,
            afterQuote = false
        var column = 0
        func endField() {
            fields.append(quoted ? field : field.trimmingSpaces())
            field = ""; quoted = false; afterQuote = false
        }
        for scalar in text.unicodeScalars {
            column += 1
            if inQuotes {
                if scalar == "\"" { inQuotes = false; afterQuote = true } else { field.unicodeScalars.append(scalar) }
                if scalar == "\n" { line += 1; column = 0 }
                continue
            }
            switch scalar {
            case "\"":
                if afterQuote { field.append("\""); inQuotes = true; afterQuote = false; continue }
                guard field.trimmingSpaces().isEmpty else {
                    throw InputError(
                        SourceLocation(file: file, line: line, column: column),
                        "a quote in the middle of an unquoted field")
                }
                field = ""; inQuotes = true; quoted = true
            case ",":
                guard fields.count + 1 < Self.maximumFields else {
                    throw InputError(
                        SourceLocation(file: file, line: rowLine), "the row has more than \(Self.maximumFields) fields")
                }
                endField()
            case "\n":
                endField()
                if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
                fields = []; line += 1; rowLine = line; column = 0
            case "\r":
                continue
            default:
                if afterQuote && scalar != " " && scalar != "\t" {
                    throw InputError(
                        SourceLocation(file: file, line: line, column: column), "text after a closing quote")
                }
                if !afterQuote { field.unicodeScalars.append(scalar) }
            }
        }
        if inQuotes { throw InputError(SourceLocation(file: file, line: rowLine), "a quoted field is never closed") }
        endField()
        if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
        guard let first = rows.first else { throw InputError(SourceLocation(file: file), "the file is empty") }
        header = first.fields.map { $0.lowercased() }
        self.rows = Array(rows.dropFirst())
    }

    /// The position of a header column, if present.
    public func column(_ name: String) -> Int? { header.firstIndex(of: name) }
}

private extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
