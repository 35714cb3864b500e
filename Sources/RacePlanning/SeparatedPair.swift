import RaceModel

/// Two stops of a course that should not follow each other (their fences overlap, or they are
/// closer than a fence's diameter): a soft constraint of the reordering, by stop id.
public struct SeparatedPair: Hashable, Sendable {
    /// The stop listed first in the race.
    public let first: String
    /// The stop listed later in the race.
    public let second: String
    /// Why they should not follow each other.
    public let spacing: StopSpacing

    /// Creates a pair.
    public init(first: String, second: String, spacing: StopSpacing) {
        self.first = first
        self.second = second
        self.spacing = spacing
    }

    /// The pairs of `pairs` whose stops follow each other on `course` (a leg of its sequence, in
    /// either direction; stops in any-order groups have no fixed neighbours), in `pairs`' order.
    public static func adjacent(_ pairs: [SeparatedPair], on course: Course) -> [SeparatedPair] {
        let legs = Set(course.fixedLegs.map { [min($0.from, $0.to), max($0.from, $0.to)] })
        return pairs.filter { legs.contains([min($0.first, $0.second), max($0.first, $0.second)]) }
    }
}
