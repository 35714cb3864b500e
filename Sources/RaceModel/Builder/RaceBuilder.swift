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
    /// The ids of the stops so far, and for each slug the next suffix to try: so making an id
    /// unique costs O(1), not a look at every stop (which made building n stops O(n²)).
    private var takenIDs: Set<String> = []
    private var nextSuffix: [String: Int] = [:]

    public init(name: String) {
        race = Race(name: name)
    }

    /// The radius of stops added from now on without one (default 25 m).
    public func radius(_ meters: Meters) -> RaceBuilder { with { $0.defaultRadius = meters } }

    /// Adds a circular stop. `id` defaults to a slug of the name, made unique.
    public func stop(_ name: String, at centre: Coordinate, id: String? = nil, radius: Meters? = nil,
                     points: Int? = nil, task: StopTask? = nil, window: TimeWindow? = nil, notes: String? = nil) -> RaceBuilder {
        with { $0.addStop(name, at: centre, id: id, radius: radius, points: points, task: task, window: window, notes: notes) }
    }

    /// ``stop(_:at:id:radius:points:task:window:notes:)`` in place: what the importers call in
    /// their loops, since each fluent call copies the builder's stops (O(n) each, O(n²) in all).
    mutating func addStop(_ name: String, at centre: Coordinate, id: String? = nil, radius: Meters? = nil,
                          points: Int? = nil, task: StopTask? = nil, window: TimeWindow? = nil, notes: String? = nil) {
        append(Stop(id: id ?? uniqueID(for: name), name: name, fence: .circle(centre: centre, radiusMeters: radius ?? defaultRadius),
                    task: task, points: points, window: window, notes: notes))
    }

    /// Adds a polygon stop (rings of coordinates, exterior first; closed or open).
    public func stop(_ name: String, polygon rings: [[Coordinate]], id: String? = nil, points: Int? = nil,
                     task: StopTask? = nil) -> RaceBuilder {
        stop(name, polygons: [rings], id: id, points: points, task: task)
    }

    /// Adds a multipolygon stop: polygons of rings (exterior first; closed or open).
    public func stop(_ name: String, polygons: [[[Coordinate]]], id: String? = nil, points: Int? = nil,
                     task: StopTask? = nil) -> RaceBuilder {
        with { $0.addStop(name, polygons: polygons, id: id, points: points, task: task) }
    }

    /// ``stop(_:polygons:id:points:task:)`` in place (see ``addStop(_:at:id:radius:points:task:window:notes:)``).
    mutating func addStop(_ name: String, polygons: [[[Coordinate]]], id: String? = nil, points: Int? = nil, task: StopTask? = nil) {
        let closed = polygons.map { rings in rings.map { ring in ring.first == ring.last ? ring : ring + ring.prefix(1) } }
        append(Stop(id: id ?? uniqueID(for: name), name: name, fence: .polygon(closed), task: task, points: points))
    }

    private mutating func append(_ stop: Stop) {
        race.stops.append(stop)
        takenIDs.insert(stop.id)
    }

    public func describe(_ text: String) -> RaceBuilder { with { $0.race.description = text } }
    public func timeLimit(minutes: Double) -> RaceBuilder { with { $0.race.timeLimitSeconds = minutes * 60 } }
    public func start(at time: String, timeZone: String? = nil) -> RaceBuilder {
        with { $0.race.startTime = time; $0.race.timeZone = timeZone }
    }
    public func mode(_ selection: GameModeSelection) -> RaceBuilder { with { $0.race.mode = selection } }
    public func rules(_ rules: RaceRules) -> RaceBuilder { with { $0.race.rules = rules } }
    public func course(_ layout: CourseLayout) -> RaceBuilder { with { $0.layout = layout } }

    /// The race, with its course laid out.
    public func build() -> Race {
        var race = self.race
        let ids = race.stops.map(\.id)
        switch layout {
        case .none: break
        case .ordered where ids.count >= 2:
            race.courses = [Course(id: "main", name: race.name, start: ids.first, finish: ids.last,
                                   controls: ids.dropFirst().dropLast().map { .stop($0) })]
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

    /// A slug of the name made unique among the stops: -2, -3… when taken. Suffixes only grow
    /// per slug, so the ids are the same as trying -2, -3… from the start each time.
    private mutating func uniqueID(for name: String) -> String {
        let slug = Self.slug(name)
        guard takenIDs.contains(slug) else { return slug }
        var n = nextSuffix[slug] ?? 2
        while takenIDs.contains("\(slug)-\(n)") { n += 1 }
        nextSuffix[slug] = n + 1
        return "\(slug)-\(n)"
    }

    /// A lowercase ASCII slug of a name, for ids and file names: accents dropped ("Zürich" →
    /// "zurich"), other characters as single dashes; "stop" for a name with no letters.
    public static func slug(_ name: String) -> String {
        var slug = ""
        for scalar in name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased().unicodeScalars {
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
