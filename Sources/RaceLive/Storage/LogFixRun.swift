/// Consecutive fixes of one participant, stored as one row of SQLite's `log_fix_runs`: the
/// race, the first and last sequence numbers, when they were stored, the participant, and the
/// fixes packed in a blob.
///
/// A row per fix cost SQLite about 7 000 instructions (16 columns bound, stepped and put in the
/// B-tree); a run of a native batch's 500 fixes is one row (docs/live-server.md, "Speed").
///
/// The blob is a format byte (1), then per fix a byte saying which optional values follow (bit 0
/// accuracy, 1 altitude, 2 speed, 3 bearing, 4 battery), the time, latitude and longitude, and
/// the optional values present in that order, each a little-endian IEEE 754 double: the exact
/// bits stored, as the REAL columns keep them.
struct LogFixRun: Hashable, Sendable {
    /// The race.
    var raceID: String
    /// The first fix's sequence number; the others follow one by one.
    var firstSequence: Int64
    /// When the server stored them (the same for the whole run).
    var recordedAt: Double
    /// The participant whose fixes they are.
    var participant: String
    /// The fixes in sequence order, all of ``participant``.
    var fixes: [LiveFix]

    /// The last fix's sequence number.
    var lastSequence: Int64 { firstSequence + Int64(fixes.count) - 1 }

    /// The blob's format, its first byte.
    private static let format: UInt8 = 1
    /// The bits of the presence byte that mean something.
    private static let knownOptionals: UInt8 = 0b1_1111

    /// The fixes packed as the `fixes` column's blob.
    var encodedFixes: [UInt8] {
        let size = fixes.reduce(1) { $0 + 1 + 8 * (3 + Self.presence($1).nonzeroBitCount) }
        // Written in place: appending eight bytes at a time through the array cost more than
        // the rest of the encoding.
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let bytes = UnsafeMutableRawBufferPointer(buffer)
            var offset = 0
            func put(_ value: Double?) {
                guard let value else { return }
                bytes.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            bytes[0] = Self.format
            offset = 1
            for fix in fixes {
                let present = Self.presence(fix)
                bytes[offset] = present
                offset += 1
                put(fix.time)
                put(fix.latitude)
                put(fix.longitude)
                put(fix.accuracyMeters)
                put(fix.altitudeMeters)
                put(fix.speedMetersPerSecond)
                put(fix.bearingDegrees)
                put(fix.batteryPercent)
            }
            precondition(offset == size, "a run's blob is \(offset) bytes, not the \(size) counted")
            count = offset
        }
    }

    /// The presence byte of `fix`'s optional values.
    private static func presence(_ fix: LiveFix) -> UInt8 {
        (fix.accuracyMeters == nil ? 0 : 1) | (fix.altitudeMeters == nil ? 0 : 2)
            | (fix.speedMetersPerSecond == nil ? 0 : 4) | (fix.bearingDegrees == nil ? 0 : 8)
            | (fix.batteryPercent == nil ? 0 : 16)
    }

    /// Creates a run from its parts.
    init(raceID: String, firstSequence: Int64, recordedAt: Double, participant: String, fixes: [LiveFix]) {
        self.raceID = raceID
        self.firstSequence = firstSequence
        self.recordedAt = recordedAt
        self.participant = participant
        self.fixes = fixes
    }

    /// Reads a stored run back.
    /// - Throws: ``LiveStoreError/corrupt(_:)`` when the blob is not in the format, or holds
    ///   another number of fixes than `firstSequence...lastSequence`.
    init(
        raceID: String, firstSequence: Int64, lastSequence: Int64, recordedAt: Double, participant: String,
        encodedFixes blob: UnsafeRawBufferPointer
    ) throws {
        func corrupt(_ what: String) -> LiveStoreError {
            .corrupt("fixes \(firstSequence)...\(lastSequence) of race \"\(raceID)\": \(what)")
        }
        // A damaged row may hold any numbers: their difference must not trap.
        let (span, overflow) = lastSequence.subtractingReportingOverflow(firstSequence)
        guard lastSequence >= firstSequence, !overflow, span < Int64(blob.count) else {
            throw corrupt("not a range of sequence numbers the blob of \(blob.count) bytes can hold")
        }
        guard blob.first == Self.format else {
            throw corrupt("unknown format \(blob.first.map(String.init) ?? "none")")
        }
        var offset = 1
        func double() throws -> Double {
            guard offset + 8 <= blob.count else { throw corrupt("the blob ends inside fix \(fixes.count + 1)") }
            defer { offset += 8 }
            return Double(bitPattern: UInt64(littleEndian: blob.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        }
        var fixes: [LiveFix] = []
        let count = Int(span) + 1
        fixes.reserveCapacity(count)
        while offset < blob.count {
            guard fixes.count < count else { throw corrupt("more than \(count) fixes") }
            let present = blob[offset]
            guard present & ~Self.knownOptionals == 0 else {
                throw corrupt("fix \(fixes.count + 1) has the unknown presence bits \(present)")
            }
            offset += 1
            var fix = LiveFix(
                participant: participant, time: try double(), latitude: try double(), longitude: try double())
            if present & 1 != 0 { fix.accuracyMeters = try double() }
            if present & 2 != 0 { fix.altitudeMeters = try double() }
            if present & 4 != 0 { fix.speedMetersPerSecond = try double() }
            if present & 8 != 0 { fix.bearingDegrees = try double() }
            if present & 16 != 0 { fix.batteryPercent = try double() }
            fixes.append(fix)
        }
        guard fixes.count == count else { throw corrupt("\(fixes.count) fixes where \(count) were stored") }
        self.init(
            raceID: raceID, firstSequence: firstSequence, recordedAt: recordedAt, participant: participant, fixes: fixes
        )
    }

    /// The run's fixes as log entries.
    var entries: [LogEntry] {
        fixes.enumerated().map { offset, fix in
            LogEntry(
                raceID: raceID, sequence: firstSequence + Int64(offset), recordedAt: recordedAt, payload: .fix(fix))
        }
    }
}
