import GeoCore
import RaceKitCore

extension PositionTable {
    /// A table from columns; `participantNames[i]` names participant index `i`.
    public init(columns: PositionColumns, participantNames: [String]) {
        self.init(
            columns: columns, participantNames: participantNames,
            lines: ContiguousArray((0..<columns.count).map { Int32(truncatingIfNeeded: $0 + 2) }))
    }

    /// The timed track points of a GPX document as positions: one participant per track (named
    /// by the track's name, else `track-N`), rows ordered by time, then by participant.
    /// - Returns: the table and how many track points had no time (they cannot be positions).
    public static func fromGPX(_ document: GPXDocument) -> (table: PositionTable, untimedPoints: Int) {
        var rows: [(t: Double, p: Int32, lat: Double, lon: Double, order: Int)] = []
        var names: [String] = []
        var used: Set<String> = []
        var untimed = 0
        for (k, track) in document.tracks.enumerated() {
            var name = track.info.name.map { $0.isEmpty ? "track-\(k + 1)" : $0 } ?? "track-\(k + 1)"
            if used.contains(name) { name += "-\(k + 1)" }
            used.insert(name)
            let index = Int32(names.count)
            names.append(name)
            for segment in track.segments {
                for point in segment.points {
                    guard let t = point.time else { untimed += 1; continue }
                    rows.append((t, index, point.latitude, point.longitude, rows.count))
                }
            }
        }
        rows.sort { ($0.t, $0.p, $0.order) < ($1.t, $1.p, $1.order) }
        var columns = PositionColumns()
        columns.reserveCapacity(rows.count)
        for r in rows { columns.append(participant: r.p, time: r.t, latitude: r.lat, longitude: r.lon) }
        return (PositionTable(columns: columns, participantNames: names), untimed)
    }
}

extension GPXDocument {
    /// One track per participant, its fixes in time order as one segment; `t` becomes the
    /// point's time (seconds since 1970). Accuracy has no GPX field and is not written.
    public init(positions table: PositionTable) {
        self.init(version: "1.1")
        var segments = Array(repeating: GPXTrackSegment(), count: table.participantNames.count)
        let c = table.columns
        for i in 0..<c.count {
            segments[Int(c.participant[i])].points.append(
                GPXPoint(latitude: c.latitude[i], longitude: c.longitude[i], time: c.time[i]))
        }
        tracks = zip(table.participantNames, segments).map { GPXTrack(info: GPXPathInfo(name: $0), segments: [$1]) }
    }
}

extension PositionsCSV {
    /// The table in the peers' positions format: `participant,t,lat,lon` (plus `accuracy` when
    /// any fix has one), numbers in plain decimals that read back as the same doubles.
    /// Participant names containing a comma, quote or line break are not representable and are
    /// written with those characters replaced by `_`.
    public static func text(_ table: PositionTable) -> String {
        let c = table.columns
        let hasAccuracy = (0..<c.count).contains { c.accuracy[$0] >= 0 }
        var out = (header + (hasAccuracy ? optionalHeader : [])).joined(separator: ",") + "\n"
        out.reserveCapacity(c.count * 40)
        let names = table.participantNames.map { name in
            String(name.map { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" ? "_" : $0 }).trimmingSpace
        }
        for i in 0..<c.count {
            out += names[Int(c.participant[i])]
            out +=
                "," + DecimalText.plain(c.time[i]) + "," + DecimalText.plain(c.latitude[i]) + ","
                + DecimalText.plain(c.longitude[i])
            if hasAccuracy { out += "," + (c.accuracy[i] >= 0 ? DecimalText.plain(c.accuracy[i]) : "") }
            out += "\n"
        }
        return out
    }

    /// Writes the table to `path`.
    public static func write(_ table: PositionTable, to path: String) throws(InputError) {
        try OutputFile.write(Array(text(table).utf8), to: path)
    }
}
