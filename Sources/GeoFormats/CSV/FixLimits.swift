/// The ranges of the numbers in the peers' stops and positions files. Beyond them a value means
/// nothing on the earth, and the event times and distances computed from it could not be
/// written as plain numbers (`-1e+20.00`).
public enum FixLimits {
    /// The largest radius and accuracy, in metres: about half the earth's circumference.
    public static let maximumMeters: Double = 20_000_000
    /// The largest time magnitude, in seconds: 10¹¹ s, about 3 000 years either side of the epoch.
    public static let maximumSeconds: Double = 100_000_000_000
}
