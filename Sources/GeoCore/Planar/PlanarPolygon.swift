/// A polygon on a local plane: one exterior ring and any number of holes.
///
/// Rings are stored open (the closing vertex is not repeated) and may wind either way;
/// containment uses the even–odd rule over all rings, so a point in a hole is outside.
/// Points exactly on an edge count as inside.
public struct PlanarPolygon: Hashable, Sendable {
    /// Exterior first, then holes; each at least three vertices, not closed.
    public let rings: [[PlanarPoint]]

    /// - Precondition: every ring has at least three vertices.
    public init(rings: [[PlanarPoint]]) {
        precondition(!rings.isEmpty && rings.allSatisfy { $0.count >= 3 }, "a polygon needs rings of 3+ vertices")
        self.rings = rings
    }

    /// Whether `p` lies inside (or on the boundary of) the polygon.
    /// - Complexity: O(vertices).
    public func contains(_ p: PlanarPoint) -> Bool {
        var inside = false
        for ring in rings {
            var j = ring.count - 1
            for i in 0..<ring.count {
                let a = ring[i], b = ring[j]
                if p.distance(toSegmentFrom: a, to: b) == 0 { return true }
                // Crossing number (W. R. Franklin, PNPOLY, 1970s; Haines, Graphics Gems IV, 1994).
                if (a.y > p.y) != (b.y > p.y) {
                    let xCross = (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x
                    if p.x < xCross { inside.toggle() }
                }
                j = i
            }
        }
        return inside
    }

    /// The distance from `p` to the nearest edge of any ring.
    /// - Complexity: O(vertices).
    public func distanceToBoundary(_ p: PlanarPoint) -> Meters {
        var best = Double.infinity
        for ring in rings {
            var j = ring.count - 1
            for i in 0..<ring.count {
                best = min(best, p.distance(toSegmentFrom: ring[j], to: ring[i]))
                j = i
            }
        }
        return best
    }

    /// The parameters u ∈ [0, 1] at which the segment `a + u·(b − a)` crosses an edge, sorted.
    /// - Complexity: O(vertices).
    public func boundaryCrossings(from a: PlanarPoint, to b: PlanarPoint) -> [Double] {
        var params: [Double] = []
        let rx = b.x - a.x, ry = b.y - a.y
        for ring in rings {
            var j = ring.count - 1
            for i in 0..<ring.count {
                let c = ring[j], d = ring[i]
                let sx = d.x - c.x, sy = d.y - c.y
                let denom = rx * sy - ry * sx
                if denom != 0 {
                    let qx = c.x - a.x, qy = c.y - a.y
                    let u = (qx * sy - qy * sx) / denom
                    let v = (qx * ry - qy * rx) / denom
                    if u >= 0 && u <= 1 && v >= 0 && v <= 1 { params.append(u) }
                }
                j = i
            }
        }
        return params.sorted()
    }
}
