import Dispatch
import GeoCore

extension PositionChunk {
    /// The chunks of one file, in file order, as the table the sequential reader makes of it; `nil`
    /// when the whole file breaks a rule no chunk sees alone (a time earlier than the previous
    /// chunk's last one) or has no rows, so that the sequential reader reports it.
    /// - Parameters:
    ///   - chunks: the chunks, in file order.
    ///   - bytes: the file the chunks were read from (participant names are in it).
    ///   - headerLine: the header's line; the first chunk starts on the line after it.
    static func join(_ chunks: [PositionChunk], bytes: UnsafeBufferPointer<UInt8>, headerLine: Int) -> PositionTable? {
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

        if chunks.count == 1, globalIndices[0].indices.allSatisfy({ globalIndices[0][$0] == $0 }) {
            // One chunk numbered as the file: its columns are the table's, without a copy.
            var chunk = chunks[0]
            let offset = firstLines[0]
            chunk.line.withUnsafeMutableBufferPointer { lines in
                for i in lines.indices { lines[i] &+= offset }
            }
            let columns = PositionColumns(
                participant: chunk.participant, time: chunk.time, latitude: chunk.latitude,
                longitude: chunk.longitude, accuracy: chunk.accuracy)
            return PositionTable(columns: columns, participantNames: names, lines: chunk.line)
        }
        let (maps, lineOffsets) = (globalIndices, firstLines)
        let columns = PositionColumns(
            participant: concatenate(chunks.map(\.participant), total: total) { part, source, target in
                maps[part].withUnsafeBufferPointer { map in
                    for i in source.indices { target[i] = map[Int(source[i])] }
                }
            },
            time: concatenate(chunks.map(\.time), total: total),
            latitude: concatenate(chunks.map(\.latitude), total: total),
            longitude: concatenate(chunks.map(\.longitude), total: total),
            accuracy: concatenate(chunks.map(\.accuracy), total: total))
        let lines = concatenate(chunks.map(\.line), total: total) { part, source, target in
            let offset = lineOffsets[part]
            for i in source.indices { target[i] = source[i] &+ offset }
        }
        return PositionTable(columns: columns, participantNames: names, lines: lines)
    }

    /// The parts one after the other, each part written by its own thread (a copy, unless `fill`
    /// says how to write a part's values).
    private static func concatenate<Element: Sendable>(
        _ parts: [ContiguousArray<Element>], total: Int,
        fill: (
            @Sendable (_ part: Int, _ source: UnsafeBufferPointer<Element>, _ target: UnsafeMutablePointer<Element>)
                -> Void
        )? = nil
    ) -> ContiguousArray<Element> {
        var partStarts: [Int] = [0]
        for part in parts { partStarts.append(partStarts[partStarts.count - 1] + part.count) }
        let starts = partStarts
        return ContiguousArray(unsafeUninitializedCapacity: total) { buffer, initialized in
            // Each iteration writes only its own part of `buffer`.
            nonisolated(unsafe) let target = buffer.baseAddress!
            let write = { @Sendable (part: Int) in
                parts[part].withUnsafeBufferPointer { source in
                    guard let from = source.baseAddress else { return }
                    if let fill {
                        fill(part, source, target + starts[part])
                    } else {
                        (target + starts[part]).initialize(from: from, count: source.count)
                    }
                }
            }
            if parts.count == 1 {
                write(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: parts.count, execute: write)
            }
            initialized = total
        }
    }
}
