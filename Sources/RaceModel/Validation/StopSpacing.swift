import GeoCore
import Geofencing

/// Why two stops should not follow each other on a course: the issues that depend on the
/// order, so that reordering the course can remove them. `racekit optimize` keeps such pairs
/// apart (RacePlanning's `CourseReordering`), and the validator reports them when they follow
/// each other.
public enum StopSpacing: Hashable, Sendable {
    /// The fences overlap (their centres a metre or more apart; closer is the same place, which
    /// `duplicate-position` reports whatever the order): `OverlapRule`'s
    /// `overlapping-consecutive-stops` error when they follow each other.
    case overlapping
    /// The fences do not touch, but the centres are closer than the larger fence's diameter:
    /// `ShortLegRule`'s `leg-too-short` warning when they follow each other.
    case tooClose(distance: Meters, diameter: Meters)

    /// The validator's code for the pair when it follows each other on a course.
    public var issueCode: String {
        switch self {
        case .overlapping: return "overlapping-consecutive-stops"
        case .tooClose: return "leg-too-short"
        }
    }
}

extension ValidationContext {
    /// Why stops `a` and `b` (indices) should not follow each other, or `nil` when they may
    /// (or when a fence is invalid, which other rules report).
    public func spacing(_ a: Int, _ b: Int) -> StopSpacing? {
        guard let d = centreDistance(a, b), let gap = gapMeters(a, b), let ra = boundingCircle(a)?.radiusMeters,
            let rb = boundingCircle(b)?.radiusMeters
        else { return nil }
        if gap == 0 { return d >= DuplicatePositionRule.nearMeters ? .overlapping : nil }
        let diameter = 2 * max(ra, rb)
        return d < diameter ? .tooClose(distance: d, diameter: diameter) : nil
    }

    /// The pairs among `stops` (indices into the race's stops) that should not follow each
    /// other, each once, the lower index first, sorted.
    ///
    /// The pairs are found through the geofence grid index over circles of twice each stop's
    /// bounding radius (a pair closer than the larger diameter has one centre inside the other's
    /// doubled circle), so a course of n stops costs O(n × neighbours), not O(n²).
    public func spacingPairs(among stops: [Int]) -> [(first: Int, second: Int, spacing: StopSpacing)] {
        let valid = Array(Set(stops)).sorted().filter { boundingCircle($0) != nil }
        let doubled = valid.map { i -> Fence in
            let circle = boundingCircle(i)!
            return .circle(try! CircleFence(centre: circle.centre, radiusMeters: 2 * circle.radiusMeters + 1))
        }
        let index = GridIndex(fences: doubled)
        var pairs: [(first: Int, second: Int, spacing: StopSpacing)] = []
        var seen = Set<Int>()
        for (k, i) in valid.enumerated() {
            seen.removeAll(keepingCapacity: true)
            let circle = boundingCircle(i)!
            index.forEachCandidate(in: GeoBoundingBox.around(circle.centre, radiusMeters: 2 * circle.radiusMeters + 1))
            {
                m in
                guard m > k, seen.insert(m).inserted, let spacing = spacing(i, valid[m]) else { return }
                pairs.append((i, valid[m], spacing))
            }
        }
        return pairs.sorted { $0.first != $1.first ? $0.first < $1.first : $0.second < $1.second }
    }
}
