import RaceKitCore
import RacePlanning
import RouteOptimizer

/// What `racekit optimize RACE.json` prints: the reordered course and its variants, as text or
/// as one JSON object (`--json`). Lengths are whole metres of haversine, or the unit of the
/// user's `--matrix`.
struct RaceOptimizationReport: Encodable {
    struct Variant: Encodable {
        /// The course id written into the race (`main`, `main-2`, …).
        let course: String
        let length: Int
        /// How much longer than the shortest variant, in percent (never over ``RaceOptimizationReport/maxExcessPercent``).
        let excessPercent: Double
        /// Directed legs shared with any earlier variant.
        let sharedLegs: Int
        /// Stop ids in order, start first.
        let order: [String]
    }

    /// Two stops that should not follow each other, as the report lists them.
    struct Pair: Encodable {
        /// The two stop ids, in race order.
        let stops: [String]
        /// The validator's code for the pair when it follows each other (`overlapping-consecutive-stops`, `leg-too-short`).
        let code: String
        /// Why, in words.
        let reason: String

        init(_ pair: SeparatedPair) {
            stops = [pair.first, pair.second]
            code = pair.spacing.issueCode
            switch pair.spacing {
            case .overlapping: reason = "the fences overlap"
            case .tooClose(let distance, let diameter):
                reason = "\(Int(distance.rounded())) m apart, under a \(Int(diameter.rounded())) m fence diameter"
            }
        }

        var text: String { "\"\(stops[0])\" and \"\(stops[1])\" (\(reason))" }
    }

    /// The course reordered (its id as the race had it).
    let course: String
    /// Distinct stops on the course.
    let stops: Int
    /// `closed` or `open:START-FINISH` (`*` for a free end), as `optimize` prints for a matrix.
    let mode: String
    /// `metres` (haversine between the stops' centres) or `matrix` (the unit of `--matrix`).
    let unit: String
    /// The course's stops in their original order.
    let lengthBefore: Int
    /// The best order's length.
    let length: Int
    let variantsRequested: Int
    let maxExcessPercent: Double
    let variants: [Variant]
    /// Longest minus shortest variant.
    let spread: Int
    /// The spread in percent of the shortest.
    let spreadPercent: Double
    /// Why there are fewer variants than requested, when there are.
    let note: String?
    /// The race file written (`-o`), if any.
    let output: String?
    /// How many pairs of the course's stops should not follow each other.
    let separatedPairs: Int
    /// Pairs that followed each other on the course and follow each other on no variant now.
    let resolved: [Pair]
    /// Pairs that still follow each other on some variant: the organiser must move or shrink them.
    let remaining: [Pair]

    init(_ result: CourseVariants, reordering: CourseReordering, byMatrix: Bool, output: String?) {
        let set = result.set
        course = result.original.id
        stops = reordering.stopIDs.count
        switch reordering.shape {
        case .closedTour: mode = "closed"
        case .openPath: mode = "open:\(reordering.start ?? "*")-\(reordering.finish ?? "*")"
        }
        unit = byMatrix ? "matrix" : "metres"
        lengthBefore = result.lengthBefore
        length = result.variants[0].length
        variantsRequested = set.requested
        maxExcessPercent = set.maxExcessPercent
        variants = zip(result.variants, set.variants).map { course, variant in
            Variant(
                course: course.course.id, length: course.length,
                excessPercent: (variant.excessPercent * 1000).rounded() / 1000,
                sharedLegs: variant.sharedLegs, order: course.order)
        }
        spread = set.spread
        spreadPercent = (set.spreadPercent * 1000).rounded() / 1000
        note = set.shortfall
        self.output = output
        separatedPairs = result.separatedPairs.count
        resolved = result.resolvedPairs.map(Pair.init)
        remaining = result.remainingPairs.map(Pair.init)
    }

    enum CodingKeys: String, CodingKey {
        case course, stops, mode, unit, lengthBefore, length, variantsRequested, maxExcessPercent, variants, spread,
            spreadPercent, note, output, separatedPairs, resolved, remaining
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(course, forKey: .course)
        try c.encode(stops, forKey: .stops)
        try c.encode(mode, forKey: .mode)
        try c.encode(unit, forKey: .unit)
        try c.encode(lengthBefore, forKey: .lengthBefore)
        try c.encode(length, forKey: .length)
        try c.encode(variantsRequested, forKey: .variantsRequested)
        try c.encode(maxExcessPercent, forKey: .maxExcessPercent)
        try c.encode(variants, forKey: .variants)
        try c.encode(spread, forKey: .spread)
        try c.encode(spreadPercent, forKey: .spreadPercent)
        // Explicit nulls: a reader sees every key.
        if let note { try c.encode(note, forKey: .note) } else { try c.encodeNil(forKey: .note) }
        if let output { try c.encode(output, forKey: .output) } else { try c.encodeNil(forKey: .output) }
        try c.encode(separatedPairs, forKey: .separatedPairs)
        try c.encode(resolved, forKey: .resolved)
        try c.encode(remaining, forKey: .remaining)
    }

    /// The text `optimize RACE.json` prints without `--json`.
    var text: String {
        func size(_ value: Int) -> String { unit == "metres" ? RaceOptimization.metres(value) : String(value) }
        var lines = ["course \"\(course)\": \(stops) stops, \(size(lengthBefore)) before, \(size(length)) after"]
        for variant in variants {
            let excess = variants.count > 1 ? " (+\(DecimalText.fixed(variant.excessPercent, digits: 1)) %)" : ""
            lines.append(
                "  \(variant.course): \(size(variant.length))\(excess)  \(variant.order.joined(separator: " → "))")
        }
        if variants.count > 1 {
            lines.append("  variants spread \(size(spread)) (\(DecimalText.fixed(spreadPercent, digits: 1)) %)")
        }
        if let note { lines.append("  \(note)") }
        for pair in resolved { lines.append("  kept apart: \(pair.text)") }
        for pair in remaining {
            lines.append("  still next to each other: \(pair.text); move the stops apart or shrink their fences")
        }
        if let output { lines.append("wrote \(output)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
