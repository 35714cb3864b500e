import RaceKitCore

/// TSPLIB tour files (`*.opt.tour`) and the `bestSolutions.txt` list of optimal lengths.
public enum TSPLIBTour {
    /// The tour in a `.tour` file as 0-based stops (the file's ids minus one), up to `-1` or `EOF`,
    /// read a line at a time from the mapped file.
    /// - Throws: `malformedTSPLIB` naming `file:line:column` of a token that is not an integer.
    public static func read(path: String) throws(InputError) -> [Int] {
        try FileBytes.withMapped(path) { bytes throws(InputError) in
            var tour: [Int] = []
            var inSection = false
            var lines = ByteLines(bytes)
            while let (lineNumber, range) = lines.next() {
                let line = UnsafeBufferPointer(rebasing: bytes[range])
                if !inSection {
                    let text = String(decoding: line, as: UTF8.self).trimmingWhitespace
                    inSection = text.uppercased().hasPrefix("TOUR_SECTION")
                    continue
                }
                if TSPLIBLine.isEnd(line) { break }
                var ended = false
                try TSPLIBLine.forEachToken(in: line) { token, column throws(InputError) in
                    guard !ended else { return }
                    guard let id = DecimalParser.parseInteger(token) else {
                        let text = String(decoding: UnsafeBufferPointer(rebasing: token.prefix(40)), as: UTF8.self)
                        throw InputError(
                            .malformedTSPLIB, "'\(text)' is not a node id",
                            at: SourceLocation(file: path, line: lineNumber, column: column))
                    }
                    if id == -1 { ended = true } else { tour.append(id - 1) }
                }
                if ended { break }
            }
            return tour
        }
    }

    /// `name : length` lines of a `bestSolutions.txt`, and `name : [lower,upper]` (bounds, as the
    /// SOP set gives open instances) as the upper bound, the best length known; lines that do not
    /// parse are skipped.
    public static func bestKnownLengths(path: String) -> [String: Int] {
        var lengths: [String: Int] = [:]
        _ = try? FileBytes.withMapped(path) { bytes throws(InputError) in
            var lines = ByteLines(bytes)
            while let (_, range) = lines.next() {
                let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                read(line, into: &lengths)
            }
        }
        return lengths
    }

    /// Adds one `name : length` or `name : [lower,upper]` line to `lengths`, if it parses.
    private static func read(_ line: String, into lengths: inout [String: Int]) {
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { return }
        var text = parts[1].trimmingWhitespace
        if text.hasPrefix("["), text.hasSuffix("]"), let comma = text.lastIndex(of: ",") {
            text = String(text[text.index(after: comma)..<text.index(before: text.endIndex)])
        }
        let value = text.split(separator: " ").first.flatMap { Int($0) }
        if let value { lengths[parts[0].trimmingWhitespace] = value }
    }
}
