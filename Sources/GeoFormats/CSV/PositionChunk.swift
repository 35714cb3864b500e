import RaceKitCore

/// The rows of one line-aligned part of a positions file, read on its own so that the parts of a
/// file can be read on several threads and joined (``PositionsCSV/parse(_:file:threads:)``).
///
/// Reading a chunk only succeeds on input the sequential reader accepts, with the same values; on
/// anything else it gives up without saying why, and the sequential reader, run on the whole file,
/// reports the first error with its line and column.
struct PositionChunk {
    /// The table row the chunk's first row is written to (0 when it is read in blocks).
    let first: Int
    /// Rows read so far; a table's chunk writes them at `first`, `first + 1`, ….
    var count = 0
    /// The lines the chunk spans (blank ones too), or has read so far: the next chunk's first
    /// line follows them.
    var lineCount = 0
    /// The participants of the chunk, in order of first appearance in it; the rows written name
    /// them by these local indices until the chunks are joined.
    var participants = ChunkParticipants()
    /// The times of the chunk's first and last rows (only meaningful when `count` > 0).
    var firstTime = 0.0
    var lastTime = -Double.infinity

    /// Where the next line to read starts; the chunk is read through when it reaches the range's end.
    private(set) var next: Int
    /// The end of the chunk's bytes.
    let end: Int

    /// A chunk of `range`'s lines, none read yet.
    /// - Parameters:
    ///   - range: the chunk's bytes, after the header: from the start of a line to after a `\n`
    ///     or to the end of the file.
    ///   - first: the table row its first row is to be written to.
    init(range: Range<Int>, first: Int) {
        self.first = first
        self.next = range.lowerBound
        self.end = range.upperBound
    }

    /// Whether every line of the chunk has been read.
    var isRead: Bool { next >= end }

