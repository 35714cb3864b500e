import GeoCore
import GeoFormats
import RaceKitCore

/// Writes a ``Race`` as the JSON of a race file, fields in the documented order, absent
/// optional fields left out.
enum RaceEncoder {
    static func race(_ race: Race) -> JSONValue {
        var m: [JSONMember] = [JSONMember("format", .string(Race.format)), JSONMember("name", .string(race.name))]
        if let d = race.description { m.append(JSONMember("description", .string(d))) }
        if let t = race.startTime { m.append(JSONMember("startTime", .string(t))) }
        if let z = race.timeZone { m.append(JSONMember("timeZone", .string(z))) }
        if let l = race.timeLimitSeconds { m.append(JSONMember("timeLimitSeconds", .number(l))) }
        m.append(JSONMember("rules", rules(race.rules)))
        m.append(
            JSONMember(
                "mode",
                .object([JSONMember("name", .string(race.mode.name)), JSONMember("config", race.mode.configuration)])))
        m.append(JSONMember("stops", .array(race.stops.map(stop))))
        m.append(JSONMember("courses", .array(race.courses.map(course))))
        if !race.participants.isEmpty {
            m.append(JSONMember("participants", .array(race.participants.map(participant))))
        }
        if !race.teams.isEmpty {
            m.append(
                JSONMember(
                    "teams",
                    .array(
                        race.teams.map {
                            .object([JSONMember("id", .string($0.id)), JSONMember("name", .string($0.name))])
                        })))
        }
        switch race.livePositions {
        case .live: break
        case .delayed(let seconds):
            m.append(
                JSONMember(
                    "livePositions",
                    .object([
                        JSONMember("visibility", .string("delayed")), JSONMember("delaySeconds", .number(seconds)),
                    ])))
        case .never:
            m.append(JSONMember("livePositions", .object([JSONMember("visibility", .string("never"))])))
        }
        return .object(m)
    }

    static func rules(_ r: RaceRules) -> JSONValue {
        var m = [
            JSONMember("minimumDwellSeconds", .number(r.minimumDwellSeconds)),
            JSONMember("exitMarginMeters", .number(r.exitMarginMeters)),
        ]
        if let a = r.requiredAccuracyMeters { m.append(JSONMember("requiredAccuracyMeters", .number(a))) }
        m += [
            JSONMember("speedMetersPerSecond", .number(r.speedMetersPerSecond)),
            JSONMember("secondsPerWrongAnswer", .number(r.secondsPerWrongAnswer)),
            JSONMember("pointsPerMinuteOver", .number(Double(r.pointsPerMinuteOver))),
        ]
        return .object(m)
    }

    static func position(_ c: Coordinate) -> JSONValue { .array([.number(c.longitude), .number(c.latitude)]) }

    static func stop(_ s: Stop) -> JSONValue {
        var m = [JSONMember("id", .string(s.id)), JSONMember("name", .string(s.name))]
        switch s.fence {
        case .circle(let centre, let radius):
            m.append(
                JSONMember(
                    "fence",
                    .object([
                        JSONMember("type", .string("circle")), JSONMember("center", position(centre)),
                        JSONMember("radius", .number(radius)),
                    ])))
        case .polygon(let polygons):
            let rings = { (rings: [[Coordinate]]) -> JSONValue in .array(rings.map { .array($0.map(position)) }) }
            let fence: JSONValue =
                polygons.count == 1
                ? .object([JSONMember("type", .string("polygon")), JSONMember("coordinates", rings(polygons[0]))])
                : .object([
                    JSONMember("type", .string("multipolygon")), JSONMember("coordinates", .array(polygons.map(rings))),
                ])
            m.append(JSONMember("fence", fence))
        }
        if let t = s.task {
            m.append(
                JSONMember(
                    "task",
                    .object([
                        JSONMember("question", .string(t.question)),
                        JSONMember("options", .array(t.options.map { .string($0) })),
                        JSONMember("answer", .string(t.answer)),
                    ])))
        }
        if let p = s.points { m.append(JSONMember("points", .number(Double(p)))) }
        if let w = s.window {
            var window: [JSONMember] = []
            if let o = w.opensAfterSeconds { window.append(JSONMember("opensAfterSeconds", .number(o))) }
            if let c = w.closesAfterSeconds { window.append(JSONMember("closesAfterSeconds", .number(c))) }
            m.append(JSONMember("window", .object(window)))
        }
        if let n = s.notes { m.append(JSONMember("notes", .string(n))) }
        if let d = s.description { m.append(JSONMember("description", .string(d))) }
        if let l = s.link { m.append(JSONMember("link", .string(l))) }
        if let c = s.category { m.append(JSONMember("category", .string(c))) }
        return .object(m)
    }

    static func course(_ c: Course) -> JSONValue {
        var m = [JSONMember("id", .string(c.id))]
        if let n = c.name { m.append(JSONMember("name", .string(n))) }
        if let s = c.start { m.append(JSONMember("start", .string(s))) }
        if let f = c.finish { m.append(JSONMember("finish", .string(f))) }
        m.append(
            JSONMember(
                "controls",
                .array(
                    c.controls.map { item -> JSONValue in
                        switch item {
                        case .stop(let id): return .string(id)
                        case .anyOrder(let ids):
                            return .object([JSONMember("anyOrder", .array(ids.map { .string($0) }))])
                        }
                    })))
        if !c.optional.isEmpty { m.append(JSONMember("optional", .array(c.optional.map { .string($0) }))) }
        return .object(m)
    }

    static func participant(_ p: Participant) -> JSONValue {
        var m = [JSONMember("id", .string(p.id)), JSONMember("name", .string(p.name))]
        if let t = p.team { m.append(JSONMember("team", .string(t))) }
        if let c = p.course { m.append(JSONMember("course", .string(c))) }
        return .object(m)
    }
}
