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

    /// Appends `entry`'s line to `buffer`.
    static func append(_ entry: LogEntry, to buffer: inout ByteBuffer) {
        let c = LogEntryColumns(entry.payload)
        text(entry.raceID, &buffer)
        separator(&buffer)
        buffer.writeString(String(entry.sequence))
        separator(&buffer)
        number(entry.recordedAt, &buffer)
        separator(&buffer)
        text(c.kind, &buffer)
        separator(&buffer)
        text(c.participant, &buffer)
        separator(&buffer)
        number(c.time, &buffer)
        for value in [c.latitude, c.longitude, c.accuracy, c.altitude, c.speed, c.bearing, c.battery] {
            separator(&buffer)
            number(value, &buffer)
        }
        separator(&buffer)
        text(c.stop, &buffer)
        separator(&buffer)
        text(c.text, &buffer)
        separator(&buffer)
        if let round = c.round { buffer.writeString(String(round)) } else { null(&buffer) }
        buffer.writeInteger(UInt8(ascii: "\n"))
    }

    private static func separator(_ buffer: inout ByteBuffer) { buffer.writeInteger(UInt8(ascii: "\t")) }
    private static func null(_ buffer: inout ByteBuffer) { buffer.writeStaticString("\\N") }

    /// A double in a form `float8in` reads back to the same bits: Swift's shortest round-trip
    /// digits (`1e-05`, `inf` and `nan` included, which PostgreSQL accepts).
    private static func number(_ value: Double?, _ buffer: inout ByteBuffer) {
        guard let value else { return null(&buffer) }
        buffer.writeString(value.description)
    }

    private static func text(_ value: String?, _ buffer: inout ByteBuffer) {
        guard let value else { return null(&buffer) }
        var plain = true
        for byte in value.utf8 where byte == UInt8(ascii: "\\") || byte == 9 || byte == 10 || byte == 13 {
            plain = false
            break
        }
        if plain {
            buffer.writeString(value)
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
            case 9: buffer.writeStaticString("\\t")
            case 10: buffer.writeStaticString("\\n")
            case 13: buffer.writeStaticString("\\r")
            default: buffer.writeInteger(byte)
            }
        }
    }
}
