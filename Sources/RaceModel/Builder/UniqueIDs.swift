/// Ids made unique within one list (a race's stops, participants or teams): a name's slug, or
/// `slug-2`, `slug-3`… when it is taken.
///
/// Suffixes only grow per slug, so the ids are the ones trying -2, -3… from the start each time
/// would give, at O(1) per id instead of a look at every id so far.
struct UniqueIDs: Sendable {
    private var taken: Set<String>
    private var nextSuffix: [String: Int] = [:]

    /// A list that already holds `ids`.
    init<S: Sequence>(_ ids: S) where S.Element == String {
        taken = Set(ids)
    }

    /// Marks an id given by the user as taken.
    mutating func insert(_ id: String) {
        taken.insert(id)
    }

    /// A new id from a name (see ``RaceBuilder/slug(_:)``), marked as taken.
    mutating func make(from name: String) -> String {
        let slug = RaceBuilder.slug(name)
        var id = slug
        if taken.contains(slug) {
            var n = nextSuffix[slug] ?? 2
            while taken.contains("\(slug)-\(n)") { n += 1 }
            nextSuffix[slug] = n + 1
            id = "\(slug)-\(n)"
        }
        taken.insert(id)
        return id
    }
}
