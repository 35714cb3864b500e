/// Runs every validation rule over a race and gathers the issues, like a compiler:
/// `racekit validate` prints them and exits 1 when any is an error.
public struct RaceValidator: Sendable {
    /// The rules RaceKit ships, in the order their issues are reported.
    public static let standardRules: [any ValidationRule] = [
        RaceSettingsRule(), DuplicateIDRule(), ReferenceRule(), RadiusRule(), PolygonRule(), DuplicatePositionRule(),
        OverlapRule(), ShortLegRule(), AntimeridianRule(), TimeLimitRule(), TaskRule(), TimeWindowRule(),
    ]

    public let rules: [any ValidationRule]

    /// The standard rules, then `additionalRules` (a game mode's rules, say).
    public init(additionalRules: [any ValidationRule] = []) {
        rules = Self.standardRules + additionalRules
    }

    /// The issues of a race, in file order (see ``inFileOrder(_:)``).
    public func validate(_ race: Race, sources: SourceIndices = SourceIndices()) -> [ValidationIssue] {
        let context = ValidationContext(race: race, sources: sources)
        var issues: [ValidationIssue] = []
        for rule in rules { rule.check(context, into: &issues) }
        return Self.inFileOrder(issues)
    }

    /// The issues of a race file: those found while reading it and the rules' (when the file's
    /// structure gave a race at all), in file order.
    public func validate(_ reading: RaceFile.Reading) -> [ValidationIssue] {
        Self.inFileOrder(reading.issues + (reading.race.map { validate($0, sources: reading.sources) } ?? []))
    }

    /// The top-level fields in the order the format writes them.
    static let fieldOrder = ["format", "name", "description", "startTime", "timeZone", "timeLimitSeconds", "rules", "mode",
                             "stops", "courses", "participants", "teams"]

    /// Sorted by path as a reader of the file meets them: top-level fields in the format's
    /// order, array elements by index (`/stops/2` before `/stops/10`), keeping the rules' order
    /// for issues at the same path, like a compiler's diagnostics.
    public static func inFileOrder(_ issues: [ValidationIssue]) -> [ValidationIssue] {
        func parts(_ path: String) -> [String] { path.split(separator: "/", omittingEmptySubsequences: false).map(String.init) }
        func precedes(_ a: String, _ b: String) -> Bool {
            let x = parts(a), y = parts(b)
            for (k, (p, q)) in zip(x, y).enumerated() where p != q {
                if let m = Int(p), let n = Int(q) { return m < n }
                if k == 1 {
                    let rank = { (field: String) in fieldOrder.firstIndex(of: field) ?? fieldOrder.count }
                    if rank(p) != rank(q) { return rank(p) < rank(q) }
                }
                return p < q
            }
            return x.count < y.count
        }
        return issues.enumerated().sorted { a, b in
            if a.element.path != b.element.path { return precedes(a.element.path, b.element.path) }
            return a.offset < b.offset
        }.map(\.element)
    }
}
