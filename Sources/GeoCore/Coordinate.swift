/// A WGS 84 position in degrees, validated at construction.
///
/// Latitude is finite and within ±90°, longitude finite and within ±180°. Values are kept as
/// given: +180° and −180° name the same meridian but stay distinct, so that every distance
/// computed from a coordinate is the one computed from the user's own numbers.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator, −90…90.
    public let latitude: Degrees
    /// Degrees east of Greenwich, −180…180, as given (not normalised).
    public let longitude: Degrees

    /// Validates and creates a coordinate.
    /// - Parameters:
    ///   - latitude: degrees north, finite and within ±90.
    ///   - longitude: degrees east, finite and within ±180.
    ///   - source: where the values came from (a file position, a JSON path…), for the error.
    /// - Throws: ``CoordinateError`` naming the bad value and `source`.
    public init(latitude: Degrees, longitude: Degrees, source: @autoclosure () -> String = "") throws(CoordinateError) {
        try Self.validate(latitude: latitude, longitude: longitude, source: source())
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Creates a coordinate from values the caller has already validated (hot paths that validate
    /// whole columns at load time). Checked with `precondition` in debug builds only.
    @inlinable
    public init(uncheckedLatitude latitude: Degrees, longitude: Degrees) {
        assert(latitude.isFinite && abs(latitude) <= 90 && longitude.isFinite && abs(longitude) <= 180)
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Checks a latitude/longitude pair without creating a coordinate.
    public static func validate(latitude: Double, longitude: Double, source: String) throws(CoordinateError) {
        guard latitude.isFinite else {
            throw CoordinateError(component: .latitude, value: latitude, problem: .notFinite, source: source)
        }
        guard abs(latitude) <= 90 else {
            throw CoordinateError(
                component: .latitude, value: latitude,
                problem: .outOfRange(lowerBound: -90, upperBound: 90), source: source)
        }
        guard longitude.isFinite else {
            throw CoordinateError(component: .longitude, value: longitude, problem: .notFinite, source: source)
        }
        guard abs(longitude) <= 180 else {
            throw CoordinateError(
                component: .longitude, value: longitude,
                problem: .outOfRange(lowerBound: -180, upperBound: 180), source: source)
        }
    }

    /// `(latitude, longitude)` in degrees, e.g. `(47.3769, 8.5417)`.
    public var description: String { "(\(latitude), \(longitude))" }
}

extension Coordinate: Codable {
    private enum CodingKeys: String, CodingKey { case latitude = "lat", longitude = "lon" }

    /// Decodes `{"lat": …, "lon": …}` and validates it, naming the coding path in the error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let lat = try container.decode(Double.self, forKey: .latitude)
        let lon = try container.decode(Double.self, forKey: .longitude)
        let path = "/" + decoder.codingPath.map(\.stringValue).joined(separator: "/")
        try self.init(latitude: lat, longitude: lon, source: path)
    }

    /// Encodes `{"lat": …, "lon": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}
