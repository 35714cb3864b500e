/// Runs every validation rule over a race and gathers the issues, like a compiler:
/// `racekit validate` prints them and exits 1 when any is an error.
public struct RaceValidator: Sendable {
    /// The rules RaceKit ships, in the order their issues are reported.
    public static let standardRules: [any ValidationRule] = [
        RaceSettingsRule(), DuplicateIDRule(), ReferenceRule(), RadiusRule(), AccuracyRadiusRule(), PolygonRule(),
        DuplicatePositionRule(), OverlapRule(), ShortLegRule(), FarStopRule(), AntimeridianRule(), TimeLimitRule(),
        TaskRule(), TimeWindowRule(),
    ]

    /// The rules run, in order: ``standardRules`` then the additional ones.
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
    static let fieldOrder = [
        "format", "name", "description", "startTime", "timeZone", "timeLimitSeconds", "rules", "mode",
        "stops", "courses", "participants", "teams",
    ]

    /// Sorted by path as a reader of the file meets them: top-level fields in the format's
    /// order, array elements by index (`/stops/2` before `/stops/10`), keeping the rules' order
    /// for issues at the same path, like a compiler's diagnostics.
    public static func inFileOrder(_ issues: [ValidationIssue]) -> [ValidationIssue] {
        /// A path component as it sorts: array indices by number, top-level fields by the
        /// format's order, other names alphabetically.
        enum Key: Comparable {
            case index(Int)
            case name(rank: Int, String)
        }
        func key(_ path: String) -> [Key] {
            path.split(separator: "/").enumerated().map { depth, part in
                if let index = Int(part) { return .index(index) }
                let rank = depth == 0 ? (fieldOrder.firstIndex(of: String(part)) ?? fieldOrder.count) : 0
                return .name(rank: rank, String(part))
            }
        }
        let keyed = issues.enumerated().map { (key: key($1.path), offset: $0, issue: $1) }
        return keyed.sorted { a, b in
            a.key != b.key ? a.key.lexicographicallyPrecedes(b.key) : a.offset < b.offset
        }.map(\.issue)
    }
}
