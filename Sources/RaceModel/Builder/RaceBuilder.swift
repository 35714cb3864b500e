import Foundation
import GeoCore

/// Builds a race in Swift, fluently, with sensible defaults: ids from names, a default radius,
/// and a course through the stops in the order they were added.
///
/// ```swift
/// let race = RaceBuilder(name: "Old Town")
///     .radius(30)
///     .stop("Lindenhof", at: lindenhof)
///     .stop("Grossmünster", at: grossmuenster, task: StopTask(question: "Towers?", options: ["1", "2"], answer: "2"))
///     .timeLimit(minutes: 90)
///     .build()
/// ```
public struct RaceBuilder: Sendable {
    /// How the builder lays out the course.
    public enum CourseLayout: String, Sendable, CaseIterable {
        /// Start at the first stop, visit the rest in order, finish at the last.
        case ordered
        /// Every stop, in any order (score hunts).
        case anyOrder
        /// No course.
        case none
    }

    private var race: Race
    private var defaultRadius: Meters = 25
    private var layout: CourseLayout = .ordered
    /// The stops an ordered course runs through, when not every stop in the order added.
    private var courseOrder: [String]?
    /// The ids of the stops so far (making an id unique is O(1), so building n stops is O(n)).
    private var stopIDs = UniqueIDs([])

    /// A builder for an empty race of this name.
    public init(name: String) {
        race = Race(name: name)
    }

    /// The radius of stops added from now on without one (default 25 m).
    public func radius(_ meters: Meters) -> RaceBuilder { with { $0.defaultRadius = meters } }

    /// Adds a circular stop. `id` defaults to a slug of the name, made unique.
    public func stop(
        _ name: String, at centre: Coordinate, id: String? = nil, radius: Meters? = nil,
        points: Int? = nil, task: StopTask? = nil, window: TimeWindow? = nil, notes: String? = nil
    ) -> RaceBuilder {
        with {
            $0.addStop(
                name, at: centre, id: id, radius: radius, points: points, task: task, window: window, notes: notes)
        }
    }

    /// ``stop(_:at:id:radius:points:task:window:notes:)`` in place: what the importers call in
    /// their loops, since each fluent call copies the builder's stops (O(n) each, O(n²) in all).
    /// The importers also pass what a file says about the place (a GPX waypoint's `desc`, `link`, `type`).
    mutating func addStop(
        _ name: String, at centre: Coordinate, id: String? = nil, radius: Meters? = nil,
        points: Int? = nil, task: StopTask? = nil, window: TimeWindow? = nil, notes: String? = nil,
        description: String? = nil, link: String? = nil, category: String? = nil
    ) {
        append(
            Stop(
                id: id ?? stopIDs.make(from: name), name: name,
                fence: .circle(centre: centre, radiusMeters: radius ?? defaultRadius),
                task: task, points: points, window: window, notes: notes, description: description, link: link,
                category: category))
    }

    /// Adds a polygon stop (rings of coordinates, exterior first; closed or open).
    public func stop(
        _ name: String, polygon rings: [[Coordinate]], id: String? = nil, points: Int? = nil,
        task: StopTask? = nil
    ) -> RaceBuilder {
        stop(name, polygons: [rings], id: id, points: points, task: task)
    }

    /// Adds a multipolygon stop: polygons of rings (exterior first; closed or open).
    public func stop(
        _ name: String, polygons: [[[Coordinate]]], id: String? = nil, points: Int? = nil,
        task: StopTask? = nil
    ) -> RaceBuilder {
        with { $0.addStop(name, polygons: polygons, id: id, points: points, task: task) }
    }

    /// ``stop(_:polygons:id:points:task:)`` in place (see
    /// ``addStop(_:at:id:radius:points:task:window:notes:description:link:category:)``).
    mutating func addStop(
        _ name: String, polygons: [[[Coordinate]]], id: String? = nil, points: Int? = nil, task: StopTask? = nil
    ) {
        let closed = polygons.map { rings in
            rings.map { ring in ring.first == ring.last ? ring : ring + ring.prefix(1) }
        }
        append(
            Stop(id: id ?? stopIDs.make(from: name), name: name, fence: .polygon(closed), task: task, points: points))
    }

    /// The stops added so far, in order.
    var stops: [Stop] { race.stops }
    /// The id of the stop added last.
    var lastStopID: String? { race.stops.last?.id }

