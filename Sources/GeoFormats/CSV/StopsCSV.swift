import GeoCore
import RaceKitCore

/// Circular stops read from the peers' stops format: a header `id,lat,lon,radius_m`, then one
/// stop per line (integer id, degrees, metres). Plain columns: the geofence engine's fences are
/// made from them one layer up (RaceModel's `StopTable.fences`).
public struct StopTable: Sendable, Equatable {
    /// The stops' ids, parallel to ``centres`` and ``radiiMeters``.
    public let ids: [Int]
    /// The centre of each stop's circle.
    public let centres: [Coordinate]
    /// The radius of each stop's circle, in metres: finite and greater than 0.
    public let radiiMeters: [Meters]

    /// A table from parallel columns.
    /// - Precondition: the three columns have equal lengths and every radius is finite and
    ///   greater than 0 (the reader rejects any other with a located error).
    public init(ids: [Int], centres: [Coordinate], radiiMeters: [Meters]) {
        precondition(ids.count == centres.count && ids.count == radiiMeters.count, "one centre and radius per id")
        precondition(radiiMeters.allSatisfy { $0.isFinite && $0 > 0 }, "radii are finite and greater than 0")
        self.ids = ids
        self.centres = centres
        self.radiiMeters = radiiMeters
    }
}

/// Reads and validates the stops CSV format.
public enum StopsCSV {
    /// The columns, in order.
    public static let header = ["id", "lat", "lon", "radius_m"]

    /// The most stops the reader makes room for before reading; larger files grow as they go.
    static let reservedStops = 1 << 20

    /// Reads a stops file.
    /// - Throws: `InputError` at `file:line:column` for a missing or wrong header, a missing
    ///   or extra column, a non-numeric value, a coordinate out of range, a duplicate id, or a
    ///   radius outside 0 < r ≤ ``FixLimits/maximumMeters``; an empty file or one without stops is an error too.
    public static func read(path: String) throws(InputError) -> StopTable {
        let bytes = try FileBytes.read(path)
        return try bytes.withUnsafeBufferPointer { buffer throws(InputError) in
            try parse(DelimitedText(file: path, bytes: buffer))
        }
    }

    /// Parses stops from bytes; `file` names them in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> StopTable {
        try bytes.withUnsafeBufferPointer { buffer throws(InputError) in
            try parse(DelimitedText(file: file, bytes: buffer))
        }
    }

    private static func parse(_ text: consuming DelimitedText) throws(InputError) -> StopTable {
        var text = text
        _ = try text.readHeader(required: header)
        var ids: [Int] = [], centres: [Coordinate] = [], radii: [Meters] = []
        var firstLine: [Int: Int] = [:]
        // Room for the stops of a file this size at 16 bytes a line (a short one), so that the
        // table of ids is not rehashed as it grows: that was a fifth of reading 10 000 stops.
        let expected = min(text.bytes.count / 16 + 1, Self.reservedStops)
        ids.reserveCapacity(expected)
        centres.reserveCapacity(expected)
        radii.reserveCapacity(expected)
        firstLine.reserveCapacity(expected)
        var fields: [DelimitedText.Field] = []
        while try text.nextLine(into: &fields) {
            guard fields.count == header.count else {
                throw InputError(
                    text.lineLocation,
                    "expected \(header.count) fields (\(header.joined(separator: ","))), found \(fields.count)")
            }
            let id = try text.integer(fields[0], name: "id")
            let lat = try text.double(fields[1], name: "lat")
            let lon = try text.double(fields[2], name: "lon")
            let radius = try text.double(fields[3], name: "radius_m")
            guard id >= 0 else { throw InputError(text.location(fields[0]), "id \(id) is negative") }
            if let previous = firstLine[id] {
                throw InputError(text.location(fields[0]), "duplicate stop id \(id) (first on line \(previous))")
            }
            firstLine[id] = text.line
            try text.validateCoordinate(
                latitude: lat, longitude: lon, latitudeField: fields[1], longitudeField: fields[2])
            guard radius > 0, radius <= FixLimits.maximumMeters else {
                throw InputError(
                    text.location(fields[3]),
                    "radius_m \(radius) is out of range (greater than 0, at most \(Int(FixLimits.maximumMeters)))")
            }
            ids.append(id)
            centres.append(Coordinate(uncheckedLatitude: lat, longitude: lon))
            radii.append(radius)
        }
        guard !ids.isEmpty else { throw InputError(SourceLocation(file: text.file), "no stops after the header") }
        return StopTable(ids: ids, centres: centres, radiiMeters: radii)
    }
}
