import RaceKitCore

/// What `racekit fence-check` prints: as a table, as JSON (`--json`), or as a RESULT line
/// in the peer scripts' form (`--result-line`).
struct FenceCheckReport: Encodable {
    let workload: String
    let stops: Int
    let positions: Int
    let threads: Int
    /// Whether the positions were queried as they were read: `querySeconds` then includes reading
    /// them, and `loadSeconds` is the stops' alone.
    let streamed: Bool
    let cellSizeMeters: Double
    let hits: Int
    let positionsWithHit: Int
    let checksum: UInt64
    let loadSeconds: Double
    let buildSeconds: Double
    let querySeconds: Double

    /// Positions per second of the query phase (with the reading, when streamed), rounded to a whole number.
    let positionsPerSecond: Double

    var table: String {
        let rows: [(String, String)] = [
            ("workload", workload),
            ("stops", "\(stops)"),
            ("positions", "\(positions)"),
            ("hits", "\(hits)"),
            ("positions with a hit", "\(positionsWithHit)"),
            ("checksum", "\(checksum)"),
            (streamed ? "stops load seconds" : "load seconds", DecimalText.fixed(loadSeconds, digits: 3)),
            ("index seconds", DecimalText.fixed(buildSeconds, digits: 3)),
            (streamed ? "read + query seconds" : "query seconds", DecimalText.fixed(querySeconds, digits: 3)),
            (
                "positions/second",
                "\(Int(positionsPerSecond.rounded())) (\(threads) thread\(threads == 1 ? "" : "s"), cell \(DecimalText.fixed(cellSizeMeters, digits: 1)) m)"
            ),
        ]
        return TextTable.labelled(rows)
    }

    var resultLine: String {
        "RESULT workload=fence:\(workload) tool=swift-racekit n=\(positions) stops=\(stops) "
            + "seconds=\(DecimalText.fixed(buildSeconds + querySeconds, digits: 3)) build_s=\(DecimalText.fixed(buildSeconds, digits: 3)) "
            + "query_s=\(DecimalText.fixed(querySeconds, digits: 3)) load_s=\(DecimalText.fixed(loadSeconds, digits: 3)) "
            + "throughput=\(Int(positionsPerSecond.rounded())) hits=\(hits) positions_with_hit=\(positionsWithHit) "
            + "checksum=\(checksum) params=threads=\(threads),streamed=\(streamed ? 1 : 0),cell_m=\(DecimalText.fixed(cellSizeMeters, digits: 1)) status=ok"
    }
}
