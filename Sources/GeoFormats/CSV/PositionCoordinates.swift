import GeoCore

/// The coordinates of a positions file's fixes, in file order, without their participants, times
/// and accuracies: what a geofence check over the whole file needs
/// (``PositionsCSV/readCoordinates(path:threads:)``), in 16 bytes a fix instead of a table's 40.
public struct PositionCoordinates: Sendable, Equatable {
    /// The latitude of each fix, in degrees.
    public let latitude: ContiguousArray<Degrees>
    /// The longitude of each fix, in degrees.
    public let longitude: ContiguousArray<Degrees>

    /// The coordinates of `columns`' fixes.
    public init(_ columns: PositionColumns) {
        self.init(latitude: columns.latitude, longitude: columns.longitude)
    }

    /// Coordinates from their columns.
    /// - Precondition: the columns have equal lengths.
    init(latitude: ContiguousArray<Degrees>, longitude: ContiguousArray<Degrees>) {
        precondition(latitude.count == longitude.count, "the columns have different lengths")
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The number of fixes.
    public var count: Int { latitude.count }
}
