import GeoFormats
import RaceModel
import RaceSimulation
import Testing

struct RehearsalTests {
    static func rehearse(_ race: Race, participants: Int = 9, runs: Int = 2) throws -> Rehearsal {
        var options = SyntheticField.Options(participants: participants)
        options.stragglers = 0
        options.stopMissers = 0
        return try Rehearsal(race: race, runs: runs, options: options, seed: 4)
    }

    @Test("with variants, every variant gets runners, who are judged on the course they ran")
    func variantsAreCompared() throws {
        var race = SyntheticFieldTests.race
        race.courses.remove(at: 1)  // only the variants
        let rehearsal = try Self.rehearse(race)
        #expect(rehearsal.courses.map(\.course) == ["main", "main-2", "main-3"])
        #expect(rehearsal.courses.map(\.runners).reduce(0, +) == 9)
        for figures in rehearsal.courses {
            #expect(figures.runners > 0, "\(figures.course)")
            #expect(figures.lengthMeters == race.lengthMeters(of: race.courses.first { $0.id == figures.course }!))
            // Judged on another course's sequence, a runner would miss punches; on their own, nearly all finish.
            #expect(
                Double(figures.finishTimes.count) >= 0.8 * Double(figures.runners * rehearsal.runs), "\(figures.course)"
            )
            #expect(figures.median == rehearsal.courseMedians[figures.course])
        }
    }

    @Test("the spread is the slowest median minus the fastest, and the longest course minus the shortest")
    func spreadMatchesTheMedians() throws {
        var race = SyntheticFieldTests.race
        race.courses.remove(at: 1)
        let rehearsal = try Self.rehearse(race)
        let medians = rehearsal.courses.compactMap(\.median).map { $0.rounded() }
        let lengths = rehearsal.courses.map(\.lengthMeters)
        let spread = rehearsal.courseSpread
        #expect(medians.count == 3)
        #expect(spread.medianSeconds == medians.max()! - medians.min()!)
        #expect(spread.medianFraction == (medians.max()! - medians.min()!) / medians.min()!)
        #expect(spread.lengthMeters == lengths.max()! - lengths.min()!)

        guard case .object(let members) = rehearsal.json else { Issue.record("not an object"); return }
        let json = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        guard case .array(let courses)? = json["courses"], case .object(let spreadMembers)? = json["courseSpread"]
        else {
            Issue.record("no course comparison in \(members.map(\.key))"); return
        }
        #expect(courses.count == 3)
        let spreadJSON = Dictionary(spreadMembers.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(spreadJSON["medianSeconds"] == .number(medians.max()! - medians.min()!))
        #expect(spreadJSON["lengthMeters"] == .number(Double(lengths.max()! - lengths.min()!)))
        #expect(rehearsal.table.contains("course spread: medians "))
    }

    @Test("a race with one course reports no course comparison")
    func singleCourse() throws {
        let rehearsal = try Self.rehearse(TrackSynthesizerTests.race, participants: 4, runs: 1)
        #expect(rehearsal.courses.count == 1)
        #expect(rehearsal.courses[0].runners == 4)
        guard case .object(let members) = rehearsal.json else { Issue.record("not an object"); return }
        #expect(!members.contains { $0.key == "courses" || $0.key == "courseSpread" })
        #expect(!rehearsal.table.contains("course spread"))
    }
}
