/// A point on a local metric plane, in metres.
public struct PlanarPoint: Hashable, Sendable {
    /// Metres east of the plane's origin.
    public var x: Meters
    /// Metres north of the plane's origin.
    public var y: Meters

    /// Creates a point from its plane coordinates in metres.
    @inlinable
    public init(x: Meters, y: Meters) {
        self.x = x
        self.y = y
    }
}

extension PlanarPoint {
    /// The distance from this point to the segment `a`–`b`.
    @inlinable
    public func distance(toSegmentFrom a: PlanarPoint, to b: PlanarPoint) -> Meters {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var t = 0.0
        if lengthSquared > 0 {
            t = max(0, min(1, ((x - a.x) * dx + (y - a.y) * dy) / lengthSquared))
        }
        let px = a.x + t * dx - x, py = a.y + t * dy - y
        return (px * px + py * py).squareRoot()
    }
}
