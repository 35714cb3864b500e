import GeoCore

/// A race's local metric plane: WGS 84 coordinates projected to metres, for a library user's own
/// planar work on a race (exports to CAD or GIS in metres, areas, offsets).
///
/// RaceKit's commands do not use it: the geofence engine's planar tests use GeoCore's
/// `GnomonicPlane` on the mean sphere, and distances are haversine (fences) or ``Geodesic``
/// (reported lengths).
///
/// Two choices, both conformal (angles and, locally, shapes are kept):
/// - ``utm(around:)``: the UTM zone of the race (EPSG:326zz north, 327zz south). Standard and
///   shared with other tools; the scale error is −0.04 % on the zone's central meridian and up to
///   about +0.1 % at its edges.
/// - ``transverseMercator(centre:)``: a transverse Mercator centred on the race with scale 1 and
///   the origin at the centre, so `(0, 0)` is the centre and the scale error within 10 km of it is
///   below 1.3 · 10⁻⁶ (Snyder, *Map Projections: A Working Manual*, USGS PP 1395, 1987, §8).
///
/// x is easting and y northing, in metres. Projection is done by PROJ through a
/// ``CoordinateTransformation`` (thread-safety as described there).
public struct LocalMetricPlane: Sendable, CustomStringConvertible {
    /// Which plane this is.
    public enum Kind: Hashable, Sendable {
        /// UTM zone `zone` (1…60), northern or southern hemisphere.
        case utm(zone: Int, isNorth: Bool)
        /// A transverse Mercator with its origin at ``LocalMetricPlane/centre``.
        case transverseMercator
    }

    /// The race position the plane was chosen for.
    public let centre: Coordinate
    /// Which projection the plane uses: a UTM zone or a transverse Mercator at the centre.
    public let kind: Kind
    /// The plane's CRS as given to PROJ: `EPSG:32632` or a `+proj=tmerc …` string.
    public let crs: String
    /// WGS 84 (longitude, latitude) → plane (x, y); its ``CoordinateTransformation/inverted`` is the
    /// way back. Use it directly for batches held as columns or interleaved arrays.
    public let transformation: CoordinateTransformation

    private init(centre: Coordinate, kind: Kind, crs: String) throws(ProjectionError) {
        self.centre = centre
        self.kind = kind
        self.crs = crs
        self.transformation = try CoordinateTransformation(from: "EPSG:4326", to: crs)
    }

    /// The UTM zone containing `centre`: EPSG:326zz north of the equator, 327zz south of it.
    /// The zone comes from ``utmZone(of:)``, with the Norway and Svalbard exceptions.
    ///
    /// UTM is defined from 80° S to 84° N; PROJ still computes beyond, with growing scale error:
    /// prefer ``transverseMercator(centre:)`` for polar races.
    public static func utm(around centre: Coordinate) throws(ProjectionError) -> LocalMetricPlane {
        let zone = utmZone(of: centre)
        let isNorth = centre.latitude >= 0
        return try LocalMetricPlane(
            centre: centre, kind: .utm(zone: zone, isNorth: isNorth),
            crs: "EPSG:\((isNorth ? 32600 : 32700) + zone)")
    }

    /// A transverse Mercator on the WGS 84 ellipsoid centred on `centre`:
    /// `+proj=tmerc +lat_0=… +lon_0=… +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m`.
    public static func transverseMercator(centre: Coordinate) throws(ProjectionError) -> LocalMetricPlane {
        let crs =
            "+proj=tmerc +lat_0=\(centre.latitude) +lon_0=\(centre.longitude) +k=1 +x_0=0 +y_0=0"
            + " +datum=WGS84 +units=m +type=crs"
        return try LocalMetricPlane(centre: centre, kind: .transverseMercator, crs: crs)
    }

