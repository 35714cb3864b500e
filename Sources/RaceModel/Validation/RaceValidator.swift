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

    /// The issues of a race.
    public func validate(_ race: Race, sources: SourceIndices = SourceIndices()) -> [ValidationIssue] {
        let context = ValidationContext(race: race, sources: sources)
        var issues: [ValidationIssue] = []
        for rule in rules { rule.check(context, into: &issues) }
        return issues
    }

    /// The issues of a race file: those found while reading it, then the rules' (when the
    /// file's structure gave a race at all).
    public func validate(_ reading: RaceFile.Reading) -> [ValidationIssue] {
        reading.issues + (reading.race.map { validate($0, sources: reading.sources) } ?? [])
    }
}
