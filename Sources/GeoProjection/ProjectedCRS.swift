internal import CProj
import GeoCore

/// A projected coordinate reference system from the EPSG registry — a national grid such as the
/// Swiss LV95 (`EPSG:2056`), a UTM zone (`EPSG:32632`) — and the conversion of its eastings and
/// northings to WGS 84 latitude and longitude, for importing survey data.
///
/// ```swift
/// let lv95 = try ProjectedCRS(epsg: "EPSG:2056")              // CH1903+ / LV95
/// let bern = try lv95.coordinate(easting: 2_600_000, northing: 1_200_000)
/// // 46.9510827719°N 7.4386324209°E (the old observatory of Bern, LV95's origin)
/// ```
///
/// The conversion is the operation PROJ chooses for the two CRSs (`proj_create_crs_to_crs_from_pj`:
/// the registry's most accurate one for the point whose grids are installed; LV95 to WGS 84 is
/// the Swiss oblique Mercator inverted, then the CH1903+ datum shift, accurate to 1 m), with PROJ's
/// *ballpark* operations excluded (they skip the datum shift and can be 100 m off): nothing is
/// approximated on top. A point is refused when PROJ cannot convert it or when it lands outside
/// the CRS's ``areaOfUse``, where a national grid's datum shift means nothing.
///
/// Eastings and northings are in the CRS's unit (``unitName``: metres for most, US survey feet
/// for some US state planes). Thread safety is that of ``CoordinateTransformation``.
public struct ProjectedCRS: Sendable, CustomStringConvertible {
    /// The code as `EPSG:n`, upper case, such as `EPSG:2056`.
    public let code: String
    /// The registry's name for the CRS, such as `CH1903+ / LV95`.
    public let name: String
    /// The unit of easting and northing, as the registry names it (`metre`, `US survey foot`).
    public let unitName: String
    /// Where the CRS may be used.
    public let areaOfUse: AreaOfUse
    /// From this CRS (easting, northing) to WGS 84 (longitude, latitude); its
    /// ``CoordinateTransformation/inverted`` projects WGS 84 coordinates onto the grid.
    public let toWGS84: CoordinateTransformation

    /// Looks up a projected CRS by its EPSG code.
    /// - Parameter code: `EPSG:` (any case) and the number, such as `EPSG:2056`.
    /// - Throws: ``ProjectedCRSError/notAnEPSGCode(_:)``, ``ProjectedCRSError/unknownCode(_:_:)``,
    ///   or ``ProjectedCRSError/notProjected(code:name:kind:)`` for a geographic CRS (latitude and
    ///   longitude, such as `EPSG:4326`), a datum, a transformation or any other object.
    public init(epsg code: String) throws(ProjectedCRSError) {
        let parts = code.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].uppercased() == "EPSG", !parts[1].isEmpty,
            parts[1].utf8.count <= 9, parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else {
            throw .notAnEPSGCode(code)
        }
        let code = "EPSG:\(parts[1])"
        let handle: ProjHandle
        do {
            handle = try ProjHandle(operation: "looking up \(code)") { context in libproj.proj_create(context, code) }
        } catch {
            throw .unknownCode(code, error)
        }
        let metadata = handle.withContext { context, object in Self.metadata(of: object, in: context) }
        guard metadata.kind == "projected CRS", let area = metadata.area else {
            throw .notProjected(code: code, name: metadata.name, kind: metadata.kind)
        }
        self.code = code
        self.name = metadata.name
        self.unitName = metadata.unitName
        self.areaOfUse = area
        do {
            self.toWGS84 = try CoordinateTransformation(from: code, to: "EPSG:4326", allowingBallpark: false)
        } catch {
            throw .conversionFailed(error)
        }
    }

    /// The WGS 84 coordinate of a point given in this CRS.
    /// - Throws: ``ProjectedCRSError/conversionFailed(_:)`` when PROJ cannot convert the point
    ///   (say, a non-finite number) and ``ProjectedCRSError/outsideAreaOfUse(easting:northing:crs:latitude:longitude:area:)``
    ///   when it lands outside ``areaOfUse``.
    public func coordinate(easting: Double, northing: Double) throws(ProjectedCRSError) -> Coordinate {
        let result: (x: Double, y: Double)
        do {
            result = try toWGS84.transform(x: easting, y: northing)
        } catch {
            throw .conversionFailed(error)
        }
        let (longitude, latitude) = result
        guard areaOfUse.contains(latitude: latitude, longitude: longitude) else {
            throw .outsideAreaOfUse(
                easting: easting, northing: northing, crs: code,
                latitude: latitude, longitude: longitude, area: areaOfUse)
        }
        // Within the area of use, so within ±90° and ±180°.
        return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    /// `EPSG:2056 (CH1903+ / LV95)`.
    public var description: String { "\(code) (\(name))" }

    /// What the registry says of the object: its name, kind, unit and area of use.
    private static func metadata(of object: OpaquePointer, in context: OpaquePointer)
        -> (name: String, kind: String, unitName: String, area: AreaOfUse?)
    {
        let metadataName = libproj.proj_get_name(object).map { String(cString: $0) } ?? "unnamed"
        let kind = kindName(libproj.proj_get_type(object))
        guard kind == "projected CRS" else { return (metadataName, kind, "", nil) }
        var unitName = "unknown unit"
        if let system = libproj.proj_crs_get_coordinate_system(context, object) {
            var unit: UnsafePointer<CChar>?
            if libproj.proj_cs_get_axis_info(context, system, 0, nil, nil, nil, nil, &unit, nil, nil) != 0, let unit {
                unitName = String(cString: unit)
            }
            _ = libproj.proj_destroy(system)
        }
        var west = 0.0, south = 0.0, east = 0.0, north = 0.0
        var areaName: UnsafePointer<CChar>?
        // PROJ reports -1000 for bounds the registry does not give.
        guard libproj.proj_get_area_of_use(context, object, &west, &south, &east, &north, &areaName) != 0,
            west != -1000, south != -1000, east != -1000, north != -1000
        else {
            return (
                metadataName, kind, unitName, AreaOfUse(name: "the world", west: -180, south: -90, east: 180, north: 90)
            )
        }
        // The registry's names end with a full stop ("Liechtenstein; Switzerland."): the
        // descriptions quote them mid-sentence.
        var name = areaName.map { String(cString: $0) } ?? "unnamed area"
        if name.hasSuffix(".") { name.removeLast() }
        let area = AreaOfUse(
            name: name,
            west: west, south: south, east: east, north: north)
        return (metadataName, kind, unitName, area)
    }

    /// PROJ's CRS type in words, as the errors name it. (`proj_create` finds only CRSs by an
    /// `EPSG:n` code: a datum's or a transformation's code is "not found".)
    private static func kindName(_ type: PJ_TYPE) -> String {
        switch type {
        case PJ_TYPE_PROJECTED_CRS: "projected CRS"
        case PJ_TYPE_GEOGRAPHIC_2D_CRS: "geographic 2D CRS"
        case PJ_TYPE_GEOGRAPHIC_3D_CRS: "geographic 3D CRS"
        case PJ_TYPE_GEOCENTRIC_CRS: "geocentric CRS"
        case PJ_TYPE_VERTICAL_CRS: "vertical CRS"
        case PJ_TYPE_COMPOUND_CRS: "compound CRS"
        case PJ_TYPE_ENGINEERING_CRS: "engineering CRS"
        default: "CRS of another kind"
        }
    }
}
