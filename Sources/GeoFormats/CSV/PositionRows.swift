#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The columns of a positions table, allocated once for a whole file and filled by its chunks at
/// once, each chunk in rows of its own: no chunk's rows are copied into the table afterwards.
///
/// The columns start with room for an upper bound of the rows and are not cleared first: every
/// row a chunk keeps is written before anything reads it, and ``keep(_:)`` drops the rest.
///
/// Rows may keep only their coordinates (``keepsAllFields`` false): the other columns then have
/// one unused element, and a file's table takes 16 bytes a row instead of 40.
struct PositionRows {
    /// Whether the participant, time, accuracy and line columns are written too.
    let keepsAllFields: Bool
    var participant: ContiguousArray<Int32>
    var time: ContiguousArray<Double>
    var latitude: ContiguousArray<Double>
    var longitude: ContiguousArray<Double>
    var accuracy: ContiguousArray<Double>
    var line: ContiguousArray<Int32>

    /// Where the chunks write: one row's values at an index of the columns.
    ///
    /// Chunks write at once through copies of it, each only in its own rows.
    struct Writer: @unchecked Sendable {
        /// Whether to write more than the coordinates; when false, the other pointers have room for one row.
        let keepsAllFields: Bool
        let participant: UnsafeMutablePointer<Int32>
        let time: UnsafeMutablePointer<Double>
        let latitude: UnsafeMutablePointer<Double>
        let longitude: UnsafeMutablePointer<Double>
        let accuracy: UnsafeMutablePointer<Double>
        let line: UnsafeMutablePointer<Int32>

        /// The writer whose row 0 is this one's row `rows`.
        func advanced(by rows: Int) -> Writer {
            // Columns of one row stay where they are: only the coordinates are written then.
            let others = keepsAllFields ? rows : 0
            return Writer(
                keepsAllFields: keepsAllFields, participant: participant + others, time: time + others,
                latitude: latitude + rows, longitude: longitude + rows, accuracy: accuracy + others,
                line: line + others)
        }
    }

    /// Room for `count` rows, not yet written: of every field, or only of the coordinates.
    init(count: Int, keepsAllFields: Bool = true) {
        self.keepsAllFields = keepsAllFields
        let others = keepsAllFields ? count : 1
        participant = Self.unwritten(others)
        time = Self.unwritten(others)
        latitude = Self.unwritten(count)
        longitude = Self.unwritten(count)
        accuracy = Self.unwritten(others)
        line = Self.unwritten(others)
    }

    /// Calls `body` with the columns' storage to write rows into.
    mutating func withWriter<Result>(_ body: (Writer) -> Result) -> Result {
        participant.withUnsafeMutableBufferPointer { participant in
            time.withUnsafeMutableBufferPointer { time in
                latitude.withUnsafeMutableBufferPointer { latitude in
                    longitude.withUnsafeMutableBufferPointer { longitude in
                        accuracy.withUnsafeMutableBufferPointer { accuracy in
                            line.withUnsafeMutableBufferPointer { line in
                                body(
                                    Writer(
                                        keepsAllFields: keepsAllFields, participant: participant.baseAddress!,
                                        time: time.baseAddress!,
                                        latitude: latitude.baseAddress!, longitude: longitude.baseAddress!,
                                        accuracy: accuracy.baseAddress!, line: line.baseAddress!))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Keeps the first `count` rows.
    mutating func keep(_ count: Int) {
        let extra = latitude.count - count
        guard extra > 0 else { return }
        latitude.removeLast(extra)
        longitude.removeLast(extra)
        guard keepsAllFields else { return }
        participant.removeLast(extra)
        time.removeLast(extra)
        accuracy.removeLast(extra)
        line.removeLast(extra)
    }

    /// A column of `count` elements whose values are not set yet. Its memory is advised for huge
    /// pages: filling a table of millions of rows otherwise takes a page fault per 4 KiB.
    private static func unwritten<Element: BitwiseCopyable>(_ count: Int) -> ContiguousArray<Element> {
        ContiguousArray(unsafeUninitializedCapacity: max(count, 1)) { buffer, initialized in
            #if os(Linux)
            if let base = buffer.baseAddress {
                let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
                let start = (Int(bitPattern: base) + pageSize - 1) / pageSize * pageSize
                let end = (Int(bitPattern: base + buffer.count)) / pageSize * pageSize
                if end > start { madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
            }
            #endif
            initialized = count
        }
    }
}
