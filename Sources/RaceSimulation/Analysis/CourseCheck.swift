import GeoCore
import RaceModel

/// A participant's course, checked as orienteering punch checking does (IOF XML 3.0 split
/// statuses): each control is matched to the participant's first visit of it after the
/// previous matched control; any-order groups take each stop's first visit after the group
/// starts; optional stops may be missing; visits of course stops out of order and of other
/// stops are "additional".
public struct CourseCheck: Hashable, Sendable {
    /// One control of the course as matched.
    public struct Punch: Hashable, Sendable {
        /// The stop's index in the race.
        public var stop: Int
        /// Arrival, seconds since the race start; `nil` when missing.
        public var time: Seconds?
        /// Whether the course lets this stop be skipped.
        public var optional: Bool
    }

    /// The course checked against; `nil` when the race has none.
    public let course: Course?
    /// Start, controls (any-order groups in the order punched, missing ones last), finish.
    public let punches: [Punch]
    /// Arrival at the start stop, seconds since the race start, when the course has a start.
    public let startTime: Seconds?
    /// Arrival at the finish stop, seconds since the race start; `nil` when not reached.
    public let finishTime: Seconds?
    /// The result: OK, missing punch, did not finish….
    public let status: ResultStatus
    /// Visits that matched no control.
    public let additional: [StopVisit]

    /// Running time, from start to finish. A course without a finish (an any-order board) has
    /// none to run to: its time is when the last control was reached, from the start (or the
    /// race start for a course without one).
    public var runningTime: Seconds? {
        guard let start = startTime else { return nil }
        if let finish = finishTime { return finish - start }
        guard let course, course.finish == nil, let last = punches.compactMap(\.time).max() else { return nil }
        return last - start
    }

    /// Punched controls in course order (for ranking progress: more is better).
    public var punchedCount: Int { punches.filter { $0.time != nil }.count }

    /// Checks one participant's `visits` (theirs only, by time) against `course`.
    public init(race: Race, course: Course?, visits: [StopVisit], lastFixTime: Seconds?) {
        self.course = course
        guard let course else {
            punches = []; startTime = nil; finishTime = nil; additional = visits
            status = lastFixTime == nil ? .didNotStart : .notCompeting
            return
        }
        let index = Dictionary(race.stops.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let optional = Set(course.optional)
        var used = Set<Int>()  // visits matched to a control
        var cursor = -Double.infinity
        var punches: [Punch] = []
        /// The first unused visit of `stop` at or after `after`.
        func firstVisit(_ stop: Int, after: Seconds) -> Int? {
            visits.indices.first { !used.contains($0) && visits[$0].stop == stop && visits[$0].time >= after }
        }
        func punch(_ id: String) {
            guard let stop = index[id] else { return }
            if let v = firstVisit(stop, after: cursor) {
                used.insert(v)
                cursor = visits[v].time
                punches.append(Punch(stop: stop, time: visits[v].time, optional: optional.contains(id)))
            } else {
                punches.append(Punch(stop: stop, time: nil, optional: optional.contains(id)))
            }
        }
        if let start = course.start { punch(start) }
        let started = punches.first?.time
        for item in course.controls {
            switch item {
            case .stop(let id): punch(id)
            case .anyOrder(let ids):
                let groupStart = cursor
                var found: [Punch] = [], missing: [Punch] = []
                for id in ids {
                    guard let stop = index[id] else { continue }
                    if let v = firstVisit(stop, after: groupStart) {
                        used.insert(v)
                        found.append(Punch(stop: stop, time: visits[v].time, optional: optional.contains(id)))
                    } else {
                        missing.append(Punch(stop: stop, time: nil, optional: optional.contains(id)))
                    }
                }
                found.sort { $0.time! < $1.time! }
                cursor = max(cursor, found.last?.time ?? cursor)
                punches += found + missing
            }
        }
        if let finish = course.finish { punch(finish) }
        self.punches = punches
        startTime = course.start == nil ? 0 : started
        finishTime = course.finish == nil ? nil : punches.last?.time
        additional = visits.indices.filter { !used.contains($0) }.map { visits[$0] }

        let missingRequired = punches.contains { $0.time == nil && !$0.optional }
        let origin = course.start == nil ? 0 : started
        let running = finishTime.flatMap { finish in origin.map { finish - $0 } } ?? punches.last?.time
        if lastFixTime == nil {
            status = .didNotStart
        } else if finishTime == nil && course.finish != nil {
            status = .didNotFinish
        } else if missingRequired {
            status = .missingPunch
        } else if let limit = race.timeLimitSeconds, let running, running > limit {
            status = .overTime
        } else {
            status = .ok
        }
    }
}
