import RaceKitCore

/// The rows of one line-aligned part of a positions file, read on its own so that the parts of a
/// file can be read on several threads and joined (``PositionsCSV/parse(_:file:threads:)``).
///
/// Reading a chunk only succeeds on input the sequential reader accepts, with the same values; on
/// anything else it gives up without saying why, and the sequential reader, run on the whole file,
/// reports the first error with its line and column.
struct PositionChunk {
    /// Each row's participant, as an index into ``participants``' keys.
    var participant = ContiguousArray<Int32>()
    /// Each row's time, latitude, longitude and accuracy (−1 when unknown), as `PositionColumns`.
    var time = ContiguousArray<Double>()
    var latitude = ContiguousArray<Double>()
    var longitude = ContiguousArray<Double>()
    var accuracy = ContiguousArray<Double>()
    /// Each row's line, counted from 1 at the chunk's first line.
    var line = ContiguousArray<Int32>()
    /// The lines the chunk spans (blank ones too): the next chunk's first line follows them.
    var lineCount = 0
    /// The participants of the chunk, in order of first appearance in it.
    var participants = ChunkParticipants()

    /// Rows read.
    var count: Int { time.count }

    /// Reads the rows in `range`, which starts at the beginning of a line and ends after a `\n` or
    /// at the end of the file; `nil` when any row is not one the sequential reader accepts.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - range: the chunk's bytes, after the header.
    ///   - hasAccuracy: whether rows have the fifth, `accuracy`, field.
    ///   - reservedBytes: how many bytes of rows to reserve room for: the chunk's, or the whole
    ///     file's for the chunk the others are appended to.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, hasAccuracy: Bool, reservedBytes: Int
    ) -> PositionChunk? {
        guard let base = bytes.baseAddress, !range.isEmpty else { return PositionChunk() }
        var chunk = PositionChunk()
        chunk.reserveCapacity(reservedBytes / 24)  // rows of the peers' files are longer
        var lastTime = -Double.infinity
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            let lineEnd = LineFeedSearch.next(in: base, from: lineStart, to: range.upperBound)
            chunk.lineCount += 1
            defer { lineStart = lineEnd + 1 }
            var stop = lineEnd
            while stop > lineStart && isSpace(base[stop - 1]) { stop -= 1 }
            if stop == lineStart { continue }  // a blank line is no row

            // participant: up to the first comma, trimmed
            var comma = lineStart
            while comma < stop && base[comma] != ASCII.comma { comma += 1 }
            guard comma < stop else { return nil }
            var a = lineStart, b = comma
            while a < b && isSpace(base[a]) { a += 1 }
            while b > a && isSpace(base[b - 1]) { b -= 1 }
            guard a < b else { return nil }
            let participant: Int32
            if let integer = DecimalParser.parseInteger(UnsafeBufferPointer(start: base + a, count: b - a)) {
                if integer >= 0 && integer < 1 << 20 {
                    participant = chunk.participants.index(ofNumber: integer)
                } else {
                    participant = chunk.participants.index(ofName: base, from: a, to: b)
                }
            } else {
                participant = chunk.participants.index(ofName: base, from: a, to: b)
            }

            var next = comma + 1
            guard let t = number(base, &next, stop: stop, last: false),
                let lat = number(base, &next, stop: stop, last: false),
                let lon = number(base, &next, stop: stop, last: !hasAccuracy)
            else { return nil }
            guard abs(t) <= FixLimits.maximumSeconds, t >= lastTime else { return nil }
            guard abs(lat) <= 90, abs(lon) <= 180 else { return nil }
            var accuracy = -1.0
            if hasAccuracy {
                while next < stop && isSpace(base[next]) { next += 1 }
                if next < stop {
                    guard let value = number(base, &next, stop: stop, last: true) else { return nil }
                    guard value >= 0, value <= FixLimits.maximumMeters else { return nil }
                    accuracy = value
                }
            }
            lastTime = t
            chunk.participant.append(participant)
            chunk.time.append(t)
            chunk.latitude.append(lat)
            chunk.longitude.append(lon)
            chunk.accuracy.append(accuracy)
            chunk.line.append(Int32(truncatingIfNeeded: chunk.lineCount))
        }
        return chunk
    }

    /// The number in the field starting at `next` (spaces around it allowed), moving `next` past
    /// the field's comma; `nil` when the field is no number or is not followed by what the row
    /// needs (a comma, or the end of the line for the `last` field).
    @inline(__always)
    private static func number(_ base: UnsafePointer<UInt8>, _ next: inout Int, stop: Int, last: Bool) -> Double? {
        var a = next
        while a < stop && isSpace(base[a]) { a += 1 }
        if let scanned = DecimalFastPath.scan(base, from: a, to: stop) {
            var after = scanned.end
            while after < stop && isSpace(base[after]) { after += 1 }
            if last ? after == stop : (after < stop && base[after] == ASCII.comma) {
                next = after + 1
                return scanned.value
            }
        }
        // Not a plain decimal this path decides (an exponent, many digits) or not followed by a
        // separator: the whole field, as the sequential reader sees it, goes to DecimalParser.
        var comma = a
        while comma < stop && base[comma] != ASCII.comma { comma += 1 }
        guard last ? comma == stop : comma < stop else { return nil }
        var b = comma
        while b > a && isSpace(base[b - 1]) { b -= 1 }
        guard let value = DecimalParser.parse(UnsafeBufferPointer(start: base + a, count: b - a)) else { return nil }
        next = comma + 1
        return value
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == ASCII.space || byte == ASCII.tab || byte == ASCII.carriageReturn
    }

    /// Reserves room for `rows` rows in every column.
    mutating func reserveCapacity(_ rows: Int) {
        participant.reserveCapacity(rows)
        time.reserveCapacity(rows)
        latitude.reserveCapacity(rows)
        longitude.reserveCapacity(rows)
        accuracy.reserveCapacity(rows)
        line.reserveCapacity(rows)
    }
}
