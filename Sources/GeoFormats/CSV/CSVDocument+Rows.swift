extension CSVDocument {
    /// A document from a header and rows already split into fields, such as a table another step
    /// rewrote (projected `x`,`y` columns converted to `lat`,`lon`) before its reader reads it.
    /// - Parameters:
    ///   - header: the column names, as ``header`` holds them (lower case).
    ///   - rows: the data rows, each with the line it starts on (1-based) and its fields.
    ///   - file: the file as named in messages.
    public init(header: [String], rows: [(line: Int, fields: [String])], file: String) {
        self.header = header
        self.rows = rows.map { Row(line: $0.line, fields: $0.fields) }
        self.file = file
    }
}
