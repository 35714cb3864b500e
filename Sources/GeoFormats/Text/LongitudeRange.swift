import GeoCore

/// The smallest bounding box of a stream of points, also when they cross the antimeridian
/// (RFC 7946 §5.2: then `west > east`).
///
/// Longitudes fall into 360 one-degree bins that keep their minimum and maximum; the box's
/// longitudes leave out the widest empty arc between occupied bins, so the result is exact
/// whenever that arc is at least a degree wide, and spans every longitude otherwise.
/// - Complexity: O(1) per point, O(360) memory.
public struct BoundingBoxAccumulator: Sendable {
    private var minimum = [Double](repeating: .infinity, count: 360)
    private var maximum = [Double](repeating: -.infinity, count: 360)
    private var south = Double.infinity, north = -Double.infinity
    /// How many points were added.
    public private(set) var count = 0

    /// An accumulator without points.
    public init() {}

    /// Adds one point; the coordinates must be valid.
    @inlinable
    public mutating func add(latitude: Degrees, longitude: Degrees) {
        addPoint(latitude, longitude)
    }

    @usableFromInline
    mutating func addPoint(_ latitude: Degrees, _ longitude: Degrees) {
        count += 1
        south = Swift.min(south, latitude)
        north = Swift.max(north, latitude)
        let bin = Swift.min(359, Swift.max(0, Int((longitude + 180).rounded(.down))))
        minimum[bin] = Swift.min(minimum[bin], longitude)
        maximum[bin] = Swift.max(maximum[bin], longitude)
    }

    /// The box, or `nil` when no point was added.
    public var box: GeoBoundingBox? {
        guard count > 0 else { return nil }
        let occupied = (0..<360).filter { minimum[$0] <= maximum[$0] }
        var bestGap = -1.0, west = -180.0, east = 180.0
        for (k, bin) in occupied.enumerated() {
            let next = occupied[(k + 1) % occupied.count]
            var gap = minimum[next] - maximum[bin]
            if k + 1 == occupied.count { gap += 360 }
            if gap > bestGap { bestGap = gap; west = minimum[next]; east = maximum[bin] }
        }
        // The plain span [min, max] wins unless skipping the antimeridian leaves a wider gap.
        let plainWest = minimum[occupied.first!], plainEast = maximum[occupied.last!]
        if bestGap < 1 && occupied.count > 1 && plainEast - plainWest > 359 {
            return GeoBoundingBox(south: south, north: north, west: -180, east: 180)
        }
        if 360 - (plainEast - plainWest) >= bestGap { west = plainWest; east = plainEast }
        return GeoBoundingBox(south: south, north: north, west: west, east: east)
    }
}
