import GeoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PositionChunk {
    /// The chunks of one file, in file order, as the table the sequential reader makes of it; `nil`
    /// when the whole file breaks a rule no chunk sees alone (a time earlier than the previous
    /// chunk's last one) or has no rows, so that the sequential reader reports it.
    ///
    /// The rows stay where the chunks wrote them, renumbered in place; a chunk that kept fewer rows
    /// than it had room for (blank lines) has the rows after it moved up to close the gap.
    /// - Parameters:
    ///   - chunks: the chunks, in file order.
    ///   - rows: the columns the chunks wrote into; they become the table's.
    ///   - bytes: the file the chunks were read from (participant names are in it).
    ///   - headerLine: the header's line; the first chunk starts on the line after it.
    static func join(
        _ chunks: [PositionChunk], rows: inout PositionRows, bytes: UnsafeBufferPointer<UInt8>, headerLine: Int
    ) -> PositionTable? {
        precondition(rows.keepsAllFields, "a table needs every field")
        guard let total = joinedRowCount(chunks) else { return nil }

        // Participants: global indices in order of first appearance in the file, as the
        // sequential reader numbers them (integers by value, names by `String` equality).
        var names: [String] = []
        var numbered: [Int32] = []
        var named: [String: Int32] = [:]
        var globalIndices: [[Int32]] = []
        for chunk in chunks {
            var map: [Int32] = []
            map.reserveCapacity(chunk.participants.keys.count)
            for key in chunk.participants.keys {
                switch key {
                case .number(let integer):
                    if integer >= numbered.count {
                        numbered.append(contentsOf: repeatElement(-1, count: integer + 1 - numbered.count))
                    }
                    if numbered[integer] < 0 {
                        numbered[integer] = Int32(names.count)
                        names.append(String(integer))
                    }
                    map.append(numbered[integer])
                case .name(let start, let end):
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    if let index = named[name] {
                        map.append(index)
                    } else {
                        let index = Int32(names.count)
                        named[name] = index
                        names.append(name)
                        map.append(index)
                    }
                }
            }
            globalIndices.append(map)
        }
        var firstLines: [Int32] = []
        var line = headerLine
        for chunk in chunks {
            firstLines.append(Int32(truncatingIfNeeded: line))
            line += chunk.lineCount
        }

        var kept = 0
        rows.withWriter { rows in
            for (k, chunk) in chunks.enumerated() where chunk.count > 0 {
                let map = globalIndices[k], offset = firstLines[k], from = chunk.first
                // Forward, so that moving rows up never overwrites one not yet read.
                for i in 0..<chunk.count {
                    rows.participant[kept + i] = map[Int(rows.participant[from + i])]
                    rows.line[kept + i] = rows.line[from + i] &+ offset
                }
                if kept != from {
                    for column in [rows.time, rows.latitude, rows.longitude, rows.accuracy] {
                        memmove(column + kept, column + from, chunk.count * MemoryLayout<Double>.stride)
                    }
                }
                kept += chunk.count
            }
        }
        rows.keep(total)
        let columns = PositionColumns(
            participant: rows.participant, time: rows.time, latitude: rows.latitude,
            longitude: rows.longitude, accuracy: rows.accuracy)
        return PositionTable(columns: columns, participantNames: names, lines: rows.line)
    }

    /// The coordinates of the chunks of one file, in file order, as ``join(_:rows:bytes:headerLine:)``
    /// would place them in its table; `nil` when it would return `nil`.
    /// - Parameters:
    ///   - chunks: the chunks, in file order.
    ///   - rows: the columns the chunks wrote into; their coordinates become the result's.
    static func joinCoordinates(_ chunks: [PositionChunk], rows: inout PositionRows) -> PositionCoordinates? {
        guard let total = joinedRowCount(chunks) else { return nil }
        var kept = 0
        rows.withWriter { rows in
            for chunk in chunks where chunk.count > 0 {
                if kept != chunk.first {
                    for column in [rows.latitude, rows.longitude] {
                        memmove(column + kept, column + chunk.first, chunk.count * MemoryLayout<Double>.stride)
                    }
                }
                kept += chunk.count
            }
        }
        rows.keep(total)
        return PositionCoordinates(latitude: rows.latitude, longitude: rows.longitude)
    }

    /// How many rows the chunks have together; `nil` when a chunk starts earlier than the one
    /// before it ended (the file's rows are not in time order) or there are none.
    static func joinedRowCount(_ chunks: [PositionChunk]) -> Int? {
        var lastTime = -Double.infinity
        for chunk in chunks where chunk.count > 0 {
            guard chunk.firstTime >= lastTime else { return nil }
            lastTime = chunk.lastTime
        }
        let total = chunks.reduce(0) { $0 + $1.count }
        return total > 0 ? total : nil
    }
}
