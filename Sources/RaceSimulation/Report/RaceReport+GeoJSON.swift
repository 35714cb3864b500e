import GeoCore
import GeoFormats
import RaceKitCore
import RaceModel

extension RaceReport {
    /// A GeoJSON FeatureCollection (RFC 7946): the stops (a circle as its centre Point with
    /// `radiusMeters`, since GeoJSON has no circle; a polygon fence as a MultiPolygon), each
    /// participant's track as a LineString with per-point times (`coordinateProperties.times`),
    /// and each visit as a point. Every time is a number of seconds since the race start, with or
    /// without a start time, so a consumer reads one form; when the race has a start time the
    /// collection says when that was (`startTime`, RFC 3339, a foreign member).
    public var geoJSON: JSONValue {
        func position(_ lat: Double, _ lon: Double) -> JSONValue {
            .array([.number((lon * 1e7).rounded() / 1e7), .number((lat * 1e7).rounded() / 1e7)])
        }
        func feature(_ geometry: JSONValue, _ properties: [(String, JSONValue)]) -> JSONValue {
            .object([
                JSONMember("type", .string("Feature")), JSONMember("geometry", geometry),
                JSONMember("properties", .object(properties.map { JSONMember($0.0, $0.1) })),
            ])
        }
        func time(_ t: Double) -> JSONValue { .number((t * 1000).rounded() / 1000) }
        var features: [JSONValue] = []
        for stop in race.stops {
            var properties: [(String, JSONValue)] = [
                ("kind", .string("stop")), ("id", .string(stop.id)), ("name", .string(stop.name)),
            ]
            if let points = stop.points { properties.append(("points", .number(Double(points)))) }
            switch stop.fence {
            case .circle(let centre, let radius):
                properties.append(("radiusMeters", .number(radius)))
                features.append(
                    feature(
                        .object([
                            JSONMember("type", .string("Point")),
                            JSONMember("coordinates", position(centre.latitude, centre.longitude)),
                        ]), properties))
            case .polygon(let polygons):
                let rings = polygons.map { rings in
                    JSONValue.array(rings.map { .array($0.map { position($0.latitude, $0.longitude) }) })
                }
                features.append(
                    feature(
                        .object([JSONMember("type", .string("MultiPolygon")), JSONMember("coordinates", .array(rings))]
                        ),
                        properties))
            }
        }
        let positions = replay.input.positions
        var rows = [[Int]](repeating: [], count: replay.input.names.count)
        for i in 0..<positions.count { rows[Int(positions.participant[i])].append(i) }
        for (p, mine) in rows.enumerated() where mine.count >= 2 {
            features.append(
                feature(
                    .object([
                        JSONMember("type", .string("LineString")),
                        JSONMember(
                            "coordinates",
                            .array(mine.map { position(positions.latitude[$0], positions.longitude[$0]) })),
                    ]),
                    [
                        ("kind", .string("track")), ("name", .string(replay.input.names[p])),
                        (
                            "coordinateProperties",
                            .object([JSONMember("times", .array(mine.map { time(positions.time[$0]) }))])
                        ),
                    ]))
        }
        for visit in replay.visits {
            let row = visit.fixRow
            features.append(
                feature(
                    .object([
                        JSONMember("type", .string("Point")),
                        JSONMember("coordinates", position(positions.latitude[row], positions.longitude[row])),
                    ]),
                    [
                        ("kind", .string("visit")), ("name", .string(replay.input.names[visit.participant])),
                        ("stop", .string(race.stops[visit.stop].id)), ("time", time(visit.time)),
                    ]))
        }
        var members = [JSONMember("type", .string("FeatureCollection"))]
        if let startEpoch { members.append(JSONMember("startTime", .string(Timestamp.format(startEpoch)))) }
        return .object(members + [JSONMember("features", .array(features))])
    }
}
