import Foundation
import RaceKitCore

/// TSPLIB tour files (`*.opt.tour`) and the `bestSolutions.txt` list of optimal lengths.
public enum TSPLIBTour {
    /// The tour in a `.tour` file as 0-based stops (the file's ids minus one), up to `-1` or `EOF`.
    /// - Throws: `malformedTSPLIB` naming `file:line:column` of a token that is not an integer.
    public static func read(path: String) throws(InputError) -> [Int] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(.malformedTSPLIB, "cannot read the file", at: SourceLocation(file: path))
        }
        var tour: [Int] = []
        var inSection = false
        var lineNumber = 0
        for raw in String(decoding: data, as: UTF8.self).split(
            omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        {
            lineNumber += 1
            let line = raw.trimmingWhitespace
            if line.uppercased().hasPrefix("TOUR_SECTION") { inSection = true; continue }
            guard inSection, !line.isEmpty else { continue }
            if line == "EOF" { break }
            for token in line.split(separator: " ") {
                guard let id = Int(token) else {
                    throw InputError(
                        .malformedTSPLIB, "'\(token)' is not a node id",
                        at: SourceLocation(file: path, line: lineNumber))
                }
                if id == -1 { return tour }
                tour.append(id - 1)
            }
        }
        return tour
    }

    /// `name : length` lines of a `bestSolutions.txt`, and `name : [lower,upper]` (bounds, as the
    /// SOP set gives open instances) as the upper bound, the best length known; lines that do not
    /// parse are skipped.
    public static func bestKnownLengths(path: String) -> [String: Int] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var lengths: [String: Int] = [:]
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            var text = parts[1].trimmingWhitespace
            if text.hasPrefix("["), text.hasSuffix("]"), let comma = text.lastIndex(of: ",") {
                text = String(text[text.index(after: comma)..<text.index(before: text.endIndex)])
            }
            let value = text.split(separator: " ").first.flatMap { Int($0) }
            if let value { lengths[parts[0].trimmingWhitespace] = value }
        }
        return lengths
    }
}
