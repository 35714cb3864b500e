import RaceKitCore

/// A stop-order problem: n stops, the distances between them, the route's shape and the
/// organiser's constraints. Built once, validated at `init`; the solver never sees an invalid one.
///
/// Stops are indices `0..<n`; ``labels`` name them in errors and reports (the race's stop ids).
///
/// Time: the time at the first stop is `startTime`; the time at each next stop is the previous
/// stop's departure plus the travel time of the leg (``travelTimes``, or the distances when
/// `nil`); a team waits for a window to open, must arrive by its close, then spends the stop's
/// service time. The objective is always the length in ``matrix``, never the time.
public struct RouteProblem: Hashable, Sendable {
    /// The distances being minimised.
    public let matrix: DistanceMatrix
    /// One label per stop, used in every message.
    public let labels: [String]
    /// Closed tour or open path, and the fixed ends.
    public let shape: RouteShape
    /// Ordering constraints.
    public let precedence: [Precedence]
    /// Stops at fixed positions (besides the shape's fixed ends).
    public let pins: [Pin]
    /// Pairs of stops that should not follow each other (soft: see ``Separation``).
    public private(set) var separations: [Separation]
    /// One optional window per stop, or empty when no stop has one.
    public let timeWindows: [TimeWindow?]
    /// Time spent at each stop (empty: none).
    public let serviceTimes: [Int]
    /// Travel times when they differ from ``matrix`` (e.g. metres in `matrix`, seconds here).
    public let travelTimes: DistanceMatrix?
    /// The time at the first stop.
    public let startTime: Int

    /// The number of stops.
    public var count: Int { matrix.count }

    /// Whether any constraint other than the fixed ends is present.
    public var hasSideConstraints: Bool { !precedence.isEmpty || !pins.isEmpty || !timeWindows.isEmpty }

    /// Builds and validates a problem.
    /// - Parameters:
    ///   - matrix: the distances between stops, whole numbers.
    ///   - labels: one per stop; defaults to `"0"`, `"1"`, …
    ///   - shape: closed tour or open path, and its fixed ends.
    ///   - precedence: pairs of stops that must come in this order.
    ///   - pins: stops fixed at a position.
    ///   - separations: pairs of stops that should not follow each other (soft).
    ///   - timeWindows: empty, or one entry per stop (`nil` = always open).
    ///   - serviceTimes: empty, or one non-negative entry per stop.
    ///   - travelTimes: times between stops for the time windows; `matrix` when `nil`.
    ///   - startTime: the time at the first stop, in the units of the time windows.
    /// - Throws: `InputError`: `unknownStop` (an index out of range, or a separation of a stop
    ///   from itself), `precedenceCycle`
    ///   (naming the stops of the cycle), `conflictingPins` (two stops at one position, a stop at two
    ///   positions, a pin against a fixed end or against a precedence pair), `infeasibleTimeWindow`
    ///   (a window that closes before it opens or before the stop can be reached at all),
    ///   `wrongSize` (labels, windows, service times or travel times of another size).
    /// - Complexity: O(n² + p) for n stops and p precedence pairs.
    public init(
        matrix: DistanceMatrix, labels: [String]? = nil, shape: RouteShape = .closedTour(),
        precedence: [Precedence] = [], pins: [Pin] = [], separations: [Separation] = [],
        timeWindows: [TimeWindow?] = [], serviceTimes: [Int] = [], travelTimes: DistanceMatrix? = nil,
        startTime: Int = 0
    ) throws(InputError) {
        self.matrix = matrix
        self.labels = labels ?? (0..<matrix.count).map { String($0) }
        self.shape = shape
        self.precedence = precedence
        self.pins = pins
        self.separations = separations
        self.timeWindows = timeWindows
        self.serviceTimes = serviceTimes
        self.travelTimes = travelTimes
        self.startTime = startTime
        try validate()
    }

    /// The index of the stop labelled `label`.
    /// - Throws: `unknownStop` naming the label.
    public static func index(of label: String, in labels: [String]) throws(InputError) -> Int {
        guard let index = labels.firstIndex(of: label) else {
            throw InputError(.unknownStop, "unknown stop id '\(label)'")
        }
        return index
    }

    /// The same constraints over another matrix of the same size (used for penalised variants).
    func replacingMatrix(_ other: DistanceMatrix) -> RouteProblem {
        var copy = self
        copy.replace(matrix: other)
        return copy
    }

    /// The same problem over another matrix, without its separations (the matrix penalises them).
    func replacingSeparations(with other: DistanceMatrix) -> RouteProblem {
        var copy = replacingMatrix(other)
        copy.separations = []
        return copy
    }

    private mutating func replace(matrix other: DistanceMatrix) {
        self = RouteProblem(unchecked: other, self)
    }

    private init(unchecked matrix: DistanceMatrix, _ base: RouteProblem) {
        self.matrix = matrix
        labels = base.labels
        shape = base.shape
        precedence = base.precedence
        pins = base.pins
        separations = base.separations
        timeWindows = base.timeWindows
        serviceTimes = base.serviceTimes
        travelTimes = base.travelTimes ?? base.matrix
        startTime = base.startTime
    }
}
