import RaceKitCore

/// What `racekit fence-check` prints: as a table, as JSON (`--json`), or as a RESULT line
/// in the peer scripts' form (`--result-line`).
struct FenceCheckReport: Encodable {
    let workload: String
    let stops: Int
    let positions: Int
    let threads: Int
    let cellSizeMeters: Double
    let hits: Int
    let positionsWithHit: Int
    let checksum: UInt64
    let loadSeconds: Double
    let buildSeconds: Double
    let querySeconds: Double

    /// Positions per second of the query phase, rounded to a whole number.
    let positionsPerSecond: Double

    var table: String {
        let rows: [(String, String)] = [
            ("workload", workload),
            ("stops", "\(stops)"),
            ("positions", "\(positions)"),
            ("hits", "\(hits)"),
            ("positions with a hit", "\(positionsWithHit)"),
            ("checksum", "\(checksum)"),
            ("load seconds", FixedPoint.text(loadSeconds, 3)),
            ("index seconds", FixedPoint.text(buildSeconds, 3)),
            ("query seconds", FixedPoint.text(querySeconds, 3)),
            (
                "positions/second",
                "\(Int(positionsPerSecond.rounded())) (\(threads) thread\(threads == 1 ? "" : "s"), cell \(FixedPoint.text(cellSizeMeters, 1)) m)"
            ),
        ]
        return TextTable.labelled(rows)
    }

    var resultLine: String {
        "RESULT workload=fence:\(workload) tool=swift-racekit n=\(positions) stops=\(stops) "
            + "seconds=\(FixedPoint.text(buildSeconds + querySeconds, 3)) build_s=\(FixedPoint.text(buildSeconds, 3)) "
            + "query_s=\(FixedPoint.text(querySeconds, 3)) load_s=\(FixedPoint.text(loadSeconds, 3)) "
            + "throughput=\(Int(positionsPerSecond.rounded())) hits=\(hits) positions_with_hit=\(positionsWithHit) "
            + "checksum=\(checksum) params=threads=\(threads),cell_m=\(FixedPoint.text(cellSizeMeters, 1)) status=ok"
    }
}
