import RaceKitCore

/// An n × n matrix of non-negative integer distances (metres, seconds, TSPLIB units: the
/// optimizer does not care which), stored row-major as 32-bit integers. Asymmetric matrices are
/// allowed: `self[i, j]` is the cost of the leg from stop `i` to stop `j`. The diagonal is
/// ignored by every length computation.
public struct DistanceMatrix: Hashable, Sendable {
    /// The number of stops (rows = columns).
    public let count: Int
    /// Row-major entries, `entries[i * count + j]` = distance from `i` to `j`.
    public let entries: [Int32]

    /// A matrix from row-major entries.
    /// - Precondition: `entries.count == count * count` and every entry is non-negative.
    public init(count: Int, entries: [Int32]) {
        precondition(
            count >= 0 && entries.count == count * count, "a \(count) × \(count) matrix needs \(count * count) entries")
        precondition(entries.allSatisfy { $0 >= 0 }, "distances must be non-negative")
        self.count = count
        self.entries = entries
    }

    /// A matrix whose entry (i, j) is `distance(i, j)` (the diagonal is set to 0).
    /// - Precondition: every value is within 0…Int32.max.
    /// - Complexity: O(n²) calls of `distance`.
    public init(count: Int, distance: (Int, Int) -> Int) {
        var entries = [Int32](repeating: 0, count: count * count)
        for i in 0..<count {
            for j in 0..<count where i != j {
                let value = distance(i, j)
                precondition(
                    value >= 0 && value <= Int(Int32.max), "distance \(value) from \(i) to \(j) is out of range")
                entries[i * count + j] = Int32(value)
            }
        }
        self.init(count: count, entries: entries)
    }

    /// A matrix from rows as a user gave them, checked: square, non-negative, 32-bit.
    /// - Parameters:
    ///   - rows: n rows of n distances.
    ///   - source: names the input in errors (`"walk.json"`); row and column are appended.
    /// - Throws: `InputError` (`wrongSize`, `negativeDistance`, `notAnInteger`).
    public init(rows: [[Int]], source: String = "matrix") throws(InputError) {
        let n = rows.count
        var entries = [Int32](repeating: 0, count: n * n)
        for (i, row) in rows.enumerated() {
            guard row.count == n else {
                throw InputError(
                    .wrongSize, "row \(i + 1) has \(row.count) entries; a matrix of \(n) rows needs \(n) in each",
                    at: SourceLocation(file: source))
            }
            for (j, value) in row.enumerated() {
                guard value >= 0 else {
                    throw InputError(
                        .negativeDistance, "distance \(value) (row \(i + 1), column \(j + 1)) is negative",
                        at: SourceLocation(file: source))
                }
                guard value <= Int(Int32.max) else {
                    throw InputError(
                        .notAnInteger, "distance \(value) (row \(i + 1), column \(j + 1)) exceeds \(Int32.max)",
                        at: SourceLocation(file: source))
                }
                if i != j { entries[i * n + j] = Int32(value) }
            }
        }
        self.init(count: n, entries: entries)
    }

    /// The distance from stop `from` to stop `to`.
    @inlinable
    public subscript(from: Int, to: Int) -> Int { Int(entries[from * count + to]) }

    /// Whether every (i, j) equals (j, i).
    /// - Complexity: O(n²).
    public var isSymmetric: Bool {
        for i in 0..<count {
            for j in (i + 1)..<max(i + 1, count) where entries[i * count + j] != entries[j * count + i] { return false }
        }
        return true
    }

    /// The largest entry (0 for an empty matrix).
    public var maximum: Int { Int(entries.max() ?? 0) }

    /// The length of `order` as a path (`closed: false`) or a tour that returns to its first stop.
    /// - Complexity: O(order.count).
    public func length(of order: [Int], closed: Bool) -> Int {
        guard order.count > 1 else { return 0 }
        var total = 0
        for k in 1..<order.count { total += self[order[k - 1], order[k]] }
        if closed { total += self[order[order.count - 1], order[0]] }
        return total
    }
}
