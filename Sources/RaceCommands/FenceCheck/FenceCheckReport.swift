/// What `racekit fence-check` prints: as a table, as JSON (`--json`), or as a RESULT line
/// for the peers' summarize.py (`--result-line`).
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

    var positionsPerSecond: Double { querySeconds > 0 ? Double(positions) / querySeconds : 0 }

    private enum CodingKeys: String, CodingKey {
        case workload, stops, positions, threads, cellSizeMeters, hits, positionsWithHit, checksum
        case loadSeconds, buildSeconds, querySeconds, positionsPerSecond
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(workload, forKey: .workload)
        try c.encode(stops, forKey: .stops)
        try c.encode(positions, forKey: .positions)
        try c.encode(threads, forKey: .threads)
        try c.encode(cellSizeMeters, forKey: .cellSizeMeters)
        try c.encode(hits, forKey: .hits)
        try c.encode(positionsWithHit, forKey: .positionsWithHit)
        try c.encode(checksum, forKey: .checksum)
        try c.encode(loadSeconds, forKey: .loadSeconds)
        try c.encode(buildSeconds, forKey: .buildSeconds)
        try c.encode(querySeconds, forKey: .querySeconds)
        try c.encode(positionsPerSecond.rounded(), forKey: .positionsPerSecond)
    }

    var table: String {
        let rows: [(String, String)] = [
            ("workload", workload),
            ("stops", "\(stops)"),
            ("positions", "\(positions)"),
            ("hits", "\(hits)"),
            ("positions with a hit", "\(positionsWithHit)"),
            ("checksum", "\(checksum)"),
            ("load seconds", Self.fixed(loadSeconds, 3)),
            ("index seconds", Self.fixed(buildSeconds, 3)),
            ("query seconds", Self.fixed(querySeconds, 3)),
            ("positions/second", "\(Int(positionsPerSecond.rounded())) (\(threads) thread\(threads == 1 ? "" : "s"), cell \(Self.fixed(cellSizeMeters, 1)) m)"),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n") + "\n"
    }

    var resultLine: String {
        "RESULT workload=fence:\(workload) tool=swift-racekit n=\(positions) stops=\(stops) "
            + "seconds=\(Self.fixed(buildSeconds + querySeconds, 3)) build_s=\(Self.fixed(buildSeconds, 3)) "
            + "query_s=\(Self.fixed(querySeconds, 3)) load_s=\(Self.fixed(loadSeconds, 3)) "
            + "throughput=\(Int(positionsPerSecond.rounded())) hits=\(hits) positions_with_hit=\(positionsWithHit) "
            + "checksum=\(checksum) params=threads=\(threads),cell_m=\(Self.fixed(cellSizeMeters, 1)) status=ok"
    }

    /// `value` with `digits` decimals, the same on every platform.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value * scale).rounded()
        let integer = Int(scaled / scale)
        let fraction = Int(abs(scaled) - abs(Double(integer)) * scale)
        guard digits > 0 else { return "\(integer)" }
        let text = String(fraction)
        let sign = value < 0 && integer == 0 ? "-" : ""
        return "\(sign)\(integer)." + String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
