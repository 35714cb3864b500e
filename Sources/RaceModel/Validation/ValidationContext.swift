import GeoCore
import Geofencing

/// What rules share: the race, its stops by id, each stop's engine fence, and paths.
public struct ValidationContext: Sendable {
    /// The race being checked.
    public let race: Race
    /// The first stop with each id.
    public let stopIndex: [String: Int]
    /// Each stop's fence, or `nil` when it cannot be built (another rule reports why).
    public let fences: [Fence?]

    /// File positions of the race's elements (see ``SourceIndices``).
    public let sources: SourceIndices
    /// Pairs of stops (first < second) whose bounding circles overlap or whose centres are
    /// within `DuplicatePositionRule.nearMeters`: what the pairwise rules look at.
    public let nearbyPairs: [(Int, Int)]

    /// Prepares the context: stop index, fences and nearby pairs, computed once for all rules.
    public init(race: Race, sources: SourceIndices = SourceIndices()) {
        self.race = race
        self.sources = sources
        var index: [String: Int] = [:]
        for (i, stop) in race.stops.enumerated() where index[stop.id] == nil { index[stop.id] = i }
        stopIndex = index
        // A radius over the limit is RadiusRule's error; the geometric rules skip that stop.
        fences = race.stops.map { stop in
            if case .circle(_, let radius) = stop.fence, !(radius <= RaceFieldLimits.maximumRadiusMeters) { return nil }
            return try? stop.fence.makeFence()
        }
        nearbyPairs = Self.nearbyPairs(fences)
    }

    /// Finds the pairs through the geofence grid index over the stops' bounding circles, so a
    /// race with many stops costs O(stops × neighbours), not O(stops²).
    private static func nearbyPairs(_ fences: [Fence?]) -> [(Int, Int)] {
        let valid = fences.indices.filter { fences[$0] != nil }
        let circles = valid.map { i -> Fence in
            let circle = fences[i]!.boundingCircle
            return .circle(
                try! CircleFence(
                    centre: circle.centre, radiusMeters: circle.radiusMeters + DuplicatePositionRule.nearMeters))
        }
        let index = GridIndex(fences: circles)
        var pairs: [(Int, Int)] = []
        var seen = Set<Int>()
        for (k, i) in valid.enumerated() {
            seen.removeAll(keepingCapacity: true)
            let circle = fences[i]!.boundingCircle
            index.forEachCandidate(in: GeoBoundingBox.around(circle.centre, radiusMeters: circle.radiusMeters + 1)) {
                m in
                guard m > k, seen.insert(m).inserted else { return }
                let j = valid[m], other = fences[j]!.boundingCircle
                let d = circle.centre.distanceMeters(to: other.centre)
                if d <= circle.radiusMeters + other.radiusMeters || d < DuplicatePositionRule.nearMeters {
                    pairs.append((i, j))
                }
            }
        }
        return pairs.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
    }

    /// JSON pointers to the i-th stop, course, participant and team as they stand in the file.
    public func stopPath(_ i: Int) -> String { "/stops/\(i < sources.stops.count ? sources.stops[i] : i)" }
    /// The JSON pointer to the i-th course as it stands in the file.
    public func coursePath(_ i: Int) -> String { "/courses/\(i < sources.courses.count ? sources.courses[i] : i)" }
    /// The JSON pointer to the i-th participant as it stands in the file.
    public func participantPath(_ i: Int) -> String {
        "/participants/\(i < sources.participants.count ? sources.participants[i] : i)"
    }
    /// The JSON pointer to the i-th team as it stands in the file.
    public func teamPath(_ i: Int) -> String { "/teams/\(i < sources.teams.count ? sources.teams[i] : i)" }

    /// A circle around stop `i` that contains its whole fence, if the fence is valid.
    public func boundingCircle(_ i: Int) -> (centre: Coordinate, radiusMeters: Meters)? {
        fences[i]?.boundingCircle
    }

    /// The haversine distance between the centres of two stops, when both fences are valid.
    public func centreDistance(_ a: Int, _ b: Int) -> Meters? {
        guard let ca = boundingCircle(a), let cb = boundingCircle(b) else { return nil }
        return ca.centre.distanceMeters(to: cb.centre)
    }

    /// The shortest distance between the edges of two stops' fences (0 when they touch or
    /// overlap), on their bounding circles: exact for circles, a lower bound for polygons.
    public func gapMeters(_ a: Int, _ b: Int) -> Meters? {
        guard let ca = boundingCircle(a), let cb = boundingCircle(b) else { return nil }
        return max(0, ca.centre.distanceMeters(to: cb.centre) - ca.radiusMeters - cb.radiusMeters)
    }
}
