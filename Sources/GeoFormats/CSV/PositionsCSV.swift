import GeoCore
import RaceKitCore

/// Positions read from the peers' positions format: a header `participant,t,lat,lon` with an
/// optional `accuracy` column, then one fix per line, ordered by time.
public struct PositionTable: Sendable, Equatable {
    /// The fixes as columns; `participant` indexes ``participantNames``.
    public let columns: PositionColumns
    /// Participant names in order of first appearance (the CSV's participant field as written).
    public let participantNames: [String]
    /// The 1-based file line of each row, for messages about a fix.
    public let lines: ContiguousArray<Int32>
}

/// Reads and validates the positions CSV format.
public enum PositionsCSV {
    /// The required columns, in order.
    public static let header = ["participant", "t", "lat", "lon"]
    /// The optional column after the required ones.
    public static let optionalHeader = ["accuracy"]

    /// Reads a positions file.
    /// - Throws: `InputError` at `file:line:column` for a missing or wrong header, a missing
    ///   or extra column, a non-numeric value, a coordinate out of range, a time beyond
    ///   ±``FixLimits/maximumSeconds``, an accuracy outside 0…``FixLimits/maximumMeters``,
    ///   a time earlier than the row before (rows must be ordered by time), or no rows at all.
    public static func read(path: String) throws(InputError) -> PositionTable {
        try FileBytes.withMapped(path) { bytes throws(InputError) in try parse(bytes, file: path) }
    }

    /// Parses positions from bytes; `file` names them in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> PositionTable {
        try bytes.withUnsafeBufferPointer { buffer throws(InputError) in try parse(buffer, file: file) }
    }

    /// Parses positions from the bytes `buffer` points to; `file` names them in errors.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, file: String) throws(InputError) -> PositionTable {
        var text = DelimitedText(file: file, bytes: buffer)
        let hasAccuracy = try text.readHeader(required: header, optional: optionalHeader) == 1
        let width = header.count + (hasAccuracy ? 1 : 0)
        var columns = PositionColumns()
        columns.reserveCapacity(buffer.count / 40)
        var names: [String] = []
        var numbered: [Int32] = []  // participant written as a small integer → index
        var named: [String: Int32] = [:]  // any other participant text → index
        var fields: [DelimitedText.Field] = []
        var lines = ContiguousArray<Int32>()
        lines.reserveCapacity(buffer.count / 40)
        var lastTime = -Double.infinity
        while try text.nextLine(into: &fields) {
            guard fields.count == width else {
                throw InputError(text.lineLocation, "expected \(width) fields, found \(fields.count)")
            }
            let participant: Int32
            let raw = UnsafeBufferPointer(rebasing: buffer[fields[0].start..<fields[0].end])
            if let number = DecimalParser.parseInteger(raw), number >= 0, number < 1 << 20 {
                if number >= numbered.count {
                    numbered.append(contentsOf: repeatElement(-1, count: number + 1 - numbered.count))
                }
                if numbered[number] < 0 {
                    numbered[number] = Int32(names.count)
                    names.append(String(number))
                }
                participant = numbered[number]
            } else {
                let name = text.text(fields[0])
                guard !name.isEmpty else { throw InputError(text.location(fields[0]), "participant is empty") }
                if let index = named[name] {
                    participant = index
                } else {
                    participant = Int32(names.count)
                    named[name] = participant
                    names.append(name)
                }
            }
            let t = try text.double(fields[1], name: "t")
            let lat = try text.double(fields[2], name: "lat")
            let lon = try text.double(fields[3], name: "lon")
            guard abs(t) <= FixLimits.maximumSeconds else {
                throw InputError(
                    text.location(fields[1]),
                    "time \(t) is out of range (at most \(Int(FixLimits.maximumSeconds)) seconds either side of 0)")
            }
            guard t >= lastTime else {
                throw InputError(
                    text.location(fields[1]),
                    "time \(t) is earlier than the previous row's \(lastTime); rows must be ordered by time")
            }
            lastTime = t
            try text.validateCoordinate(
                latitude: lat, longitude: lon, latitudeField: fields[2], longitudeField: fields[3])
            var accuracy: Double?
            if hasAccuracy, fields[4].end > fields[4].start {
                let value = try text.double(fields[4], name: "accuracy")
                guard value >= 0, value <= FixLimits.maximumMeters else {
                    throw InputError(
                        text.location(fields[4]),
                        "accuracy \(value) is out of range (0…\(Int(FixLimits.maximumMeters)) metres)")
                }
                accuracy = value
            }
            columns.append(participant: participant, time: t, latitude: lat, longitude: lon, accuracy: accuracy)
            lines.append(Int32(truncatingIfNeeded: text.line))
        }
        guard columns.count > 0 else {
            throw InputError(SourceLocation(file: file), "no positions after the header")
        }
        return PositionTable(columns: columns, participantNames: names, lines: lines)
    }
}
