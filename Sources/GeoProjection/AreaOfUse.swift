import Foundation

/// Where a coordinate reference system may be used, as its registry (EPSG) defines it: a name
/// such as `Liechtenstein; Switzerland` and a bounding box in degrees on WGS 84.
///
/// PROJ converts points beyond the area too, with growing error (a national grid's datum shift is
/// fitted to its country only): ``ProjectedCRS`` refuses them.
public struct AreaOfUse: Hashable, Sendable, CustomStringConvertible {
    /// The registry's name of the area.
    public let name: String
    /// The western bound, in degrees of longitude. Greater than ``east`` when the area crosses
    /// the antimeridian.
    public let west: Double
    /// The southern bound, in degrees of latitude.
    public let south: Double
    /// The eastern bound, in degrees of longitude.
    public let east: Double
    /// The northern bound, in degrees of latitude.
    public let north: Double

    /// An area named `name` with the given bounds in degrees.
    public init(name: String, west: Double, south: Double, east: Double, north: Double) {
        self.name = name
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// Whether the point lies within the bounding box, edges included (across the antimeridian
    /// when ``west`` is greater than ``east``).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        guard (south...north).contains(latitude) else { return false }
        return west <= east ? (west...east).contains(longitude) : longitude >= west || longitude <= east
    }

    /// `Liechtenstein; Switzerland (45.82°N to 47.81°N, 5.96°E to 10.49°E)`.
    public var description: String {
        "\(name) (\(Self.latitude(south)) to \(Self.latitude(north)), \(Self.longitude(west)) to \(Self.longitude(east)))"
    }

    /// `46.9511°N`: degrees with at most four decimals (about 10 m) and the hemisphere.
    static func latitude(_ degrees: Double) -> String {
        hemisphere(degrees, positive: "N", negative: "S")
    }

    /// `7.4386°E`: as ``latitude(_:)``, for longitudes.
    static func longitude(_ degrees: Double) -> String {
        hemisphere(degrees, positive: "E", negative: "W")
    }

    private static func hemisphere(_ degrees: Double, positive: String, negative: String) -> String {
        var text = String(format: "%.4f", abs(degrees))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + "°" + (degrees < 0 ? negative : positive)
    }
}
