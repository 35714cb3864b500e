import GeoCore

/// How a synthetic participant moves and how their device records it.
public struct RunnerProfile: Hashable, Sendable {
    /// The participant's name, used for the track's name.
    public var name: String
    /// Average speed over ground while moving.
    public var speedMetersPerSecond: Double
    /// How much the speed wanders around the average, as a fraction (0.15 = ±15 %).
    public var speedVariation: Double
    /// Standard deviation of the GPS error per axis; the error drifts (AR(1), 0.9 per second)
    /// as real receivers' does, rather than jumping independently every fix.
    public var noiseMeters: Meters
    /// Seconds between recorded fixes.
    public var samplingSeconds: Seconds
    /// Seconds spent at each stop (answering, punching), drawn uniformly from this range.
    public var dwellSeconds: ClosedRange<Seconds>
    /// Stops this participant never goes to (to rehearse a missing punch).
    public var skippedStops: Set<String>
    /// Chance per fix that the device starts a gap of 5–30 s without fixes (tunnels, pockets).
    public var dropoutProbability: Double
    /// Chance per leg of a wrong turn: a detour of 50–150 m off the straight line.
    public var wrongTurnProbability: Double

    /// Creates a profile; every setting but the name and speed has a typical default.
    public init(
        name: String, speedMetersPerSecond: Double, speedVariation: Double = 0.15, noiseMeters: Meters = 4,
        samplingSeconds: Seconds = 1, dwellSeconds: ClosedRange<Seconds> = 10...40, skippedStops: Set<String> = [],
        dropoutProbability: Double = 0.001, wrongTurnProbability: Double = 0.1
    ) {
        self.name = name
        self.speedMetersPerSecond = speedMetersPerSecond
        self.speedVariation = speedVariation
        self.noiseMeters = noiseMeters
        self.samplingSeconds = samplingSeconds
        self.dwellSeconds = dwellSeconds
        self.skippedStops = skippedStops
        self.dropoutProbability = dropoutProbability
        self.wrongTurnProbability = wrongTurnProbability
    }
}
