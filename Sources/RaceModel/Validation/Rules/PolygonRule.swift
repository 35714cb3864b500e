import GeoCore
import Geofencing

/// A polygon's rings must be closed (last position equal to the first, as GeoJSON requires),
/// have at least three distinct positions, not cross themselves, and fit the engine.
struct PolygonRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        for (i, stop) in context.race.stops.enumerated() {
            guard case .polygon(let polygons) = stop.fence else { continue }
            let base = context.stopPath(i) + "/fence/coordinates"
            for (p, rings) in polygons.enumerated() {
                for (r, ring) in rings.enumerated() {
                    let path = polygons.count == 1 ? "\(base)/\(r)" : "\(base)/\(p)/\(r)"
                    if ring.first != ring.last || ring.count < 2 {
                        issues.append(
                            ValidationIssue(
                                .error, "polygon-not-closed", at: path,
                                "ring \(r) of stop \"\(stop.id)\" does not end where it starts",
                                hint: "repeat the first position at the end, as GeoJSON requires"))
                    }
                    let open = ring.first == ring.last ? Array(ring.dropLast()) : ring
                    if Set(open).count < 3 {
                        issues.append(
                            ValidationIssue(
                                .error, "polygon-too-few-points", at: path,
                                "ring \(r) of stop \"\(stop.id)\" has \(Set(open).count) distinct positions; a ring needs 3"
                            ))
                    } else if let crossing = Self.selfIntersection(open) {
                        issues.append(
                            ValidationIssue(
                                .error, "polygon-self-intersecting", at: "\(path)/\(crossing.0)",
                                "ring \(r) of stop \"\(stop.id)\": edge \(crossing.0) crosses edge \(crossing.1)",
                                hint: "reorder the positions so the outline does not cross itself"))
                    }
                }
            }
            if context.fences[i] == nil, (try? stop.fence.makeFence()) == nil {
                do { _ = try stop.fence.makeFence() } catch {
                    issues.append(ValidationIssue(.error, "polygon-invalid", at: base, "stop \"\(stop.id)\": \(error)"))
                }
            }
        }
    }

    /// The first pair of non-adjacent edges that intersect, on the ring's tangent plane.
    /// - Complexity: O(v²) for v vertices; race polygons are small.
    static func selfIntersection(_ ring: [Coordinate]) -> (Int, Int)? {
        let centre = ring[0]
        let plane = GnomonicPlane(centre: centre)
        let points = ring.compactMap { plane.project(latitude: $0.latitude, longitude: $0.longitude) }
        guard points.count == ring.count else { return nil }
        let n = points.count
        func orientation(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), _ c: (x: Double, y: Double))
            -> Double
        {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % n]
            for j in stride(from: i + 2, to: n, by: 1) where !(i == 0 && j == n - 1) {
                let c = points[j], d = points[(j + 1) % n]
                let o1 = orientation(a, b, c), o2 = orientation(a, b, d), o3 = orientation(c, d, a),
                    o4 = orientation(c, d, b)
                if (o1 > 0) != (o2 > 0) && (o3 > 0) != (o4 > 0) && o1 != 0 && o2 != 0 && o3 != 0 && o4 != 0 {
                    return (i, j)
                }
            }
        }
        return nil
    }
}
