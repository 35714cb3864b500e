import RaceModel
import Testing

@testable import RaceSimulation

/// What `rehearse` advises about crowding: only at controls, where an organiser can act, with the
/// threshold in the sentence.
struct RehearsalAdviceTests {
    static func crowded(_ race: Race, at stop: String, peak: Int) -> [String] {
        let stops = race.stops.indices.map { s in
            Rehearsal.StopFigures(stop: s, planned: 10, missed: 0, peakTogether: race.stops[s].id == stop ? peak : 1)
        }
        return Rehearsal.recommend(race: race, stops: stops, noise: 4, courses: []).map(\.text)
    }

    @Test("a crowded control gets the stagger advice with its threshold; the start and finish never do")
    func crowding() throws {
        let race = TrackSynthesizerTests.race
        let course = try #require(race.courses.first)
        let start = try #require(course.start), finish = try #require(course.finish)
        let control = try #require(course.stopIDs.first { $0 != start && $0 != finish })
        #expect(
            Self.crowded(race, at: control, peak: 12)
                == [
                    "\(control): up to 12 participants inside at once (more than 6); stagger the starts or split the stop"
                ])
        #expect(Self.crowded(race, at: control, peak: Rehearsal.crowdLimit).isEmpty)
        #expect(Self.crowded(race, at: start, peak: 12).isEmpty)
        #expect(Self.crowded(race, at: finish, peak: 12).isEmpty)
    }

    @Test("rehearsing a sample race with a mass start gives no start/finish crowding advice")
    func sample() throws {
        let race = TrackSynthesizerTests.race
        var options = SyntheticField.Options(participants: 12)
        options.stragglers = 0
        options.stopMissers = 0
        let rehearsal = try Rehearsal(race: race, runs: 2, options: options, seed: 1)
        let ends = Set(race.courses.flatMap { [$0.start, $0.finish].compactMap { $0 } })
        // The field starts together: the start really is crowded, and still no advice names it.
        #expect(
            rehearsal.stops.contains { ends.contains(race.stops[$0.stop].id) && $0.peakTogether > Rehearsal.crowdLimit }
        )
        #expect(
            !rehearsal.recommendations.contains { $0.stop.map(ends.contains) == true && $0.text.contains("at once") })
    }
}
