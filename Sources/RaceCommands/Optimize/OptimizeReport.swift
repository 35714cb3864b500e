import RaceKitCore
import RouteOptimizer

/// What `racekit optimize` prints: a table, JSON (`--json`), or a RESULT line (`--result-line`).
struct OptimizeReport: Encodable {
    let instance: String
    let n: Int
    let mode: String
    let length: Int
    let optimum: Int?
    let seconds: Double
    let loadSeconds: Double
    /// Stop ids in order (TSPLIB: 1-based node ids).
    let tour: [String]
    let iterations: Int
    let method: String
    let provenOptimal: Bool
    /// The length of the stops in their input order.
    let inputLength: Int
    let variants: [Variant]?
    let spread: Int?
    /// K of `--variants K` (when above 1): ``variants`` may hold fewer.
    let variantsRequested: Int?
    /// The bound every variant keeps, in percent over the shortest.
    let maxExcessPercent: Double?
    /// Why there are fewer variants than requested, when there are.
    let note: String?
    let timeLimit: Double?
    let seed: UInt64
    let iterationLimit: Int?
    /// Searches run at once (`--threads`); ``iterations`` counts the rounds of all of them.
    let threads: Int

    struct Variant: Encodable {
        let length: Int
        let excessPercent: Double
        let sharedLegs: Int
        let tour: [String]

        init(_ variant: RouteVariant, labels: [String]) {
            length = variant.solution.length
            excessPercent = (variant.excessPercent * 1000).rounded() / 1000
            sharedLegs = variant.sharedLegs
            tour = variant.solution.order.map { labels[$0] }
        }
    }

    /// 100 · (length − optimum) / optimum.
    var gapPercent: Double? { optimum.map { 100 * Double(length - $0) / Double($0) } }

    enum CodingKeys: String, CodingKey {
        case instance, n, mode, length, optimum, seconds, loadSeconds, tour, iterations, method, provenOptimal,
            inputLength,
            variants, spread, gapPercent, variantsRequested, maxExcessPercent, note, threads
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(instance, forKey: .instance)
        try c.encode(n, forKey: .n)
        try c.encode(mode, forKey: .mode)
        try c.encode(length, forKey: .length)
        try c.encodeIfPresent(optimum, forKey: .optimum)
        try c.encodeIfPresent(gapPercent.map { ($0 * 1000).rounded() / 1000 }, forKey: .gapPercent)
        try c.encode((seconds * 1000).rounded() / 1000, forKey: .seconds)
        try c.encode((loadSeconds * 1000).rounded() / 1000, forKey: .loadSeconds)
        try c.encode(tour, forKey: .tour)
        try c.encode(iterations, forKey: .iterations)
        try c.encode(threads, forKey: .threads)
        try c.encode(method, forKey: .method)
        try c.encode(provenOptimal, forKey: .provenOptimal)
        try c.encode(inputLength, forKey: .inputLength)
        try c.encodeIfPresent(variants, forKey: .variants)
        try c.encodeIfPresent(spread, forKey: .spread)
        try c.encodeIfPresent(variantsRequested, forKey: .variantsRequested)
        try c.encodeIfPresent(maxExcessPercent, forKey: .maxExcessPercent)
        try c.encodeIfPresent(note, forKey: .note)
    }

    var table: String {
        var rows: [(String, String)] = [
            ("instance", "\(instance) (\(n) stops)"),
            ("mode", mode),
            ("length before", "\(inputLength) (input order)"),
            ("length", "\(length)" + (provenOptimal ? " (proven optimal)" : "")),
        ]
        if let optimum, let gap = gapPercent {
            rows.append(("optimum", "\(optimum) (gap \(DecimalText.fixed(gap, digits: 3)) %)"))
        }
        rows.append(("seconds", DecimalText.fixed(seconds, digits: 3)))
        rows.append(("iterations", "\(iterations) (\(method)" + (threads > 1 ? ", \(threads) searches at once)" : ")")))
        rows.append(("tour", tour.joined(separator: " ")))
        if let variants {
            for (k, v) in variants.enumerated() {
                rows.append(
                    (
                        "variant \(k + 1)",
                        "\(v.length) (+\(DecimalText.fixed(v.excessPercent, digits: 2)) %, \(v.sharedLegs) shared legs): "
                            + v.tour.joined(separator: " ")
                    ))
            }
            if let spread { rows.append(("spread", "\(spread)")) }
            if let note { rows.append(("note", note)) }
        }
        return TextTable.labelled(rows)
    }

    /// The TSP RESULT line, in the form the peer scripts of `Benchmarks/peers` print.
    var resultLine: String {
        var params = timeLimit.map { ["time_limit_s=\(DecimalText.fixed($0, digits: 3))"] } ?? []
        if let iterationLimit { params.append("iterations=\(iterationLimit)") }
        params.append("seed=\(seed)")
        if threads > 1 { params.append("threads=\(threads)") }
        return
            "RESULT workload=tsp instance=\(instance) n=\(n) tool=swift-racekit mode=\(mode) seconds=\(DecimalText.fixed(seconds, digits: 3)) "
            + "length=\(length) optimum=\(optimum.map(String.init) ?? "NA") gap_pct=\(gapPercent.map { DecimalText.fixed($0, digits: 3) } ?? "NA") "
            + "load_s=\(DecimalText.fixed(loadSeconds, digits: 3)) params=\(params.joined(separator: ",")) iterations=\(iterations) status=ok"
    }

    /// A TSPLIB tour file of the best order.
    var tourFile: String {
        "NAME : \(instance).tour\nCOMMENT : length \(length) (racekit optimize)\nTYPE : TOUR\nDIMENSION : \(n)\nTOUR_SECTION\n"
            + tour.joined(separator: "\n") + "\n-1\nEOF\n"
    }
}
