import GeoCore
import GeoFormats
import Geofencing
import RaceKitCore

extension RaceBuilder {
    /// Adds stops read from GeoJSON features: Points become circles, Polygons and
    /// MultiPolygons polygon fences; `name`, `id` (a string or number), `points` and a question
    /// with `options` and `answer` come from the properties.
    /// - Parameters:
    ///   - stops: the stops `GeoJSONStops.stops(from:file:defaultRadiusMeters:)` read.
    ///   - file: names the GeoJSON file in errors.
    /// - Throws: `InputError` at the feature's `/features/n/geometry` for polygons the geofence
    ///   engine cannot take (a ring of fewer than three distinct vertices, a polygon reaching a
    ///   quarter of the globe).
    public func stops(fromGeoJSON stops: [GeoJSONStop], file: String) throws(InputError) -> RaceBuilder {
        var builder = self
        for (i, stop) in stops.enumerated() {
            let name = stop.name ?? "Stop \(i + 1)"
            let id: String?
            switch stop.id {
            case .string(let s)?: id = s
            case .number(let n)?: id = JSONValue.numberText(n)
            default: id = nil
            }
            let task = stop.question.map { StopTask(question: $0, options: stop.options, answer: stop.answer ?? "") }
            let points = stop.points.map { Int($0.rounded()) }
            switch stop.area {
            case .circle(let centre, let radius):
                builder.addStop(name, at: centre, id: id, radius: radius, points: points, task: task)
            case .polygons(let polygons):
                // The fence's rings (each written closing vertex dropped once) as the stop's, so
                // the race file says what the engine will check.
                let fence: PolygonFence
                do throws(FenceError) {
                    fence = try PolygonFence(polygons: polygons)
                } catch {
                    throw InputError(SourceLocation(file: file), "/features/\(stop.feature)/geometry: \(error)")
                }
                builder.addStop(name, polygons: fence.polygons, id: id, points: points, task: task)
            }
        }
        return builder
    }

    /// Adds a stop at each GPX waypoint, named after it, with the builder's default radius: its
    /// `cmt` becomes the notes, its `desc` the description, its first `link` the link and its
    /// `type` (else its `sym`) the category.
    public func stops(fromWaypoints waypoints: [GPXPoint]) -> RaceBuilder {
        var builder = self
        for (i, point) in waypoints.enumerated() {
            builder.addStop(point, name: "Waypoint \(i + 1)")
        }
        return builder
    }

    /// Adds a stop at a GPX point as ``stops(fromWaypoints:)`` does, named `fallbackName` when
    /// the point has no name.
    mutating func addStop(_ point: GPXPoint, name fallbackName: String) {
        let details = point.details
        addStop(
            details.name ?? fallbackName,
            at: Coordinate(uncheckedLatitude: point.latitude, longitude: point.longitude),
            notes: details.comment, description: details.description,
            link: details.links.first.map(\.href).flatMap { $0.isEmpty ? nil : $0 },
            category: details.type ?? details.symbol)
    }
}
