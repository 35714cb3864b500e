import GeoCore

/// A fence's boundary laid on its gnomonic tangent plane, for the segment between two fixes:
/// where that great-circle segment crosses the boundary.
///
/// On the gnomonic plane great circles are straight lines (``GnomonicPlane``), so a segment
/// between two fixes is a plane segment; a circle fence becomes a plane circle of radius
/// R·tan(r/R) around the origin and a polygon fence keeps its great-circle edges straight.
/// The crossings found there are exact on the sphere.
struct FenceBoundary: Sendable {
    let plane: GnomonicPlane
    /// Circle: the fence's plane radius. Polygon: the plane radius of its bounding circle.
    let planeRadius: Meters
    /// The polygons on ``plane``; `nil` for a circle.
    let polygons: [PlanarPolygon]?

    init(_ fence: Fence) {
        switch fence {
        case .circle(let c):
            plane = GnomonicPlane(centre: c.centre)
            planeRadius = GnomonicPlane.planeRadius(forSphereRadius: c.radiusMeters)
            polygons = nil
        case .polygon(let p):
            plane = p.plane
            planeRadius = GnomonicPlane.planeRadius(forSphereRadius: p.boundingRadiusMeters)
            polygons = p.planarPolygons
        }
    }

    /// The first and last points where the great-circle segment from `a` to `b` crosses the
    /// boundary, or `nil` when it does not (or an end is 90° or more from the fence).
    ///
    /// A circle is met where |a + u·(b − a)| = ρ, a quadratic in u solved in the cancellation-free
    /// form of Press et al., "Numerical Recipes" (3rd ed., 2007), §5.6; roots outside [0, 1] are
    /// not crossings. A polygon's crossings come from ``PlanarPolygon/boundaryCrossings(from:to:)``
    /// once the segment comes within its bounding circle.
    func crossings(
        fromLatitude aLat: Degrees, longitude aLon: Degrees,
        toLatitude bLat: Degrees, longitude bLon: Degrees
    ) -> (first: Coordinate, last: Coordinate)? {
        guard let a = plane.project(latitude: aLat, longitude: aLon),
            let b = plane.project(latitude: bLat, longitude: bLon)
        else { return nil }
        let start = PlanarPoint(x: a.x, y: a.y), end = PlanarPoint(x: b.x, y: b.y)
        let dx = end.x - start.x, dy = end.y - start.y
        let first: Double, last: Double
        if let polygons {
            guard PlanarPoint(x: 0, y: 0).distance(toSegmentFrom: start, to: end) <= planeRadius else { return nil }
            var low = Double.infinity, high = -Double.infinity
            for polygon in polygons {
                let params = polygon.boundaryCrossings(from: start, to: end)
                if let lowest = params.first, let highest = params.last {
                    low = min(low, lowest)
                    high = max(high, highest)
                }
            }
            guard low <= high else { return nil }
            (first, last) = (low, high)
        } else {
            // (dx² + dy²)·u² + 2(a·d)·u + (|a|² − ρ²) = 0.
            let qa = dx * dx + dy * dy
            let qb = start.x * dx + start.y * dy
            let qc = start.x * start.x + start.y * start.y - planeRadius * planeRadius
            let discriminant = qb * qb - qa * qc
            guard qa > 0, discriminant >= 0 else { return nil }
            let q = -(qb + (qb >= 0 ? 1 : -1) * discriminant.squareRoot())
            let r1 = q / qa, r2 = q != 0 ? qc / q : r1
            // A fix on the boundary puts a root at 0 or 1 up to rounding: accept roots a hair
            // outside the segment and clamp them, or the crossing would fall to the next fix.
            let slack = 1e-9
            let low = min(r1, r2), high = max(r1, r2)
            let lowOnSegment = low >= -slack && low <= 1 + slack, highOnSegment = high >= -slack && high <= 1 + slack
            guard lowOnSegment || highOnSegment else { return nil }
            (first, last) = (min(1, max(0, lowOnSegment ? low : high)), min(1, max(0, highOnSegment ? high : low)))
        }
        return (
            plane.unproject(x: start.x + first * dx, y: start.y + first * dy),
            plane.unproject(x: start.x + last * dx, y: start.y + last * dy)
        )
    }
}
