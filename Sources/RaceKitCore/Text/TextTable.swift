/// Aligned plain-text columns for terminal reports. Every table RaceKit prints goes through here,
/// so widths are measured one way (in characters) and the same rows always give the same bytes.
///
/// ```swift
/// var table = TextTable(alignments: [.left, .right])
/// table.append(["stop", "radius"])
/// table.append(["hb", "25 m"])
/// print(table.text)   // "stop  radius\nhb      25 m\n"
/// ```
public struct TextTable: Sendable {
    /// How a column's cells sit in its width.
    public enum Alignment: Sendable {
        /// Padded on the right.
        case left
        /// Padded on the left.
        case right
    }

    /// One alignment per column.
    public var alignments: [Alignment]
    /// The narrowest each column may be (columns not listed have none).
    public var minimumWidths: [Int]
    /// Between two columns.
    public var separator: String
    /// Whether each line loses its trailing spaces (for tables whose last cells may be empty).
    public var trimsTrailingSpaces: Bool
    /// The rows so far, the header (if any) first.
    public private(set) var rows: [[String]] = []

    /// An empty table with columns aligned as `alignments`.
    public init(
        alignments: [Alignment], minimumWidths: [Int] = [], separator: String = "  ", trimsTrailingSpaces: Bool = false
    ) {
        self.alignments = alignments
        self.minimumWidths = minimumWidths
        self.separator = separator
        self.trimsTrailingSpaces = trimsTrailingSpaces
    }

    /// Adds a row (a header is the first row); missing cells are empty.
    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The width of each column: its widest cell, at least its minimum.
    public var widths: [Int] {
        alignments.indices.map { c in
            max(c < minimumWidths.count ? minimumWidths[c] : 0, rows.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0)
        }
    }

    /// Each row as one line, without line feeds.
    public var lines: [String] {
        let widths = widths
        return rows.map { row in
            var line = ""
            for c in alignments.indices {
                let cell = c < row.count ? row[c] : ""
                let padding = String(repeating: " ", count: max(0, widths[c] - cell.count))
                if c > 0 { line += separator }
                line += alignments[c] == .left ? cell + padding : padding + cell
            }
            if trimsTrailingSpaces {
                while line.last == " " { line.removeLast() }
            }
            return line
        }
    }

    /// The lines, each ended by a line feed.
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// `label  value` lines, the values lined up after the widest label and two spaces (or in
    /// column `valueColumn`, counted from 0), each ended by a line feed.
    public static func labelled(_ rows: [(String, String)], valueColumn: Int? = nil) -> String {
        let labelWidth = valueColumn ?? ((rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { label, value in
            label + String(repeating: " ", count: max(0, labelWidth - label.count)) + value + "\n"
        }.joined()
    }
}
