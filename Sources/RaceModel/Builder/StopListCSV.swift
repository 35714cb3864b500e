import GeoCore
import GeoFormats
import RaceKitCore

/// Stops from a CSV table an organiser writes: header with `name,lat,lon` and optionally
/// `id`, `radius_m`, `points`, `question`, `options` (separated by `|`) and `answer`.
public enum StopListCSV {
    /// The columns every stop list must have.
    public static let required = ["name", "lat", "lon"]
    /// The columns a stop list may add.
    public static let optional = ["id", "radius_m", "points", "question", "options", "answer"]

    /// Adds each row's stop to `builder`, in file order.
    /// - Throws: `InputError` naming the file, line and column for a missing column, a bad
    ///   number, a coordinate out of range, or a question without options and answer.
    public static func addStops(from document: CSVDocument, to builder: RaceBuilder) throws(InputError) -> RaceBuilder {
        for name in required where document.column(name) == nil {
            throw InputError(
                SourceLocation(file: document.file, line: 1),
                "the header has no \"\(name)\" column; expected \((required + optional).joined(separator: ","))")
        }
        for (i, name) in document.header.enumerated() where !(required + optional).contains(name) {
            throw InputError(
                SourceLocation(file: document.file, line: 1, column: i + 1),
                "unknown column \"\(name)\"; expected \((required + optional).joined(separator: ","))")
        }
        var builder = builder
        for row in document.rows {
            func field(_ name: String) -> String? {
                guard let c = document.column(name), c < row.fields.count, !row.fields[c].isEmpty else { return nil }
                return row.fields[c]
            }
            func location(_ name: String) -> SourceLocation {
                SourceLocation(file: document.file, line: row.line, column: (document.column(name) ?? 0) + 1)
            }
            func number(_ name: String) throws(InputError) -> Double? {
                guard let text = field(name) else { return nil }
                guard let value = DecimalParser.parse(text) else {
                    throw InputError(location(name), "\(name) '\(text)' is not a number")
                }
                return value
            }
            guard row.fields.count == document.header.count else {
                throw InputError(
                    SourceLocation(file: document.file, line: row.line),
                    "expected \(document.header.count) fields, found \(row.fields.count)")
            }
            guard let name = field("name") else { throw InputError(location("name"), "the stop has no name") }
            guard let lat = try number("lat") else { throw InputError(location("lat"), "lat is empty") }
            guard let lon = try number("lon") else { throw InputError(location("lon"), "lon is empty") }
            let centre: Coordinate
            do throws(CoordinateError) {
                centre = try Coordinate(latitude: lat, longitude: lon)
            } catch {
                throw InputError(location(error.component == .latitude ? "lat" : "lon"), error.description)
            }
            var task: StopTask?
            if let question = field("question") {
                guard let options = field("options"), let answer = field("answer") else {
                    throw InputError(
                        location("question"), "a question needs \"options\" (separated by |) and an \"answer\"")
                }
                task = StopTask(
                    question: question, options: options.split(separator: "|").map(String.init), answer: answer)
            }
            var points: Int?
            if let value = try number("points") {
                if let problem = WholeNumber.problem(value, name: "points") {
                    throw InputError(location("points"), problem)
                }
                points = Int(value)
            }
            builder.addStop(
                name, at: centre, id: field("id"), radius: try number("radius_m"), points: points, task: task)
        }
        return builder
    }
}
