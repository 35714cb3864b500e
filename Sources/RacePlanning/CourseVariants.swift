import RaceModel
import RouteOptimizer

/// A race's course reordered into fair variants (``CourseReordering/variants(count:maxExcessPercent:options:distances:)``):
/// the courses, their lengths, and the race with them in place of the original.
///
/// Lengths are in the unit of the matrix the orders were chosen by: whole metres for
/// ``CourseReordering/haversineDistances``, the user's unit for a matrix of their own.
public struct CourseVariants: Sendable {
    /// One variant: the course as it is written into the race, and the order it was made from.
    public struct Variant: Hashable, Sendable {
        /// The course, with its id (`ID` for the first, `ID-k` after) and the new order.
        public let course: Course
        /// Every distinct stop of the course in the order found, start first.
        public let order: [String]
        /// The order's length (a closed tour includes the leg back to its start).
        public let length: Int
        /// The separated pairs that still follow each other on this course.
        public let adjacentPairs: [SeparatedPair]
    }

    /// The race with the course replaced by its variants and its participants spread over them.
    public let race: Race
    /// The course as the race had it.
    public let original: Course
    /// The length of the course's stops in their original order.
    public let lengthBefore: Int
    /// The variants, best first.
    public let variants: [Variant]
    /// The optimizer's own account: excess per variant, shared legs, spread.
    public let set: RouteVariantSet
    /// The course's pairs of stops that should not follow each other.
    public let separatedPairs: [SeparatedPair]
    /// Those of them that followed each other on the course as the race had it.
    public let adjacentBefore: [SeparatedPair]

    /// The pairs that followed each other before and follow each other on no variant now.
    public var resolvedPairs: [SeparatedPair] {
        let remaining = Set(remainingPairs)
        return adjacentBefore.filter { !remaining.contains($0) }
    }

    /// The pairs that follow each other on some variant, each once, in the order of
    /// ``separatedPairs``.
    public var remainingPairs: [SeparatedPair] {
        let adjacent = Set(variants.flatMap(\.adjacentPairs))
        return separatedPairs.filter { adjacent.contains($0) }
    }
}