    /// Reads the rows in `range` into `rows` from row `first` on; `nil` when any row is not one
    /// the sequential reader accepts, or there are more than `capacity`.
    ///
    /// Each row is written with its participant's local index and its line counted from 1 at the
    /// chunk's first line: joining the chunks makes both the table's. Rows that keep only their
    /// coordinates are checked all the same.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - range: the chunk's bytes, after the header.
    ///   - hasAccuracy: whether rows have the fifth, `accuracy`, field.
    ///   - rows: the table's columns.
    ///   - first: the row to write the chunk's first row to.
    ///   - capacity: the rows the chunk may write: at least its lines.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, hasAccuracy: Bool,
        into rows: PositionRows.Writer, first: Int, capacity: Int
    ) -> PositionChunk? {
        var chunk = PositionChunk(range: range, first: first)
        // A line-aligned range has no more rows than lines: rows left over mean it was not one.
        guard chunk.readRows(bytes, hasAccuracy: hasAccuracy, into: rows.advanced(by: first), limit: capacity) != nil,
            chunk.isRead
        else { return nil }
        return chunk
    }

    /// Reads the chunk's next rows, at most `limit`, writing the k-th of them to row k of `rows`:
    /// how many it wrote, or `nil` when a row is not one the sequential reader accepts. Stops when
    /// `limit` rows are written or the chunk is read through.
    mutating func readRows(
        _ bytes: UnsafeBufferPointer<UInt8>, hasAccuracy: Bool, into rows: PositionRows.Writer, limit: Int
    ) -> Int? {
        guard let base = bytes.baseAddress else { return 0 }
        // Rows that keep only their coordinates check the participant field but do not look the
        // participant up: nothing reads the index, and the lookup was a hash probe per row.
        let identifies = rows.keepsAllFields
        var written = 0
        var lineStart = next
        defer { next = lineStart }
        while lineStart < end && written < limit {
            lineCount += 1
            let row: Row
            if let vector = Self.vectorRow(
                base, at: lineStart, end: end, hasAccuracy: hasAccuracy, identifies: identifies,
                participants: &participants)
            {
                row = vector.row
                lineStart = vector.next
            } else {
                let (other, next) = Self.otherRow(
                    base, at: lineStart, end: end, hasAccuracy: hasAccuracy, identifies: identifies,
                    participants: &participants)
                lineStart = next
                switch other {
                case .blank: continue
                case .rejected: return nil
                case .row(let read): row = read
                }
            }
            guard abs(row.time) <= FixLimits.maximumSeconds, row.time >= lastTime else { return nil }
            guard abs(row.latitude) <= 90, abs(row.longitude) <= 180 else { return nil }
            guard row.accuracy < 0 || row.accuracy <= FixLimits.maximumMeters else { return nil }
            if count == 0 { firstTime = row.time }
            lastTime = row.time
            rows.latitude[written] = row.latitude
            rows.longitude[written] = row.longitude
            if rows.keepsAllFields {
                rows.participant[written] = row.participant
                rows.time[written] = row.time
                rows.accuracy[written] = row.accuracy
                rows.line[written] = Int32(truncatingIfNeeded: lineCount)
            }
            count += 1
            written += 1
        }
        return written
    }

    /// One row's values, before the checks every row gets.
    struct Row: Equatable {
        var participant: Int32
        var time: Double
        var latitude: Double
        var longitude: Double
        /// −1 when the row gives none.
        var accuracy: Double
    }

    /// What the general path made of a line.
    private enum GeneralRow {
        case row(Row)
        case blank
        case rejected
    }

    /// The line at `start` that ``vectorRow(_:at:end:hasAccuracy:identifies:participants:)``
    /// declined, read by the plain path or else the general one, and where the next line starts.
    /// Not inlined: the vector path's loop stays small enough for its number reader to be inlined.
    @inline(never)
    private static func otherRow(
        _ base: UnsafePointer<UInt8>, at start: Int, end: Int, hasAccuracy: Bool, identifies: Bool,
        participants: inout ChunkParticipants
    ) -> (GeneralRow, next: Int) {
        if let plain = plainRow(
            base, at: start, end: end, hasAccuracy: hasAccuracy, identifies: identifies, participants: &participants)
        {
            return (.row(plain.row), plain.next)
        }
        let lineEnd = LineFeedSearch.next(in: base, from: start, to: end)
        let general = generalRow(
            base, from: start, to: lineEnd, hasAccuracy: hasAccuracy, identifies: identifies,
            participants: &participants)
        return (general, lineEnd + 1)
    }

    /// The row at `start` when it is written plainly, as nearly every row is: no spaces, a
    /// participant not starting with a sign, numbers the word-wise scan decides, and `\n` or `\r\n`
    /// (or the end of `end`) after the last field; and where its next line starts. `nil` sends the
    /// line to ``generalRow(_:from:to:hasAccuracy:identifies:participants:)``, which decides every
    /// row (this path finds the same values, it only gives up sooner). Unless `identifies`, the
    /// row's participant is 0 (the field is checked all the same).
    @inline(__always)
    static func plainRow(
        _ base: UnsafePointer<UInt8>, at start: Int, end: Int, hasAccuracy: Bool, identifies: Bool,
        participants: inout ChunkParticipants
    ) -> (row: Row, next: Int)? {
        var i = start
        var hash = ChunkParticipants.hashSeed
        var number = 0
        var allDigits = true
        while i < end {
            let byte = base[i]
            if byte == ASCII.comma { break }
            if byte <= ASCII.space { return nil }  // spaces, tabs, line ends: trimming is the general path's
            hash = ChunkParticipants.hash(hash, byte)
            let digit = byte &- ASCII.zero
            if digit < 10 { number = number &* 10 &+ Int(digit) } else { allDigits = false }
            i += 1
        }
        let nameEnd = i
        guard i < end, nameEnd > start, base[start] != ASCII.plus, base[start] != ASCII.hyphenMinus else { return nil }
        // Six digits are below 2²⁰, the numbered participants' range; longer runs of digits are rare
        // enough for the general path.
        guard !allDigits || nameEnd - start <= 6 else { return nil }
        i += 1

        guard let time = plainNumber(base, &i, end: end),
            let latitude = plainNumber(base, &i, end: end),
            let longitude = plainNumber(base, &i, end: end, last: !hasAccuracy)
        else { return nil }
        var accuracy = -1.0
        if hasAccuracy {
            if i < end && base[i] != ASCII.lineFeed && base[i] != ASCII.carriageReturn {
                guard let value = plainNumber(base, &i, end: end, last: true), value >= 0 else { return nil }
                accuracy = value
            } else {
                guard skipSeparator(base, &i, end: end, last: true) else { return nil }  // empty: none given
            }
        }
        let participant: Int32 =
            if !identifies {
                0
            } else if allDigits {
                participants.index(ofNumber: number)
            } else {
                participants.index(ofName: base, from: start, to: nameEnd, hash: hash)
            }
        return (
            Row(participant: participant, time: time, latitude: latitude, longitude: longitude, accuracy: accuracy), i
        )
    }

    /// The plain number of the field starting at `i`, moving `i` past the separator that follows
    /// it (a comma, or the line's end for the `last` field); `nil` for anything else.
    @inline(__always)
    private static func plainNumber(_ base: UnsafePointer<UInt8>, _ i: inout Int, end: Int, last: Bool = false)
        -> Double?
    {
        guard let scanned = DecimalFastPath.scanWords(base, from: i, to: end) else { return nil }
        i = scanned.end
        guard skipSeparator(base, &i, end: end, last: last) else { return nil }
        return scanned.value
    }

    /// Moves `i` from a field's end past its separator: a comma, or for the `last` field `\n`,
    /// `\r\n` or the end of `end`; `false` when something else is there.
    @inline(__always)
    private static func skipSeparator(_ base: UnsafePointer<UInt8>, _ i: inout Int, end: Int, last: Bool) -> Bool {
        if i == end { return last }
        let byte = base[i]
        if !last { i += 1; return byte == ASCII.comma }
        if byte == ASCII.lineFeed { i += 1; return true }
        if byte == ASCII.carriageReturn && i + 1 < end && base[i + 1] == ASCII.lineFeed { i += 2; return true }
        return false
    }

    /// Any row between `lineStart` and its `\n` at `lineEnd`, as the sequential reader reads it
    /// (spaces around fields, exponents, long numbers); `.rejected` when it is not one the
    /// sequential reader accepts. Unless `identifies`, the row's participant is 0.
    private static func generalRow(
        _ base: UnsafePointer<UInt8>, from lineStart: Int, to lineEnd: Int, hasAccuracy: Bool, identifies: Bool,
        participants: inout ChunkParticipants
    ) -> GeneralRow {
        var stop = lineEnd
        while stop > lineStart && isSpace(base[stop - 1]) { stop -= 1 }
        if stop == lineStart { return .blank }

        // participant: up to the first comma, trimmed
        var comma = lineStart
        while comma < stop && base[comma] != ASCII.comma { comma += 1 }
        guard comma < stop else { return .rejected }
        var a = lineStart, b = comma
        while a < b && isSpace(base[a]) { a += 1 }
        while b > a && isSpace(base[b - 1]) { b -= 1 }
        guard a < b else { return .rejected }
        let participant: Int32
        if !identifies {
            participant = 0
        } else if let integer = DecimalParser.parseInteger(UnsafeBufferPointer(start: base + a, count: b - a)),
            integer >= 0 && integer < 1 << 20
        {
            participant = participants.index(ofNumber: integer)
        } else {
            participant = participants.index(ofName: base, from: a, to: b)
        }

        var next = comma + 1
        guard let t = number(base, &next, stop: stop, last: false),
            let lat = number(base, &next, stop: stop, last: false),
            let lon = number(base, &next, stop: stop, last: !hasAccuracy)
        else { return .rejected }
        var accuracy = -1.0
        if hasAccuracy {
            while next < stop && isSpace(base[next]) { next += 1 }
            if next < stop {
                guard let value = number(base, &next, stop: stop, last: true), value >= 0 else { return .rejected }
                accuracy = value
            }
        }
        return .row(Row(participant: participant, time: t, latitude: lat, longitude: lon, accuracy: accuracy))
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
}
