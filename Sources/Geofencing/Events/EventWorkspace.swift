import GeoCore

/// The state that participants' trackers share while detecting events: the fence index and
/// rules, scratch buffers, and the ``FixScreeningReport`` of every fix fed so far.
///
/// A simulator keeps one workspace and one ``ParticipantEventTracker`` per participant, and
/// passes the workspace to every ``ParticipantEventTracker/ingest(row:time:latitude:longitude:accuracyMeters:workspace:emit:)``.
/// The workspace holds O(fences) memory once, so each tracker needs memory only for the fences
/// its participant is in. Once its buffers are warm, ingesting a fix allocates nothing, except
/// to record a rejection, to find the crossings of a polygon near the segment, or to look up
/// the candidates of a segment near the antimeridian or a pole.
public struct EventWorkspace: Sendable {
    /// The fences and how to query them.
    public let index: GridIndex
    /// The rules every tracker using this workspace follows.
    public let rules: EventRules
    /// Accepted and rejected fixes so far, over all participants.
    public internal(set) var report = FixScreeningReport()

    /// Per fence, its boundary on its tangent plane.
    let boundaries: ContiguousArray<FenceBoundary>
    /// Fences containing the current fix, ascending.
    private(set) var containing: ContiguousArray<Int32> = []
    /// Fences the current segment may cross, each once, not yet marked in this generation.
    private(set) var candidates: ContiguousArray<Int32> = []
    /// Per fence, the generation (one per fix) that last marked it. A fence marked for the
    /// current fix contains it, holds the participant, or is already a candidate: this dedupes
    /// candidates without clearing anything between fixes.
    private var marks: ContiguousArray<UInt32>
    private var generation: UInt32 = 0

    /// Creates a workspace for a detector's index and rules.
    /// - Complexity: O(fences).
    public init(detector: EventDetector) {
        index = detector.index
        rules = detector.rules
        boundaries = ContiguousArray(detector.index.fences.map(FenceBoundary.init))
        marks = ContiguousArray(repeating: 0, count: detector.index.fences.count)
    }

    /// Starts a new fix: finds the fences containing it (into ``containing``) and marks them.
    mutating func locate(latitude: Degrees, longitude: Degrees) {
        if generation == .max {
            for i in marks.indices { marks[i] = 0 }
            generation = 0
        }
        generation += 1
        let generation = generation
        // Fill local buffers, not `self`'s: a closure capturing `inout self` makes the
        // compiler copy and reference-count around every access. The swaps keep the capacity.
        var found = ContiguousArray<Int32>()
        swap(&found, &containing)
        if !found.isEmpty { found.removeAll(keepingCapacity: true) }
        let index = index
        marks.withUnsafeMutableBufferPointer { marks in
            index.forEachFence(containingLatitude: latitude, longitude: longitude) { fence in
                found.append(Int32(fence))
                marks[fence] = generation
            }
        }
        swap(&found, &containing)
    }

    /// Marks a fence for the current fix so that it is not a crossing candidate.
    mutating func mark(_ fence: Int32) { marks[Int(fence)] = generation }

    /// Collects into ``candidates`` the fences the great-circle segment from `a` to `b`
    /// (`lengthMeters` long) may cross, each once, leaving out those marked for this fix.
    /// `cosMidLatitude`, when not NaN, is the cosine of the segment's mid-latitude
    /// (see ``GeoBoundingBox/containingSegment(fromLatitude:longitude:toLatitude:longitude:lengthMeters:cosMidLatitude:)``).
    mutating func collectCandidates(
        fromLatitude aLat: Degrees, longitude aLon: Degrees,
        toLatitude bLat: Degrees, longitude bLon: Degrees, lengthMeters: Meters,
        cosMidLatitude: Double = .nan
    ) {
        let box = GeoBoundingBox.containingSegment(
            fromLatitude: aLat, longitude: aLon,
            toLatitude: bLat, longitude: bLon, lengthMeters: lengthMeters,
            cosMidLatitude: cosMidLatitude)
        let generation = generation
        // Local buffers, as in `locate`.
        var found = ContiguousArray<Int32>()
        swap(&found, &candidates)
        if !found.isEmpty { found.removeAll(keepingCapacity: true) }
        let index = index
        marks.withUnsafeMutableBufferPointer { marks in
            index.collectCandidates(
                alongSegmentFromLatitude: aLat, longitude: aLon, toLatitude: bLat, longitude: bLon,
                box: box, marks: marks, generation: generation, into: &found)
        }
        swap(&found, &candidates)
    }
}
