import GeoCore
import RaceKitCore

/// Comma-separated text held in memory, read line by line and split into fields, with the
/// line and column of every field for error messages.
///
/// Handles a UTF-8 byte-order mark, `\n` and `\r\n` line ends, spaces around fields, and blank
/// lines (skipped: they are not rows). Allocates nothing per line once `fields` has grown, and
/// never more than ``maximumFields`` fields: a line of 50 MB of commas is an error, not 1.6 GiB.
struct DelimitedText {
    /// The most fields a line may have (the formats read this way have at most five columns).
    static let maximumFields = 64

    /// One field: its trimmed bytes and 1-based column.
    struct Field {
        let start: Int
        let end: Int
        let column: Int
    }

    let file: String
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next line starts (past the end once the input is read).
    private(set) var offset = 0
    /// 1-based number of the line last returned by ``nextLine(into:)``.
    private(set) var line = 0

    init(file: String, bytes: UnsafeBufferPointer<UInt8>) {
        self.file = file
        self.bytes = bytes
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { offset = 3 }
    }

    /// Splits the next non-blank line into `fields`; returns `false` at the end of the input.
    /// - Throws: `InputError` at the line when it has more than ``maximumFields`` fields.
    mutating func nextLine(into fields: inout [Field]) throws(InputError) -> Bool {
        while offset < bytes.count {
            line += 1
            let start = offset
            var end = start
            while end < bytes.count && bytes[end] != ASCII.lineFeed { end += 1 }
            offset = end + 1
            var stop = end
            while stop > start && Self.isSpace(bytes[stop - 1]) { stop -= 1 }
            if stop == start { continue }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = start
            while true {
                var comma = fieldStart
                while comma < stop && bytes[comma] != ASCII.comma { comma += 1 }
                var a = fieldStart, b = comma
                while a < b && Self.isSpace(bytes[a]) { a += 1 }
                while b > a && Self.isSpace(bytes[b - 1]) { b -= 1 }
                guard fields.count < Self.maximumFields else {
                    throw InputError(lineLocation, "the line has more than \(Self.maximumFields) fields")
                }
                fields.append(Field(start: a, end: b, column: a - start + 1))
                if comma >= stop { break }
                fieldStart = comma + 1
            }
            return true
        }
        return false
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == ASCII.space || byte == ASCII.tab || byte == ASCII.carriageReturn
    }

    /// The text of a field, for messages.
    func text(_ field: Field) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[field.start..<field.end]), as: UTF8.self)
    }

    /// Where a field is.
    func location(_ field: Field) -> SourceLocation {
        SourceLocation(file: file, line: line, column: field.column)
    }

    /// Where the current line is.
    var lineLocation: SourceLocation { SourceLocation(file: file, line: line) }

    /// The field as a number, or an error naming it and its column.
    func double(_ field: Field, name: String) throws(InputError) -> Double {
        guard let value = DecimalParser.parse(UnsafeBufferPointer(rebasing: bytes[field.start..<field.end])) else {
            let text = text(field)
            throw InputError(
                location(field), text.isEmpty ? "\(name) is empty" : "\(name) '\(text.prefix(40))' is not a number")
        }
        return value
    }

    /// The field as an integer, or an error naming it and its column.
    func integer(_ field: Field, name: String) throws(InputError) -> Int {
        guard let value = DecimalParser.parseInteger(UnsafeBufferPointer(rebasing: bytes[field.start..<field.end]))
        else {
            let text = text(field)
            throw InputError(
                location(field), text.isEmpty ? "\(name) is empty" : "\(name) '\(text.prefix(40))' is not an integer")
        }
        return value
    }

    /// Checks a latitude/longitude pair read from two fields, blaming the field that is wrong.
    func validateCoordinate(
        latitude: Double, longitude: Double,
        latitudeField: Field, longitudeField: Field
    ) throws(InputError) {
        do throws(CoordinateError) {
            try Coordinate.validate(latitude: latitude, longitude: longitude, source: "")
        } catch {
            throw InputError(location(error.component == .latitude ? latitudeField : longitudeField), error.description)
        }
    }

    /// Checks the header line against the expected column names (case-insensitive); `optional`
    /// names may follow. Returns how many optional columns are present.
    mutating func readHeader(required: [String], optional: [String] = []) throws(InputError) -> Int {
        var fields: [Field] = []
        let expected = (required + optional.map { "[\($0)]" }).joined(separator: ",")
        guard try nextLine(into: &fields) else {
            throw InputError(SourceLocation(file: file), "the file is empty; expected a header line '\(expected)'")
        }
        let names = fields.map { text($0).lowercased() }
        let extra = names.count - required.count
        guard names.count >= required.count, Array(names.prefix(required.count)) == required,
            extra <= optional.count, Array(names.dropFirst(required.count)) == Array(optional.prefix(extra))
        else {
            throw InputError(lineLocation, "header is '\(names.joined(separator: ","))'; expected '\(expected)'")
        }
        return extra
    }
}
