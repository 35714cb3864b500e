/// Why a projected CRS could not be used, or one of its points not converted to WGS 84.
///
/// The descriptions name the CRS and say what is wrong, for a user who typed the code:
/// `EPSG:4326 (WGS 84) is a geographic CRS, not a projected one: its coordinates are latitude and
/// longitude, not easting and northing`.
public enum ProjectedCRSError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not an EPSG code of the form `EPSG:2056`.
    case notAnEPSGCode(String)
    /// PROJ's EPSG registry has no CRS with this code; PROJ's error says more.
    case unknownCode(String, ProjectionError)
    /// The code names something other than a projected CRS (a geographic CRS, a datum, a
    /// transformation…): its kind as PROJ reports it, such as `geographic 2D CRS`.
    case notProjected(code: String, name: String, kind: String)
    /// The point converts to a place outside the CRS's area of use.
    case outsideAreaOfUse(
        easting: Double, northing: Double, crs: String, latitude: Double, longitude: Double, area: AreaOfUse)
    /// PROJ could not convert the point at all.
    case conversionFailed(ProjectionError)

    /// One sentence saying what is wrong.
    public var description: String {
        switch self {
        case .notAnEPSGCode(let text):
            "'\(text)' is not an EPSG code; give one such as EPSG:2056 (the Swiss LV95 grid)"
        case .unknownCode(let code, let error):
            "\(code) is not a CRS in PROJ's EPSG registry (\(error.message ?? error.errnoText))"
        case .notProjected(let code, let name, let kind):
            "\(code) (\(name)) is a \(kind), not a projected CRS: "
                + (kind.hasPrefix("geographic")
                    ? "its coordinates are latitude and longitude, not easting and northing"
                    : "it has no easting and northing")
        case .outsideAreaOfUse(let easting, let northing, let crs, let latitude, let longitude, let area):
            "easting \(easting), northing \(northing) in \(crs) is at \(AreaOfUse.latitude(latitude)) "
                + "\(AreaOfUse.longitude(longitude)), outside the CRS's area of use: \(area)"
        case .conversionFailed(let error):
            error.description
        }
    }
}
