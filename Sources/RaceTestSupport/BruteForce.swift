import Geofencing

/// The slow, obvious reference the fast code is checked against: test every fence.
public enum BruteForce {
    /// The positions in `fences` of every fence containing the point, in increasing order.
    public static func fences(containingLatitude latitude: Double, longitude: Double, in fences: [Fence]) -> [Int] {
        fences.indices.filter { fences[$0].contains(latitude: latitude, longitude: longitude) }
    }
}