    /// The UTM zone (1…60) of a coordinate: 6° bands eastwards from 180° W, except zone 32 widened
    /// to 3°–12° E between 56° N and 64° N (south-west Norway), and zones 31, 33, 35 and 37 only
    /// (9°, 12°, 12° and 9° wide) between 72° N and 84° N (Svalbard); as in DMA TM 8358.2 (1989), §2-6.
    /// Longitude +180° is in zone 60, −180° in zone 1.
    public static func utmZone(of coordinate: Coordinate) -> Int {
        let lat = coordinate.latitude, lon = coordinate.longitude
        if (56..<64).contains(lat), (3..<12).contains(lon) { return 32 }
        if (72...84).contains(lat), (0..<42).contains(lon) {
            switch lon {
            case ..<9: return 31
            case ..<21: return 33
            case ..<33: return 35
            default: return 37
            }
        }
        return min(60, Int(((lon + 180) / 6).rounded(.down)) + 1)
    }

    /// `UTM zone 32N (EPSG:32632)` or `transverse Mercator centred on (47.0, 8.5)`.
    public var description: String {
        switch kind {
        case .utm(let zone, let isNorth): "UTM zone \(zone)\(isNorth ? "N" : "S") (\(crs))"
        case .transverseMercator: "transverse Mercator centred on \(centre)"
        }
    }

    /// Projects one coordinate onto the plane.
    /// - Throws: ``ProjectionError`` when PROJ cannot project it (e.g. a transverse Mercator's
    ///   singular points, on the equator 90° from the central meridian).
    public func project(_ coordinate: Coordinate) throws(ProjectionError) -> PlanarPoint {
        let (x, y) = try transformation.transform(x: coordinate.longitude, y: coordinate.latitude)
        return PlanarPoint(x: x, y: y)
    }

    /// Turns a point of the plane back into a WGS 84 coordinate.
    /// - Throws: ``ProjectionError`` when PROJ cannot, or its result is not a valid coordinate.
    public func unproject(_ point: PlanarPoint) throws(ProjectionError) -> Coordinate {
        let (lon, lat) = try transformation.inverted.transform(x: point.x, y: point.y)
        return try coordinate(latitude: lat, longitude: lon, from: point)
    }

    /// Projects many coordinates in one PROJ call (`proj_trans_generic`).
    /// - Throws: ``ProjectionError`` when any coordinate fails, naming how many did.
    /// - Complexity: O(n), one array allocated.
    public func project(_ coordinates: some Collection<Coordinate>) throws(ProjectionError) -> [PlanarPoint] {
        var points = coordinates.map { PlanarPoint(x: $0.longitude, y: $0.latitude) }
        try transformInPlace(&points, with: transformation)
        return points
    }

    /// Unprojects many points in one PROJ call (`proj_trans_generic`).
    /// - Throws: ``ProjectionError`` when any point fails, naming how many did.
    /// - Complexity: O(n), two arrays allocated.
    public func unproject(_ points: some Collection<PlanarPoint>) throws(ProjectionError) -> [Coordinate] {
        var lonLat = Array(points)
        try transformInPlace(&lonLat, with: transformation.inverted)
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(lonLat.count)
        for (point, result) in zip(points, lonLat) {
            coordinates.append(try coordinate(latitude: result.y, longitude: result.x, from: point))
        }
        return coordinates
    }

    /// Transforms `points` in place as (x, y) pairs, reading the field offsets from the layout.
    private func transformInPlace(_ points: inout [PlanarPoint], with transformation: CoordinateTransformation)
        throws(ProjectionError)
    {
        let outcome = points.withUnsafeMutableBytes { bytes in
            let x = MemoryLayout<PlanarPoint>.offset(of: \.x)!, y = MemoryLayout<PlanarPoint>.offset(of: \.y)!
            guard let base = bytes.baseAddress else { return (failed: 0, error: ProjectionError?.none) }
            return transformation.transform(
                x: (base + x).assumingMemoryBound(to: Double.self),
                y: (base + y).assumingMemoryBound(to: Double.self),
                strideBytes: MemoryLayout<PlanarPoint>.stride,
                count: bytes.count / MemoryLayout<PlanarPoint>.stride)
        }
        if let error = outcome.error { throw error }
    }

    private func coordinate(latitude: Double, longitude: Double, from point: PlanarPoint) throws(ProjectionError)
        -> Coordinate
    {
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw ProjectionError(
                operation: "unprojecting (\(point.x), \(point.y)) from \(self)", code: 0,
                errnoText: error.description)
        }
    }
}
