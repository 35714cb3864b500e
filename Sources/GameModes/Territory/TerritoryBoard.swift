/// An N×N tic-tac-toe board of zones, row-major, each free or held by a team.
public struct TerritoryBoard: Hashable, Sendable, Codable {
    /// N: the board has N×N cells.
    public let size: Int
    /// The holder of each cell (a team id), row-major from the top-left (north-west) cell.
    public private(set) var cells: [String?]

    /// An empty N×N board.
    public init(size: Int) {
        self.size = size
        cells = Array(repeating: nil, count: size * size)
    }

    /// The team holding the cell at `row` and `column` (0-based from the north-west), or `nil`.
    public subscript(row: Int, column: Int) -> String? { cells[row * size + column] }

    /// Gives cell `cell` (row-major index) to `team`.
    public mutating func claim(_ cell: Int, by team: String) { cells[cell] = team }

    /// Whether every cell is held.
    public var isFull: Bool { cells.allSatisfy { $0 != nil } }

    /// Every line that wins: the N rows, the N columns and the two diagonals, as cell indices.
    public var lines: [[Int]] {
        let n = size
        var lines = (0..<n).map { r in (0..<n).map { r * n + $0 } } + (0..<n).map { c in (0..<n).map { $0 * n + c } }
        lines.append((0..<n).map { $0 * n + $0 })
        lines.append((0..<n).map { $0 * n + (n - 1 - $0) })
        return lines
    }

    /// The team holding a whole line, if any (at most one team can after each single claim).
    public var winner: String? {
        for line in lines {
            if let first = cells[line[0]], line.allSatisfy({ cells[$0] == first }) { return first }
        }
        return nil
    }

    /// Rows joined by `/`, a cell as the first letter given by `symbol` or `.`: `XO./.X./..O`.
    public func rendered(symbol: (String) -> String) -> String {
        (0..<size).map { r in (0..<size).map { c in self[r, c].map(symbol) ?? "." }.joined() }.joined(separator: "/")
    }
}
