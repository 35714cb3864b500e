import SQLiteNIO

/// A log entry as an SQLite row of `log_entries` (the columns themselves: ``LogEntryColumns``).
enum LogEntryRow {
    /// The number of ``insertColumns``.
    static let columnCount = 16

    /// The INSERT's 16 columns, in the order of ``binds(_:)``.
    static let insertColumns = """
        race_id, seq, recorded_at, kind, participant, time, latitude, longitude, accuracy, altitude, speed, bearing, \
        battery, stop, text, round
        """

    /// The 16 values of an entry, in the order of ``insertColumns``.
    static func binds(_ entry: LogEntry) -> [SQLiteData] {
        func real(_ x: Double?) -> SQLiteData { x.map { .float($0) } ?? .null }
        func text(_ s: String?) -> SQLiteData { s.map { .text($0) } ?? .null }
        let c = LogEntryColumns(entry.payload)
        return [
            .text(entry.raceID), .integer(Int(entry.sequence)), .float(entry.recordedAt), .text(c.kind),
            text(c.participant), .float(c.time),
            real(c.latitude), real(c.longitude), real(c.accuracy), real(c.altitude),
            real(c.speed), real(c.bearing), real(c.battery),
            text(c.stop), text(c.text), c.round.map { .integer($0) } ?? .null,
        ]
    }

    /// The entry a row holds.
    /// - Throws: ``LiveStoreError/corrupt(_:)`` for an unknown kind or a missing column.
    static func entry(_ row: SQLiteRow) throws -> LogEntry {
        func column(_ name: String) -> SQLiteData? {
            guard let value = row.column(name), !value.isNull else { return nil }
            return value
        }
        guard let raceID = column("race_id")?.string, let sequence = column("seq")?.integer,
            let kind = column("kind")?.string,
            let time = column("time")?.double
        else {
            throw LiveStoreError.corrupt("log row \(row)")
        }
        let columns = LogEntryColumns(
            kind: kind, participant: column("participant")?.string, time: time,
            latitude: column("latitude")?.double, longitude: column("longitude")?.double,
            accuracy: column("accuracy")?.double, altitude: column("altitude")?.double, speed: column("speed")?.double,
            bearing: column("bearing")?.double, battery: column("battery")?.double, stop: column("stop")?.string,
            text: column("text")?.string, round: column("round")?.integer)
        return LogEntry(
            raceID: raceID, sequence: Int64(sequence), recordedAt: column("recorded_at")?.double ?? 0,
            payload: try columns.payload(raceID: raceID, sequence: Int64(sequence)))
    }
}
