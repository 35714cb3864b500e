import GeoCore
import GeoFormats
import RaceKitCore

/// Turns the JSON of a race file into a ``Race``, reporting into a ``DecodingContext``.
/// Each function reads one object of the format (docs/race-format.md) at its JSON pointer.
enum RaceDecoder {
    static func race(_ json: JSONValue, _ c: inout DecodingContext, _ sources: inout SourceIndices) -> Race? {
        let keys = [
            "format", "name", "description", "startTime", "timeZone", "timeLimitSeconds", "rules", "mode",
            "stops", "courses", "participants", "teams", "livePositions",
        ]
        guard let root = c.object(json, at: "", known: keys) else { return nil }
        switch c.string(root, "format", at: "", required: true) {
        case Race.format?, nil: break
        case let other?:
            c.report(
                .error, "unsupported-format", at: "/format", "format \"\(other)\" is not \(Race.format)",
                hint: "this version of racekit reads \(Race.format) files")
        }
        let name = c.string(root, "name", at: "", required: true) ?? ""
        var race = Race(name: name)
        race.description = c.string(root, "description", at: "")
        race.startTime = c.string(root, "startTime", at: "")
        race.timeZone = c.string(root, "timeZone", at: "")
        race.timeLimitSeconds = c.number(root, "timeLimitSeconds", at: "")
        if let rules = root.first(where: { $0.key == "rules" })?.value { race.rules = self.rules(rules, &c) }
        if let mode = root.first(where: { $0.key == "mode" })?.value, let selection = self.mode(mode, &c) {
            race.mode = selection
        }
        (race.stops, sources.stops) = list(root, "stops", &c, stop)
        (race.courses, sources.courses) = list(root, "courses", &c, course)
        (race.participants, sources.participants) = list(root, "participants", &c, participant)
        (race.teams, sources.teams) = list(root, "teams", &c, team)
        if let visibility = root.first(where: { $0.key == "livePositions" })?.value {
            race.livePositions = livePositions(visibility, &c)
        }
        return race
    }

    static func livePositions(_ json: JSONValue, _ c: inout DecodingContext) -> PositionVisibility {
        let path = "/livePositions"
        guard let o = c.object(json, at: path, known: ["visibility", "delaySeconds"]) else { return .live }
        let delay = c.number(o, "delaySeconds", at: path)
        let visibility = c.string(o, "visibility", at: path, required: true)
        if delay != nil && visibility != "delayed" {
            c.report(
                .error, "bad-rule", at: path + "/delaySeconds",
                "delaySeconds goes with \"visibility\": \"delayed\" only")
        }
        switch visibility {
        case "live"?, nil: return .live
        case "never"?: return .never
        case "delayed"?:
            guard let delay else {
                c.report(
                    .error, "missing-field", at: path,
                    "the required field \"delaySeconds\" is missing (visibility \"delayed\")")
                return .live
            }
            return .delayed(seconds: delay)
        case let other?:
            c.report(
                .error, "bad-rule", at: path + "/visibility", "\"\(other)\" is not live, delayed or never")
            return .live
        }
    }

    /// Decodes each element of the array at `/key`, skipping (and having reported) the bad
    /// ones; returns the decoded elements and their indices in the file.
    private static func list<T>(
        _ root: [JSONMember], _ key: String, _ c: inout DecodingContext,
        _ element: (JSONValue, String, inout DecodingContext) -> T?
    ) -> ([T], [Int]) {
        let path = "/" + key
        guard let elements = c.array(root.first(where: { $0.key == key })?.value, at: path) else { return ([], []) }
        var decoded: [T] = [], indices: [Int] = []
        for (i, json) in elements.enumerated() {
            if let value = element(json, JSONPointer.appending(path, i), &c) {
                decoded.append(value)
                indices.append(i)
            }
        }
        return (decoded, indices)
    }

    static func rules(_ json: JSONValue, _ c: inout DecodingContext) -> RaceRules {
        let keys = [
            "minimumDwellSeconds", "exitMarginMeters", "requiredAccuracyMeters", "speedMetersPerSecond",
            "secondsPerWrongAnswer", "pointsPerMinuteOver",
        ]
        var rules = RaceRules()
        guard let o = c.object(json, at: "/rules", known: keys) else { return rules }
        rules.minimumDwellSeconds = c.number(o, "minimumDwellSeconds", at: "/rules") ?? rules.minimumDwellSeconds
        rules.exitMarginMeters = c.number(o, "exitMarginMeters", at: "/rules") ?? rules.exitMarginMeters
        rules.requiredAccuracyMeters = c.number(o, "requiredAccuracyMeters", at: "/rules")
        rules.speedMetersPerSecond = c.number(o, "speedMetersPerSecond", at: "/rules") ?? rules.speedMetersPerSecond
        rules.secondsPerWrongAnswer = c.number(o, "secondsPerWrongAnswer", at: "/rules") ?? rules.secondsPerWrongAnswer
        rules.pointsPerMinuteOver = c.integer(o, "pointsPerMinuteOver", at: "/rules") ?? rules.pointsPerMinuteOver
        return rules
    }

