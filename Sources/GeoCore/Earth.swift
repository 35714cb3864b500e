/// Distances in metres.
public typealias Meters = Double
/// Angles in degrees.
public typealias Degrees = Double
/// Time in seconds (a position's `t`, an event's time).
public typealias Seconds = Double

/// The sphere every fence check uses.
public enum Earth {
    /// IUGG mean Earth radius R₁ = 6 371 008.8 m: the sphere of all haversine distances here
    /// (and of the benchmark reference in ../shared/peers).
    public static let meanRadiusMeters: Meters = 6_371_008.8

    /// Radians per degree, written as the peers write it (`π / 180`), so products match bit for bit.
    public static let radiansPerDegree: Double = Double.pi / 180.0

    /// Metres per degree of latitude (and of longitude at the equator) on the mean sphere.
    public static let metersPerDegree: Meters = meanRadiusMeters * radiansPerDegree
}
