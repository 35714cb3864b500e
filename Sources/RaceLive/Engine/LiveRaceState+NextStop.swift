import GameModes
import GeoCore
import RaceModel
import RaceSimulation

extension LiveRaceState {
    /// The stops a participant may go to next, in the order they opened: what a tracker app is
    /// told to show and watch (OwnTracks' `setWaypoints`), and what the live page marks.
    ///
    /// When the game mode unlocks stops (the classic race, the quiz), these are the stops it
    /// unlocked for the participant and they have not reached yet, so a question gate keeps the
    /// next stop closed until the answer is in. Otherwise the course decides: the first control
    /// after the last one punched that is still missing (the course's start before any fix).
    /// Empty when the participant has finished, has no course, or the race cannot be replayed.
    /// - Parameters:
    ///   - participant: the participant's id in the log (``StoredParticipant/id``).
    ///   - race: the race the state belongs to.
    public func openStops(of participant: String, in race: Race) -> [Stop] {
        if let game, let unlocked = Self.unlockedStops(of: participant, outcomes: game.outcomes) {
            return unlocked.compactMap { race.stop($0) }
        }
        guard let replay else { return [] }
        let check: CourseCheck
        // A track plays as its race participant's id, else under its own name (as `GamePlay` has it).
        let input = replay.input
        if let track = input.names.indices.first(where: { (input.participantIDs[$0] ?? input.names[$0]) == participant }
        ),
            track < replay.courses.count
        {
            check = replay.courses[track]
        } else {
            // No fix yet: the participant's own course (else the race's first), nothing punched.
            let own = race.participants.first { $0.id == participant }?.course
            let course = own.flatMap { id in race.courses.first { $0.id == id } } ?? race.courses.first
            check = CourseCheck(race: race, course: course, visits: [], lastFixTime: nil)
        }
        let lastPunched = check.punches.lastIndex { $0.time != nil } ?? -1
        guard let next = check.punches[(lastPunched + 1)...].first(where: { $0.time == nil }) else { return [] }
        return [race.stops[next.stop]]
    }

    /// Of `open`, the stop nearest to `position` (the first in order on a tie, and without a
    /// position): the one region a tracker app watches.
    public static func nearest(_ open: [Stop], to position: Coordinate?) -> Stop? {
        guard let position else { return open.first }
        var best: (stop: Stop, distance: Double)?
        for stop in open {
            guard let centre = stop.centre else { continue }
            let distance = position.distanceMeters(to: centre)
            if best == nil || distance < best!.distance { best = (stop, distance) }
        }
        return best?.stop ?? open.first
    }

    /// The stops the mode unlocked for `participant` and they have not reached since, in
    /// unlocking order; `nil` when the mode never unlocked a stop for them (it does not work by
    /// unlocking, or they have not played yet).
    static func unlockedStops(of participant: String, outcomes: [Outcome]) -> [String]? {
        var unlocked: [String] = []
        var unlocking = false
        for outcome in outcomes {
            switch outcome {
            case .unlock(let p, let stop, _) where p == participant:
                unlocking = true
                if !unlocked.contains(stop) { unlocked.append(stop) }
            case .reached(let p, let stop, _) where p == participant:
                unlocked.removeAll { $0 == stop }
            case .finish(let p, _) where p == participant, .left(let p, _) where p == participant:
                unlocked = []
            default: break
            }
        }
        return unlocking ? unlocked : nil
    }
}
