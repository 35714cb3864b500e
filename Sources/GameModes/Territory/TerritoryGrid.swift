import GeoCore
import RaceModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lays an N×N grid of square zones over an area: what a race builder does to set up the
/// territory game in a park.
public enum TerritoryGrid {
    /// Square polygon stops, row-major from the north-west: ids `a1`, `a2`, … (row letter,
    /// column number), names `Zone A1`…
    /// - Parameters:
    ///   - centre: the middle of the grid.
    ///   - size: N (1…26).
    ///   - cellMeters: the side of a cell.
    ///   - gapMeters: space left between neighbouring zones; by default 30 % of `cellMeters`, so
    ///     that even the zones' bounding circles (what the validator's overlap check compares
    ///     for polygons) stay apart.
    /// - Precondition: `size` in 1…26, `cellMeters > gapMeters ≥ 0`.
    ///
    /// Offsets are laid out on the local tangent plane (equirectangular: 1 m north is
    /// 1/R rad of latitude, 1 m east 1/(R cos φ) rad of longitude on the 6 371 008.8 m sphere):
    /// well under a centimetre off for a grid of a few hundred metres away from the poles.
    /// Coordinates are rounded to 1e-7° (about 1 cm), so the race file stays readable.
    public static func layout(centre: Coordinate, size: Int = 3, cellMeters: Meters, gapMeters: Meters? = nil) -> [Stop]
    {
        let gapMeters = gapMeters ?? 0.3 * cellMeters
        precondition((1...26).contains(size) && cellMeters > gapMeters && gapMeters >= 0)
        let radiansToDegrees = 180 / Double.pi
        let metresToLatitude = radiansToDegrees / Earth.meanRadiusMeters
        let metresToLongitude = metresToLatitude / cos(centre.latitude / radiansToDegrees)
        func point(east x: Meters, north y: Meters) -> Coordinate {
            func round7(_ v: Double) -> Double { (v * 1e7).rounded() / 1e7 }
            return Coordinate(
                uncheckedLatitude: round7(centre.latitude + y * metresToLatitude),
                longitude: round7(centre.longitude + x * metresToLongitude))
        }
        let half = Double(size) * cellMeters / 2
        var stops: [Stop] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for row in 0..<size {
            for column in 0..<size {
                let west = -half + Double(column) * cellMeters + gapMeters / 2
                let east = west + cellMeters - gapMeters
                let north = half - Double(row) * cellMeters - gapMeters / 2
                let south = north - cellMeters + gapMeters
                let ring = [
                    point(east: west, north: south), point(east: east, north: south), point(east: east, north: north),
                    point(east: west, north: north), point(east: west, north: south),
                ]
                let id = "\(letters[row])\(column + 1)"
                stops.append(Stop(id: id, name: "Zone \(id.uppercased())", fence: .polygon([[ring]])))
            }
        }
        return stops
    }
}
