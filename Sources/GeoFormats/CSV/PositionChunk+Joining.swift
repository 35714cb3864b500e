import GeoCore

extension PositionChunk {
    /// The chunks of one file, in file order, as the table the sequential reader makes of it; `nil`
    /// when the whole file breaks a rule no chunk sees alone (a time earlier than the previous
    /// chunk's last one) or has no rows, so that the sequential reader reports it.
    /// - Parameters:
    ///   - chunks: the chunks, in file order; the first one's columns become the table's.
    ///   - bytes: the file the chunks were read from (participant names are in it).
    ///   - headerLine: the header's line; the first chunk starts on the line after it.
    static func join(_ chunks: inout [PositionChunk], bytes: UnsafeBufferPointer<UInt8>, headerLine: Int)
        -> PositionTable?
    {
        var lastTime = -Double.infinity
        for chunk in chunks where chunk.count > 0 {
            guard chunk.time[0] >= lastTime else { return nil }
            lastTime = chunk.time[chunk.count - 1]
        }
        let total = chunks.reduce(0) { $0 + $1.count }
        guard total > 0 else { return nil }

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

        // The first chunk's columns grow into the table's (the first chunk reserves room for the
        // whole file): renumbered in place if need be, then the other chunks appended.
        var table = chunks[0]
        chunks[0] = PositionChunk()  // `table` now holds the only reference to its columns
        if !globalIndices[0].indices.allSatisfy({ globalIndices[0][$0] == $0 }) {
            let map = globalIndices[0]
            table.participant.withUnsafeMutableBufferPointer { rows in
                for i in rows.indices { rows[i] = map[Int(rows[i])] }
            }
        }
        let firstOffset = firstLines[0]
        table.line.withUnsafeMutableBufferPointer { lines in
            for i in lines.indices { lines[i] &+= firstOffset }
        }
        table.reserveCapacity(total)
        for (k, chunk) in chunks.enumerated().dropFirst() {
            let map = globalIndices[k], offset = firstLines[k]
            table.participant.append(contentsOf: chunk.participant.lazy.map { map[Int($0)] })
            table.time.append(contentsOf: chunk.time)
            table.latitude.append(contentsOf: chunk.latitude)
            table.longitude.append(contentsOf: chunk.longitude)
            table.accuracy.append(contentsOf: chunk.accuracy)
            table.line.append(contentsOf: chunk.line.lazy.map { $0 &+ offset })
        }
        let columns = PositionColumns(
            participant: table.participant, time: table.time, latitude: table.latitude,
            longitude: table.longitude, accuracy: table.accuracy)
        return PositionTable(columns: columns, participantNames: names, lines: table.line)
    }
}
