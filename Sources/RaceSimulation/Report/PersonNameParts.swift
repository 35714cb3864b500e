/// A display name split into the given and family names that IOF XML's `PersonName` wants.
///
/// The rule (docs/simulation-output.md): the last word is the family name and the words before it
/// the given names ("Anna Lena Muster" → given "Anna Lena", family "Muster"); a name written
/// "Family, Given" is split at its first comma; a single word is the family name with an empty
/// given name. Names such as "van der Berg Anna" cannot be told apart from these and follow the rule.
struct PersonNameParts: Hashable, Sendable {
    var given: String
    var family: String

    init(_ name: String) {
        (given, family) = Self.split(name.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }

    /// `name` with single spaces between words and none around them.
    private static func split(_ name: String) -> (given: String, family: String) {
        if let comma = name.firstIndex(of: ",") {
            let before = name[..<comma].trimmingSpaces, after = name[name.index(after: comma)...].trimmingSpaces
            // ", Anna": nothing before the comma, so the name is what follows it.
            return before.isEmpty ? split(after) : (after, before)
        }
        guard let space = name.lastIndex(of: " ") else { return ("", name) }
        return (String(name[..<space]), String(name[name.index(after: space)...]))
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
