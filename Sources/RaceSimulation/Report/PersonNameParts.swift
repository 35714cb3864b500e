/// A display name split into the given and family names that IOF XML's `PersonName` wants.
///
/// The rule (docs/simulation-output.md): the last word is the family name and the words before it
/// the given names ("Anna Lena Muster" → given "Anna Lena", family "Muster"); a name written
/// "Family, Given" is split at its comma; a single word is the family name with an empty given
/// name. Names such as "van der Berg Anna" cannot be told apart from these and follow the rule.
struct PersonNameParts: Hashable, Sendable {
    var given: String
    var family: String

    init(_ name: String) {
        let trimmed = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if let comma = trimmed.firstIndex(of: ","), !trimmed[..<comma].trimmingSpaces.isEmpty {
            family = trimmed[..<comma].trimmingSpaces
            given = trimmed[trimmed.index(after: comma)...].trimmingSpaces
        } else if let space = trimmed.lastIndex(of: " ") {
            given = String(trimmed[..<space])
            family = String(trimmed[trimmed.index(after: space)...])
        } else {
            given = ""
            family = trimmed
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