    private mutating func append(_ stop: Stop) {
        race.stops.append(stop)
        stopIDs.insert(stop.id)
    }

    /// Adds a participant. `id` defaults to a slug of the name, made unique among the
    /// participants; `team` is a team's name, added as a team (id a slug of it, made unique)
    /// the first time it is named.
    public func participant(_ name: String, id: String? = nil, team: String? = nil, course: String? = nil)
        -> RaceBuilder
    {
        participants([(name, id, team, course)])
    }

    /// Adds participants in order, each as ``participant(_:id:team:course:)`` does.
    /// - Complexity: O(n) for n participants (ids and teams are looked up in sets).
    public func participants(_ entries: [(name: String, id: String?, team: String?, course: String?)]) -> RaceBuilder {
        with { builder in
            var participantIDs = UniqueIDs(builder.race.participants.map(\.id))
            var teamIDs = UniqueIDs(builder.race.teams.map(\.id))
            var teamByName = Dictionary(
                builder.race.teams.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
            for entry in entries {
                var teamID: String?
                if let team = entry.team {
                    if let known = teamByName[team] {
                        teamID = known
                    } else {
                        let newID = teamIDs.make(from: team)
                        builder.race.teams.append(Team(id: newID, name: team))
                        teamByName[team] = newID
                        teamID = newID
                    }
                }
                let id: String
                if let given = entry.id {
                    id = given
                    participantIDs.insert(given)
                } else {
                    id = participantIDs.make(from: entry.name)
                }
                builder.race.participants.append(
                    Participant(id: id, name: entry.name, team: teamID, course: entry.course))
            }
        }
    }

    /// The race's description, shown to participants.
    public func describe(_ text: String) -> RaceBuilder { with { $0.race.description = text } }
    /// The race's time limit in minutes.
    public func timeLimit(minutes: Double) -> RaceBuilder { with { $0.race.timeLimitSeconds = minutes * 60 } }
    /// The start time (ISO 8601) and, optionally, the venue's IANA time zone.
    public func start(at time: String, timeZone: String? = nil) -> RaceBuilder {
        with {
            $0.race.startTime = time; $0.race.timeZone = timeZone
        }
    }
    /// The venue's IANA time zone (`Europe/Zurich`), for display.
    public func timeZone(_ zone: String) -> RaceBuilder { with { $0.race.timeZone = zone } }
    /// The game mode and its options.
    public func mode(_ selection: GameModeSelection) -> RaceBuilder { with { $0.race.mode = selection } }
    /// How visits are judged and penalised.
    public func rules(_ rules: RaceRules) -> RaceBuilder { with { $0.race.rules = rules } }
    /// How the course is laid out: ordered (the default), any order, or none.
    public func course(_ layout: CourseLayout) -> RaceBuilder { with { $0.layout = layout } }

    /// An ordered course through these stop ids: start at the first, finish at the last (the same
    /// id for a loop), the others in between in this order. Stops not named stay off the course.
    public func course(through ids: [String]) -> RaceBuilder {
        with {
            $0.layout = .ordered
            $0.courseOrder = ids
        }
    }

    /// The race, with its course laid out.
    public func build() -> Race {
        var race = self.race
        let ids = courseOrder ?? race.stops.map(\.id)
        switch layout {
        case .none: break
        case .ordered where ids.count >= 2:
            race.courses = [
                Course(
                    id: "main", name: race.name, start: ids.first, finish: ids.last,
                    controls: ids.dropFirst().dropLast().map { .stop($0) })
            ]
        case .ordered:
            race.courses = [Course(id: "main", name: race.name, controls: ids.map { .stop($0) })]
        case .anyOrder:
            race.courses = [Course(id: "main", name: race.name, controls: [.anyOrder(ids)])]
        }
        return race
    }

    private func with(_ change: (inout RaceBuilder) -> Void) -> RaceBuilder {
        var copy = self
        change(&copy)
        return copy
    }

    /// A lowercase ASCII slug of a name, for ids and file names: accents dropped ("Zürich" →
    /// "zurich"), other characters as single dashes; "stop" for a name with no letters.
    public static func slug(_ name: String) -> String {
        var slug = ""
        for scalar in name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
            .unicodeScalars
        {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "stop" : slug
    }
}
