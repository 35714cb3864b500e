import GameModes

/// The territory board of a game's standings drawn as inline SVG for the HTML report (no
/// network, no script): a grid of zones, X as a cross and O as a ring in their team's colour,
/// and a legend naming the teams.
///
/// It reads the standings' `board` detail, `TerritoryBoard.rendered(symbol:)`'s text (rows
/// joined by `/`, a cell as its team's symbol or `.`: `.OO/.OX/..X`), and the `symbol` detail of
/// each team; standings without a square board give no drawing.
struct GameBoardSVG {
    /// The detail that holds the board's text.
    static let detail = "board"

    /// Rows of cells, top first: a symbol, or `nil` for a free zone.
    let cells: [[Character?]]
    /// Symbol and team name, in standings order.
    let legend: [(symbol: Character, name: String)]

    init?(_ standings: Standings) {
        guard let text = standings.rows.lazy.compactMap({ $0.details[Self.detail] }).first else { return nil }
        let rows = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !rows.isEmpty, rows.allSatisfy({ $0.count == rows.count }) else { return nil }
        cells = rows.map { row in row.map { $0 == "." ? nil : $0 } }
        legend = standings.rows.compactMap { row in
            guard let symbol = row.details["symbol"], symbol.count == 1 else { return nil }
            return (symbol.first!, row.name)
        }
    }

    static let cell = 56.0
    static let colours: [Character: String] = ["X": "#d62728", "O": "#1f77b4"]

    /// The board, `cell` pixels a zone, with the legend beneath it.
    var svg: String {
        let n = Double(cells.count), size = n * Self.cell, legendHeight = 24.0 * Double(max(1, legend.count))
        let c = Self.cell
        var out =
            "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(size + 2))\" height=\"\(Int(size + 10 + legendHeight))\" "
        out +=
            "viewBox=\"-1 -1 \(Int(size + 2)) \(Int(size + 10 + legendHeight))\" role=\"img\" aria-label=\"final board\">\n"
        out +=
            "<rect x=\"0\" y=\"0\" width=\"\(Int(size))\" height=\"\(Int(size))\" fill=\"#fff\" stroke=\"#555\" stroke-width=\"2\"/>\n"
        for i in 1..<cells.count {
            let at = Int(Double(i) * c)
            out += "<line x1=\"\(at)\" y1=\"0\" x2=\"\(at)\" y2=\"\(Int(size))\" stroke=\"#555\"/>"
            out += "<line x1=\"0\" y1=\"\(at)\" x2=\"\(Int(size))\" y2=\"\(at)\" stroke=\"#555\"/>\n"
        }
        for (r, row) in cells.enumerated() {
            for (k, symbol) in row.enumerated() {
                guard let symbol else { continue }
                out += Self.mark(symbol, x: Double(k) * c, y: Double(r) * c, size: c) + "\n"
            }
        }
        for (i, entry) in legend.enumerated() {
            let y = size + 10 + 24 * Double(i)
            out += Self.mark(entry.symbol, x: 0, y: y, size: 20)
            out +=
                "<text x=\"28\" y=\"\(Int(y + 15))\" font-size=\"13\" fill=\"#222\">\(RaceReport.escape(entry.name))</text>\n"
        }
        return out + "</svg>"
    }

    /// A cross for X, a ring for O (any other symbol as its letter) in a `size` square at (`x`, `y`).
    private static func mark(_ symbol: Character, x: Double, y: Double, size: Double) -> String {
        let colour = colours[symbol] ?? "#333"
        let inset = size * 0.22, width = max(2, size * 0.09)
        func n(_ v: Double) -> String { String((v * 10).rounded() / 10) }
        switch symbol {
        case "X":
            return "<path d=\"M\(n(x + inset)) \(n(y + inset))L\(n(x + size - inset)) \(n(y + size - inset))"
                + "M\(n(x + size - inset)) \(n(y + inset))L\(n(x + inset)) \(n(y + size - inset))\" stroke=\"\(colour)\" "
                + "stroke-width=\"\(n(width))\" stroke-linecap=\"round\"/>"
        case "O":
            return
                "<circle cx=\"\(n(x + size / 2))\" cy=\"\(n(y + size / 2))\" r=\"\(n(size / 2 - inset))\" fill=\"none\" "
                + "stroke=\"\(colour)\" stroke-width=\"\(n(width))\"/>"
        default:
            return
                "<text x=\"\(n(x + size / 2))\" y=\"\(n(y + size * 0.7))\" text-anchor=\"middle\" font-size=\"\(n(size * 0.6))\" "
                + "fill=\"\(colour)\">\(RaceReport.escape(String(symbol)))</text>"
        }
    }
}
