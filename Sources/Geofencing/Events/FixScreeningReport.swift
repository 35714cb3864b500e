/// What the fix screening of event detection did: how many fixes it accepted, how many it
/// rejected for each ``FixRejection`` (in total and per participant), and the first rows of
/// each rejection.
///
/// Rejected fixes are never used for events. The report does not depend on the order in
/// which participants were processed.
public struct FixScreeningReport: Hashable, Sendable, Codable {
    /// How many rows ``sampleRows(_:)`` keeps per reason.
    public static let sampleLimit = 20

    /// Fixes used for detection.
    public private(set) var acceptedCount = 0
    /// Rejected fixes per reason (reasons with none are absent).
    public private(set) var rejectedCounts: [FixRejection: Int] = [:]
    /// Rejected fixes per participant and reason.
    public private(set) var rejectedCountsByParticipant: [Int32: [FixRejection: Int]] = [:]
    private var samples: [FixRejection: [Int]] = [:]

    /// An empty report: nothing accepted, nothing rejected.
    public init() {}

    /// All rejected fixes.
    public var rejectedCount: Int { rejectedCounts.values.reduce(0, +) }

    /// Rejected fixes for `reason`, of every participant or of one.
    public func count(_ reason: FixRejection, participant: Int32? = nil) -> Int {
        guard let participant else { return rejectedCounts[reason] ?? 0 }
        return rejectedCountsByParticipant[participant]?[reason] ?? 0
    }

    /// The smallest rows rejected for `reason`, ascending, at most ``sampleLimit``.
    public func sampleRows(_ reason: FixRejection) -> [Int] { samples[reason] ?? [] }

    mutating func recordAccepted() { acceptedCount += 1 }

    /// Adds the report of one participant's fixes screened on their own (as participant 0,
    /// rows from 0), as participant `participant` whose rows start at `rowOffset`.
    public mutating func add(_ other: FixScreeningReport, asParticipant participant: Int32, rowOffset: Int) {
        acceptedCount += other.acceptedCount
        for (reason, count) in other.rejectedCounts { rejectedCounts[reason, default: 0] += count }
        for counts in other.rejectedCountsByParticipant.values {
            for (reason, count) in counts {
                rejectedCountsByParticipant[participant, default: [:]][reason, default: 0] += count
            }
        }
        for (reason, rows) in other.samples {
            for row in rows { Self.keepSmallest(row + rowOffset, in: &samples[reason, default: []]) }
        }
    }

    /// Counts a rejected fix and keeps its row if it is among the smallest ``sampleLimit``.
    /// - Complexity: O(1) amortised when rows come in increasing order, O(``sampleLimit``) otherwise.
    mutating func recordRejected(_ reason: FixRejection, participant: Int32, row: Int) {
        rejectedCounts[reason, default: 0] += 1
        rejectedCountsByParticipant[participant, default: [:]][reason, default: 0] += 1
        Self.keepSmallest(row, in: &samples[reason, default: []])
    }

    private static func keepSmallest(_ row: Int, in rows: inout [Int]) {
        if rows.count == sampleLimit {
            guard let last = rows.last, row < last else { return }
            rows.removeLast()
        }
        let position = rows.lastIndex { $0 < row }.map { $0 + 1 } ?? 0
        rows.insert(row, at: position)
    }
}

extension FixScreeningReport: CustomStringConvertible {
    /// One line: `"3598 fixes accepted, 3 rejected: 1 duplicate (row 7), 2 impossibleSpeed (rows 12, 40)"`.
    public var description: String {
        let accepted = "\(acceptedCount) fixes accepted"
        guard rejectedCount > 0 else { return accepted + ", none rejected" }
        let parts = FixRejection.allCases.compactMap { reason -> String? in
            let count = count(reason)
            guard count > 0 else { return nil }
            let rows = sampleRows(reason)
            let more = count > rows.count ? ", …" : ""
            let label = rows.count == 1 ? "row" : "rows"
            return "\(count) \(reason.rawValue) (\(label) \(rows.map(String.init).joined(separator: ", "))\(more))"
        }
        return "\(accepted), \(rejectedCount) rejected: " + parts.joined(separator: ", ")
    }
}
