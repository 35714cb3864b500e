/// The use of stops in a race: the order to visit them in, from a start to a finish.
///
/// `controls` lists what comes between start and finish: single stops in sequence, and
/// any-order groups whose stops may be visited in any order before the sequence goes on (as
/// IOF XML 3.0's `randomOrder`). Stops in `optional` may be skipped without a missing punch.
public struct Course: Hashable, Sendable {
    /// Unique within the race; participants and variants refer to the course by it.
    public var id: String
    /// A name for people, if different from the id.
    public var name: String?
    /// The stop where the course begins, if the course has one.
    public var start: String?
    /// The stop where the course ends, if the course has one.
    public var finish: String?
    /// What comes between start and finish, in order: single stops and any-order groups.
    public var controls: [CourseItem]
    /// Ids of stops that may be skipped without a missing punch.
    public var optional: [String]

    /// Creates a course from its id, ends, controls and optional stops.
    public init(
        id: String, name: String? = nil, start: String? = nil, finish: String? = nil,
        controls: [CourseItem], optional: [String] = []
    ) {
        self.id = id
        self.name = name
        self.start = start
        self.finish = finish
        self.controls = controls
        self.optional = optional
    }

    /// Every stop id the course names, in course order (start, controls, finish).
    public var stopIDs: [String] {
        var ids: [String] = []
        if let start { ids.append(start) }
        for item in controls {
            switch item {
            case .stop(let id): ids.append(id)
            case .anyOrder(let group): ids.append(contentsOf: group)
            }
        }
        if let finish { ids.append(finish) }
        return ids
    }

    /// Pairs of stops that are visited one right after the other whatever order is chosen in
    /// the any-order groups: the legs every participant runs.
    public var fixedLegs: [(from: String, to: String)] {
        var legs: [(String, String)] = []
        var previous: String? = start
        for item in controls {
            switch item {
            case .stop(let id):
                if let previous { legs.append((previous, id)) }
                previous = id
            case .anyOrder:
                previous = nil
            }
        }
        if let previous, let finish { legs.append((previous, finish)) }
        return legs
    }
}

/// One entry of a course's sequence.
public enum CourseItem: Hashable, Sendable {
    /// Visit this stop next.
    case stop(String)
    /// Visit all these stops, in any order, before going on.
    case anyOrder([String])
}
