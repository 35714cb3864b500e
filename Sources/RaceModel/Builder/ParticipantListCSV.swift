import GeoFormats
import RaceKitCore

/// Participants from a CSV table an organiser writes (`racekit build --participants`): a
/// header with `name` and optionally `id` (default: a slug of the name), `team` (a team's
/// name; each distinct one becomes a team, in order of first appearance) and `course` (a
/// course id).
public enum ParticipantListCSV {
    /// The columns every participants file has.
    public static let required = ["name"]
    /// The columns it may have, in any order after the required ones.
    public static let optional = ["id", "team", "course"]

    /// Adds each row's participant to `builder`, in file order.
    /// - Throws: `InputError` naming the file, line and column for a missing or unknown
    ///   column, a row with the wrong number of fields, or a row without a name.
    public static func addParticipants(from document: CSVDocument, to builder: RaceBuilder) throws(InputError)
        -> RaceBuilder
    {
        let expected = (required + optional).joined(separator: ",")
        for name in required where document.column(name) == nil {
            throw InputError(
                SourceLocation(file: document.file, line: 1),
                "the header has no \"\(name)\" column; expected \(expected)")
        }
        for (i, name) in document.header.enumerated() where !(required + optional).contains(name) {
            throw InputError(
                SourceLocation(file: document.file, line: 1, column: i + 1),
                "unknown column \"\(name)\"; expected \(expected)")
        }
        var entries: [(name: String, id: String?, team: String?, course: String?)] = []
        for row in document.rows {
            guard row.fields.count == document.header.count else {
                throw InputError(
                    SourceLocation(file: document.file, line: row.line),
                    "expected \(document.header.count) fields, found \(row.fields.count)")
            }
            func field(_ name: String) -> String? {
                guard let c = document.column(name), !row.fields[c].isEmpty else { return nil }
                return row.fields[c]
            }
            guard let name = field("name") else {
                throw InputError(
                    SourceLocation(file: document.file, line: row.line, column: document.column("name")! + 1),
                    "the participant has no name")
            }
            entries.append((name, field("id"), field("team"), field("course")))
        }
        return builder.participants(entries)
    }
}
