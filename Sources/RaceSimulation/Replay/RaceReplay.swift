import GeoCore
import Geofencing
import RaceModel

/// Runs recorded (or synthetic) tracks through the geofence engine under a race's rules and
/// returns every visit, the fixes that could not be used, and the course check per participant.
public struct RaceReplay: Sendable {
    public let race: Race
    /// The engine's fences, parallel to `race.stops`.
    public let index: GridIndex

    /// - Throws: ``FenceError`` naming the first stop whose fence cannot be built (the
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
        EventRules(exitMarginMeters: race.rules.exitMarginMeters, minimumDwellSeconds: race.rules.minimumDwellSeconds,
                   requiredAccuracyMeters: race.rules.requiredAccuracyMeters)
    }

    /// Replays the tracks.
    public func run(_ input: ReplayInput) -> ReplayResult {
        let log = EventDetector(index: index, rules: eventRules).detect(input.positions)
        // A visit counts once the participant has stayed the minimum dwell (a dwell event; with
        // no minimum it comes with the enter). Its time is the arrival, not the dwell.
        var open: [Int: Int] = [:]   // (participant, stop) key → visit index awaiting its exit
        var visits: [StopVisit] = []
        let stops = race.stops.count
        for event in log.events {
            let key = Int(event.participant) * stops + event.fence
            switch event.kind {
            case .dwell:
                let visit = StopVisit(participant: Int(event.participant), stop: event.fence,
                                      time: event.time - race.rules.minimumDwellSeconds, leftAt: nil,
                                      accuracyMeters: event.accuracyMeters, fixRow: event.fixIndex)
                open[key] = visits.count
                visits.append(visit)
            case .exit:
                if let v = open.removeValue(forKey: key) { visits[v].leftAt = event.time }
            case .enter, .cross:
                break
            }
        }
        visits.sort { ($0.time, $0.participant, $0.stop) < ($1.time, $1.participant, $1.stop) }
        var byParticipant = [[StopVisit]](repeating: [], count: input.names.count)
        for visit in visits { byParticipant[visit.participant].append(visit) }
        var lastFix = [Seconds?](repeating: nil, count: input.names.count)
        for i in 0..<input.positions.count { lastFix[Int(input.positions.participant[i])] = input.positions.time[i] }
        let checks = input.names.indices.map { p in
            CourseCheck(race: race, course: course(for: input, participant: p), visits: byParticipant[p], lastFixTime: lastFix[p])
        }
        return ReplayResult(race: race, input: input, visits: visits, events: log.events, screening: log.screening,
                            courses: checks, fences: index.fences)
    }

    /// The participant's own course, else the race's first.
    func course(for input: ReplayInput, participant p: Int) -> Course? {
        let id = input.participantIDs[p]
        let own = id.flatMap { id in race.participants.first { $0.id == id } }?.course
        return own.flatMap { c in race.courses.first { $0.id == c } } ?? race.courses.first
    }
}

/// Why a race cannot be replayed.
public enum ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    case badFence(stop: String, problem: String)

    public var description: String {
        switch self {
        case .badFence(let stop, let problem): return "stop \"\(stop)\" cannot be used: \(problem)"
        }
    }
}
