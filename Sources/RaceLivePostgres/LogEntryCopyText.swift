import NIOCore
import RaceLive

/// Log entries as the rows of `COPY log_entries (…) FROM STDIN` in PostgreSQL's text format:
/// one line per entry, columns separated by tabs, `\N` for NULL, and backslash, tab, newline
/// and carriage return escaped in text (https://www.postgresql.org/docs/15/sql-copy.html).
enum LogEntryCopyText {
    /// The columns each line holds, in order.
    static let columns = [
        "race_id", "seq", "recorded_at", "kind", "participant", "time", "latitude", "longitude", "accuracy",
        "altitude", "speed", "bearing", "battery", "stop", "text", "round",
    ]

    /// Appends `entry`'s line to `buffer`. The line is put together as a `String` and written
    /// once: ByteBuffer's many small writes cost more than the rest of the encoding together.
    static func append(_ entry: LogEntry, to buffer: inout ByteBuffer) {
        let c = LogEntryColumns(entry.payload)
        var line = ""
        line.reserveCapacity(160)
        text(entry.raceID, &line)
        line += "\t" + String(entry.sequence) + "\t"
        number(entry.recordedAt, &line)
        line += "\t"
        text(c.kind, &line)
        line += "\t"
        text(c.participant, &line)
        line += "\t"
        number(c.time, &line)
        for value in [c.latitude, c.longitude, c.accuracy, c.altitude, c.speed, c.bearing, c.battery] {
            line += "\t"
            number(value, &line)
        }
        line += "\t"
        text(c.stop, &line)
        line += "\t"
        text(c.text, &line)
        line += "\t"
        line += c.round.map { String($0) } ?? "\\N"
        line += "\n"
        buffer.writeString(line)
    }

    /// A double in a form `float8in` reads back to the same bits: Swift's shortest round-trip
    /// digits (`1e-05`, `inf` and `nan` included, which PostgreSQL accepts); `\N` for `nil`.
    private static func number(_ value: Double?, _ line: inout String) {
        line += value?.description ?? "\\N"
    }

    /// Text with backslash, tab, newline and carriage return escaped; `\N` for `nil`.
    private static func text(_ value: String?, _ line: inout String) {
        guard let value else { return line += "\\N" }
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 9 || $0 == 10 || $0 == 13 }) else {
            return line += value
        }
        for character in value.unicodeScalars {
            switch character {
            case "\\": line += "\\\\"
            case "\t": line += "\\t"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            default: line.unicodeScalars.append(character)
            }
        }
    }
}
