import GeoCore
import Geofencing
import RaceModel

/// Runs recorded (or synthetic) tracks through the geofence engine under a race's rules and
/// returns every visit, the fixes that could not be used, and the course check per participant.
public struct RaceReplay: Sendable {
    /// The race being replayed.
    public let race: Race
    /// The engine's fences, parallel to `race.stops`.
    public let index: GridIndex

    /// - Throws: `FenceError` naming the first stop whose fence cannot be built (the
    ///   validator reports these first; a replay needs every fence).
    public init(race: Race) throws(ReplayError) {
        self.race = race
        var fences: [Fence] = []
        for stop in race.stops {
            do throws(FenceError) { fences.append(try stop.fence.makeFence()) } catch {
                throw ReplayError.badFence(stop: stop.id, problem: error.description)
            }
        }
        index = GridIndex(fences: fences)
    }

    /// The engine's rules from the race's: dwell, hysteresis, accuracy gate.
    public var eventRules: EventRules {
        EventRules(
            exitMarginMeters: race.rules.exitMarginMeters, minimumDwellSeconds: race.rules.minimumDwellSeconds,
            requiredAccuracyMeters: race.rules.requiredAccuracyMeters)
    }

    /// Replays the tracks.
    public func run(_ input: ReplayInput) -> ReplayResult {
        let log = EventDetector(index: index, rules: eventRules).detect(input.positions)
        var recorder = VisitRecorder(minimumDwell: race.rules.minimumDwellSeconds, stops: race.stops.count)
        for event in log.events { recorder.record(event) }
        let visits = recorder.sortedVisits()
        var lastFix = [Seconds?](repeating: nil, count: input.names.count)
        for i in 0..<input.positions.count { lastFix[Int(input.positions.participant[i])] = input.positions.time[i] }
        return ReplayResult(
            race: race, input: input, visits: visits, events: log.events, screening: log.screening,
            courses: courseChecks(visits: visits, lastFix: lastFix, participantIDs: input.participantIDs),
            fences: index.fences, lastFixTime: input.positions.time.max())
    }

    /// Each participant's course check from the visits (by time) and the time of their last fix.
    func courseChecks(visits: [StopVisit], lastFix: [Seconds?], participantIDs: [String?]) -> [CourseCheck] {
        var byParticipant = [[StopVisit]](repeating: [], count: participantIDs.count)
        for visit in visits { byParticipant[visit.participant].append(visit) }
        return participantIDs.indices.map { p in
            CourseCheck(
                race: race, course: course(forParticipantID: participantIDs[p]), visits: byParticipant[p],
                lastFixTime: lastFix[p])
        }
    }

    /// The participant's own course, else the race's first.
    func course(forParticipantID id: String?) -> Course? {
        let own = id.flatMap { id in race.participants.first { $0.id == id } }?.course
        return own.flatMap { c in race.courses.first { $0.id == c } } ?? race.courses.first
    }
}

/// Why a race cannot be replayed.
public enum ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    case badFence(stop: String, problem: String)

    /// Which stop's fence could not be built, and why.
    public var description: String {
        switch self {
        case .badFence(let stop, let problem): return "stop \"\(stop)\" cannot be used: \(problem)"
        }
    }
}
