extension GPXEvent {
    /// The event as a reader gives it when extensions are not kept
    /// (``GPXReader/Options/keepExtensions`` false): the same, without `<extensions>` trees, and
    /// `nil` for ``documentExtensions(_:)``, which such a reader never gives. The tests and the
    /// GPX fuzz target hold the two ways of reading to this.
    var withoutExtensionTrees: GPXEvent? {
        func bare(_ point: GPXPoint) -> GPXPoint {
            var point = point, details = point.details
            details.extensions = []
            point.details = details
            return point
        }
        switch self {
        case .metadata(var metadata): metadata.extensions = []; return .metadata(metadata)
        case .waypoint(let point): return .waypoint(bare(point))
        case .routePoint(let point): return .routePoint(bare(point))
        case .trackPoint(let point): return .trackPoint(bare(point))
        case .routeEnd(var info): info.extensions = []; return .routeEnd(info)
        case .trackEnd(var info): info.extensions = []; return .trackEnd(info)
        case .segmentEnd: return .segmentEnd(extensions: [])
        case .documentExtensions: return nil
        case .header, .routeStart, .trackStart, .segmentStart, .warning: return self
        }
    }
}
