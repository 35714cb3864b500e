import GeoCore

extension DistanceMatrix {
    /// Great-circle distances between coordinates in whole metres (rounded to nearest), by
    /// GeoCore's `Haversine` on the mean sphere (R = 6 371 008.8 m). Each pair is computed once,
    /// so the matrix is exactly symmetric.
    /// - Complexity: O(n²) haversine evaluations.
    public init(haversineBetween coordinates: [Coordinate]) {
        let n = coordinates.count
        var entries = [Int32](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in (i + 1)..<max(i + 1, n) {
                let metres = Int32(Haversine.distanceMeters(coordinates[i], coordinates[j]).rounded())
                entries[i * n + j] = metres
                entries[j * n + i] = metres
            }
        }
        self.init(count: n, entries: entries)
    }
}
