/// Distances in metres.
public typealias Meters = Double
/// Angles in degrees.
public typealias Degrees = Double
/// Time in seconds (a position's `t`, an event's time).
public typealias Seconds = Double

/// The sphere every fence check uses.
///
/// The constants are inlinable computed properties rather than `static let`s: a `static let`
/// read from another module goes through a lazy-initialisation accessor and a load on every
/// use, where these fold into the caller's arithmetic (the event detector reads them per fix).
public enum Earth {
    /// IUGG mean Earth radius R₁ = 6 371 008.8 m: the sphere of all haversine distances here
    /// (and of the benchmark reference in `Benchmarks/peers`).
    @inlinable public static var meanRadiusMeters: Meters { 6_371_008.8 }

    /// Radians per degree, written as the peers write it (`π / 180`), so products match bit for bit.
    @inlinable public static var radiansPerDegree: Double { Double.pi / 180.0 }

    /// Metres per degree of latitude (and of longitude at the equator) on the mean sphere.
    @inlinable public static var metersPerDegree: Meters { meanRadiusMeters * radiansPerDegree }
}