    static func mode(_ json: JSONValue, _ c: inout DecodingContext) -> GameModeSelection? {
        guard let o = c.object(json, at: "/mode", known: ["name", "config"]),
            let name = c.string(o, "name", at: "/mode", required: true)
        else { return nil }
        let config = o.first { $0.key == "config" }?.value ?? .object([])
        if case .object = config {
        } else {
            c.report(.error, "wrong-type", at: "/mode/config", "expected an object, found \(config.typeName)")
        }
        return GameModeSelection(name: name, configuration: config)
    }

    static func stop(_ json: JSONValue, _ path: String, _ c: inout DecodingContext) -> Stop? {
        let keys = ["id", "name", "fence", "task", "points", "window", "notes", "description", "link", "category"]
        guard let o = c.object(json, at: path, known: keys) else { return nil }
        let id = c.string(o, "id", at: path, required: true)
        let name = c.string(o, "name", at: path) ?? id ?? ""
        let fencePath = JSONPointer.appending(path, "fence")
        guard let fenceJSON = o.first(where: { $0.key == "fence" })?.value else {
            c.report(.error, "missing-field", at: path, "the required field \"fence\" is missing")
            if let id { c.undecodedStopIDs.insert(id) }
            return nil
        }
        guard let id else { return nil }
        guard let fence = fence(fenceJSON, fencePath, &c) else {
            c.undecodedStopIDs.insert(id)
            return nil
        }
        var stop = Stop(id: id, name: name, fence: fence)
        stop.points = c.integer(o, "points", at: path)
        stop.notes = c.string(o, "notes", at: path)
        stop.description = c.string(o, "description", at: path)
        stop.link = c.string(o, "link", at: path)
        stop.category = c.string(o, "category", at: path)
        if let task = o.first(where: { $0.key == "task" })?.value {
            stop.task = self.task(task, JSONPointer.appending(path, "task"), &c)
        }
        if let window = o.first(where: { $0.key == "window" })?.value {
            let windowPath = JSONPointer.appending(path, "window")
            if let w = c.object(window, at: windowPath, known: ["opensAfterSeconds", "closesAfterSeconds"]) {
                stop.window = TimeWindow(
                    opensAfterSeconds: c.number(w, "opensAfterSeconds", at: windowPath),
                    closesAfterSeconds: c.number(w, "closesAfterSeconds", at: windowPath))
            }
        }
        return stop
    }

    static func fence(_ json: JSONValue, _ path: String, _ c: inout DecodingContext) -> StopFence? {
        guard let o = c.object(json, at: path, known: ["type", "center", "radius", "coordinates"]),
            let type = c.string(o, "type", at: path, required: true)
        else { return nil }
        switch type {
        case "circle":
            guard let centreJSON = o.first(where: { $0.key == "center" })?.value else {
                c.report(.error, "missing-field", at: path, "the required field \"center\" is missing")
                return nil
            }
            let centre = c.position(centreJSON, at: JSONPointer.appending(path, "center"))
            let radius = c.number(o, "radius", at: path, required: true)
            guard let centre, let radius else { return nil }
            return .circle(centre: centre, radiusMeters: radius)
        case "polygon", "multipolygon":
            let coordinatesPath = JSONPointer.appending(path, "coordinates")
            guard let coordinates = c.array(o.first(where: { $0.key == "coordinates" })?.value, at: coordinatesPath)
            else {
                if o.first(where: { $0.key == "coordinates" }) == nil {
                    c.report(.error, "missing-field", at: path, "the required field \"coordinates\" is missing")
                }
                return nil
            }
            if type == "polygon" {
                return rings(coordinates, coordinatesPath, &c).map { .polygon([$0]) }
            }
            var polygons: [[[Coordinate]]] = []
            for (i, polygon) in coordinates.enumerated() {
                let polygonPath = JSONPointer.appending(coordinatesPath, i)
                guard let ringList = c.array(polygon, at: polygonPath), let rings = rings(ringList, polygonPath, &c)
                else { return nil }
                polygons.append(rings)
            }
            return .polygon(polygons)
        default:
            c.report(
                .error, "unknown-fence-type", at: JSONPointer.appending(path, "type"),
                "fence type \"\(type)\" is not circle, polygon or multipolygon")
            return nil
        }
    }

