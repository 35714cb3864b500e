import GeoCore
import RaceKitCore

/// A race stop read from a GeoJSON feature: a Point with a `radius` (metres) makes a circle,
/// a Polygon or MultiPolygon polygons. Properties: `id`, `name`, `radius` (also
/// `radius_m`, `radiusMeters`), `points`, `question`, `options` (strings) and `answer`.
public struct GeoJSONStop: Hashable, Sendable {
    /// `properties.id`, else the Feature's own `id` (RFC 7946 §3.2): a string or a number.
    public var id: JSONValue?
    /// The `name` property.
    public var name: String?
    /// Where the stop is, as the file gives it; RaceModel checks polygons and makes the fence.
    public var area: Area
    /// The `points` property.
    public var points: Double?
    /// The `question` property.
    public var question: String?
    /// The `options` property; empty when absent.
    public var options: [String]
    /// The `answer` property.
    public var answer: String?
    /// The index of the feature it was read from in the file's `features` (for messages:
    /// `/features/3`).
    public var feature: Int

    /// A stop's area as read: plain coordinates, not yet a geofence.
    public enum Area: Hashable, Sendable {
        /// Every point within `radiusMeters` (finite, greater than 0) of `centre`.
        case circle(centre: Coordinate, radiusMeters: Meters)
        /// Polygons, each rings of coordinates (exterior first, then holes) as written: a
        /// Polygon is one polygon, a MultiPolygon several.
        case polygons([[[Coordinate]]])
    }
}

/// Reads race stops from GeoJSON features.
public enum GeoJSONStops {
    /// The stops of every feature with a geometry.
    /// - Parameters:
    ///   - object: the parsed GeoJSON (a FeatureCollection, a Feature or a geometry).
    ///   - file: names the input in errors.
    ///   - defaultRadiusMeters: the radius of a Point without one; `nil` makes a
    ///     missing radius an error.
    /// - Throws: `InputError` naming the feature's JSON path: a Point without a positive radius,
    ///   a LineString (no area), a property of the wrong type. Whether a polygon makes a fence
    ///   is RaceModel's question (`RaceBuilder.stops(fromGeoJSON:file:)`).
    public static func stops(
        from object: GeoJSONObject, file: String,
        defaultRadiusMeters: Meters? = nil
    ) throws(InputError) -> [GeoJSONStop] {
        var stops: [GeoJSONStop] = []
        for (k, f) in object.features.enumerated() {
            let path = "/features/\(k)"
            func fail(_ sub: String, _ message: String) -> InputError {
                InputError(SourceLocation(file: file), "\(path)\(sub): \(message)")
            }
            guard let geometry = f.geometry else { continue }
            var name: String?
            switch f[property: "name"] {
            case nil, .null?: break
            case .string(let s)?: name = s
            default: throw fail("/properties/name", "a stop's name must be a string")
            }
            var question: String?
            switch f[property: "question"] {
            case nil, .null?: break
            case .string(let s)?: question = s
            default: throw fail("/properties/question", "a question must be a string")
            }
            var answer: String?
            switch f[property: "answer"] {
            case nil, .null?: break
            case .string(let s)?: answer = s
            default: throw fail("/properties/answer", "an answer must be a string")
            }
            var options: [String] = []
            switch f[property: "options"] {
            case nil, .null?: break
            case .array(let values)?:
                for (i, value) in values.enumerated() {
                    guard case .string(let text) = value else {
                        throw fail("/properties/options/\(i)", "an option must be a string")
                    }
                    options.append(text)
                }
            default: throw fail("/properties/options", "options must be an array of strings")
            }
            var points: Double?
            switch f[property: "points"] {
            case nil, .null?: break
            case .number(let n)?:
                if let problem = WholeNumber.problem(n, name: "points") { throw fail("/properties/points", problem) }
                points = n
            default: throw fail("/properties/points", "points must be a number")
            }
            var id = f.id
            switch f[property: "id"] {
            case nil, .null?: break
            case .string(let s)? where s.isEmpty: throw fail("/properties/id", "a stop's id must not be empty")
            case let value? where value.isStringOrNumber: id = value
            default: throw fail("/properties/id", "a stop's id must be a string or a number")
            }
            let area: GeoJSONStop.Area
            switch geometry {
            case .point(let p):
                let key = ["radius", "radius_m", "radiusMeters"].first { f[property: $0] != nil }
                let given: Double?
                if let key, case .number(let r)? = f[property: key] {
                    given = r
                } else {
                    given = key == nil ? defaultRadiusMeters : nil
                }
                guard let radius = given, radius > 0, radius.isFinite else {
                    throw fail("/properties/\(key ?? "radius")", "a Point stop needs a positive \"radius\" in metres")
                }
                area = .circle(
                    centre: Coordinate(uncheckedLatitude: p.latitude, longitude: p.longitude), radiusMeters: radius)
            case .polygon(let rings):
                area = .polygons(coordinates([rings]))
            case .multiPolygon(let polygons):
                area = .polygons(coordinates(polygons))
            default:
                throw fail(
                    "/geometry",
                    "a stop needs a Point with a radius, a Polygon or a MultiPolygon, not a \(geometry.typeName)")
            }
            stops.append(
                GeoJSONStop(
                    id: id, name: name, area: area, points: points, question: question,
                    options: options, answer: answer, feature: k))
        }
        return stops
    }

    private static func coordinates(_ polygons: [[[GeoJSONPosition]]]) -> [[[Coordinate]]] {
        polygons.map { $0.map { $0.map { Coordinate(uncheckedLatitude: $0.latitude, longitude: $0.longitude) } } }
    }
}

private extension JSONValue {
    var isStringOrNumber: Bool {
        switch self {
        case .string, .number: return true
        default: return false
        }
    }
}
