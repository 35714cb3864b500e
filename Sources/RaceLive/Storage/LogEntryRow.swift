import SQLiteNIO

/// A log entry as a row of `log_entries`: one column set for every kind, unused ones NULL.
enum LogEntryRow {
    /// The 16 values of an entry, in the INSERT's column order.
    static func binds(_ entry: LogEntry) -> [SQLiteData] {
        func real(_ x: Double?) -> SQLiteData { x.map { .float($0) } ?? .null }
        func text(_ s: String?) -> SQLiteData { s.map { .text($0) } ?? .null }
        var kind = "", participant: String?, time = 0.0
        var fix: LiveFix?
        var stop: String?, body: String?, round: Int?
        switch entry.payload {
        case .fix(let f):
            kind = "fix"; participant = f.participant; time = f.time; fix = f
        case .game(let input):
            participant = input.participant; time = input.time
            switch input.kind {
            case .answer(let s, let choice): kind = "answer"; stop = s; body = choice
            case .submission(let r, let t): kind = "submission"; round = r; body = t
            case .leave: kind = "leave"
            }
        case .organiser(let action):
            time = action.time
            switch action {
            case .start: kind = "start"
            case .end: kind = "end"
            }
        }
        return [
            .text(entry.raceID), .integer(Int(entry.sequence)), .float(entry.recordedAt), .text(kind),
            text(participant), .float(time),
            real(fix?.latitude), real(fix?.longitude), real(fix?.accuracyMeters), real(fix?.altitudeMeters),
            real(fix?.speedMetersPerSecond), real(fix?.bearingDegrees), real(fix?.batteryPercent),
            text(stop), text(body), round.map { .integer($0) } ?? .null,
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
        func required<T>(_ value: T?, _ name: String) throws -> T {
            guard let value else {
                throw LiveStoreError.corrupt("log entry \(sequence) of race \"\(raceID)\" has no \(name)")
            }
            return value
        }
        let participant = column("participant")?.string
        let payload: LogPayload
        switch kind {
        case "fix":
            payload = .fix(
                LiveFix(
                    participant: try required(participant, "participant"), time: time,
                    latitude: try required(column("latitude")?.double, "latitude"),
                    longitude: try required(column("longitude")?.double, "longitude"),
                    accuracyMeters: column("accuracy")?.double, altitudeMeters: column("altitude")?.double,
                    speedMetersPerSecond: column("speed")?.double, bearingDegrees: column("bearing")?.double,
                    batteryPercent: column("battery")?.double))
        case "answer":
            payload = .game(
                LiveGameInput(
                    participant: try required(participant, "participant"), time: time,
                    kind: .answer(
                        stop: try required(column("stop")?.string, "stop"),
                        choice: try required(column("text")?.string, "choice"))))
        case "submission":
            payload = .game(
                LiveGameInput(
                    participant: try required(participant, "participant"), time: time,
                    kind: .submission(
                        round: try required(column("round")?.integer, "round"),
                        text: try required(column("text")?.string, "text"))))
        case "leave":
            payload = .game(
                LiveGameInput(participant: try required(participant, "participant"), time: time, kind: .leave))
        case "start": payload = .organiser(.start(time: time))
        case "end": payload = .organiser(.end(time: time))
        default:
            throw LiveStoreError.corrupt("log entry \(sequence) of race \"\(raceID)\" has the unknown kind \"\(kind)\"")
        }
        return LogEntry(
            raceID: raceID, sequence: Int64(sequence), recordedAt: column("recorded_at")?.double ?? 0, payload: payload)
    }
}