    private static func rings(_ list: [JSONValue], _ path: String, _ c: inout DecodingContext) -> [[Coordinate]]? {
        var rings: [[Coordinate]] = []
        for (r, ring) in list.enumerated() {
            let ringPath = JSONPointer.appending(path, r)
            guard let positions = c.array(ring, at: ringPath) else { return nil }
            var coordinates: [Coordinate] = []
            for (v, position) in positions.enumerated() {
                guard let coordinate = c.position(position, at: JSONPointer.appending(ringPath, v)) else { return nil }
                coordinates.append(coordinate)
            }
            rings.append(coordinates)
        }
        guard !rings.isEmpty else {
            c.report(.error, "polygon-empty", at: path, "a polygon needs at least one ring")
            return nil
        }
        return rings
    }

    static func task(_ json: JSONValue, _ path: String, _ c: inout DecodingContext) -> StopTask? {
        guard let o = c.object(json, at: path, known: ["question", "options", "answer"]) else { return nil }
        let question = c.string(o, "question", at: path, required: true)
        let answer = c.string(o, "answer", at: path, required: true)
        let optionsPath = JSONPointer.appending(path, "options")
        var options: [String] = []
        for (i, option) in (c.array(o.first(where: { $0.key == "options" })?.value, at: optionsPath) ?? []).enumerated()
        {
            guard case .string(let text) = option else {
                c.report(
                    .error, "wrong-type", at: JSONPointer.appending(optionsPath, i),
                    "expected a string, found \(option.typeName)")
                continue
            }
            options.append(text)
        }
        guard let question, let answer else { return nil }
        return StopTask(question: question, options: options, answer: answer)
    }

    static func course(_ json: JSONValue, _ path: String, _ c: inout DecodingContext) -> Course? {
        guard let o = c.object(json, at: path, known: ["id", "name", "start", "finish", "controls", "optional"]),
            let id = c.string(o, "id", at: path, required: true)
        else { return nil }
        var course = Course(
            id: id, name: c.string(o, "name", at: path), start: c.string(o, "start", at: path),
            finish: c.string(o, "finish", at: path), controls: [])
        let controlsPath = JSONPointer.appending(path, "controls")
        for (i, item) in (c.array(o.first(where: { $0.key == "controls" })?.value, at: controlsPath) ?? []).enumerated()
        {
            let itemPath = JSONPointer.appending(controlsPath, i)
            switch item {
            case .string(let stop): course.controls.append(.stop(stop))
            case .object:
                guard let group = c.object(item, at: itemPath, known: ["anyOrder"]) else { continue }
                let groupPath = JSONPointer.appending(itemPath, "anyOrder")
                let ids = (c.array(group.first(where: { $0.key == "anyOrder" })?.value, at: groupPath) ?? []).compactMap
                { value -> String? in
                    if case .string(let s) = value { return s }
                    c.report(
                        .error, "wrong-type", at: groupPath, "expected stop ids (strings), found \(value.typeName)")
                    return nil
                }
                course.controls.append(.anyOrder(ids))
            default:
                c.report(
                    .error, "wrong-type", at: itemPath,
                    "expected a stop id or {\"anyOrder\": [...]}, found \(item.typeName)")
            }
        }
        let optionalPath = JSONPointer.appending(path, "optional")
        course.optional = (c.array(o.first(where: { $0.key == "optional" })?.value, at: optionalPath) ?? []).compactMap
        {
            if case .string(let s) = $0 { return s }
            c.report(.error, "wrong-type", at: optionalPath, "expected stop ids (strings), found \($0.typeName)")
            return nil
        }
        return course
    }

    static func participant(_ json: JSONValue, _ path: String, _ c: inout DecodingContext) -> Participant? {
        guard let o = c.object(json, at: path, known: ["id", "name", "team", "course"]),
            let id = c.string(o, "id", at: path, required: true)
        else { return nil }
        return Participant(
            id: id, name: c.string(o, "name", at: path) ?? id, team: c.string(o, "team", at: path),
            course: c.string(o, "course", at: path))
    }

    static func team(_ json: JSONValue, _ path: String, _ c: inout DecodingContext) -> Team? {
        guard let o = c.object(json, at: path, known: ["id", "name"]),
            let id = c.string(o, "id", at: path, required: true)
        else { return nil }
        return Team(id: id, name: c.string(o, "name", at: path) ?? id)
    }
}
