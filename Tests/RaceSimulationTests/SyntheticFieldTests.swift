import RaceModel
import RaceSimulation
import Testing

struct SyntheticFieldTests {
    /// The old-town race with three variants of its course (the same stops in other orders),
    /// a course with other stops, and two listed participants.
    static var race: Race {
        var race = TrackSynthesizerTests.race
        let main = race.courses[0]
        var second = main, third = main
        second.id = "main-2"
        second.controls = main.controls.reversed()
        third.id = "main-3"
        third.controls = Array(main.controls.dropFirst()) + main.controls.prefix(1)
        let short = Course(id: "short", start: main.start, finish: main.finish, controls: [main.controls[0]])
        race.courses = [main, short, second, third]
        race.participants = [
            Participant(id: "ann", name: "Ann", course: "main-2"), Participant(id: "ben", name: "Ben"),
        ]
        return race
    }

    @Test(
        "unlisted participants are spread evenly over the first course's variants, never onto another course",
        arguments: [2, 3, 7, 11])
    func spreadOverVariants(participants: Int) {
        let race = Self.race
        let field = SyntheticField(race: race, options: SyntheticField.Options(participants: participants), seed: 1)
        #expect(field.variantCourses.map(\.id) == ["main", "main-2", "main-3"])
        #expect(field.course(of: 0)?.id == "main-2", "a listed participant keeps their course")
        #expect(field.course(of: 1)?.id == "main", "a listed participant without one runs the first")
        var counts: [String: Int] = [:]
        for p in 0..<participants { counts[field.course(of: p)!.id, default: 0] += 1 }
        #expect(counts["short"] == nil)
        let loads = ["main", "main-2", "main-3"].map { counts[$0] ?? 0 }
        #expect(loads.max()! - loads.min()! <= 1, "\(counts)")
        #expect(loads.reduce(0, +) == participants)
    }

    @Test("the spread does not depend on the seed, and a field says who runs what as race participants")
    func castIsDeterministic() {
        let race = Self.race
        let options = SyntheticField.Options(participants: 9)
        let a = SyntheticField(race: race, options: options, seed: 1),
            b = SyntheticField(race: race, options: options, seed: 99)
        #expect((0..<9).map { a.course(of: $0)?.id } == (0..<9).map { b.course(of: $0)?.id })
        let cast = a.raceParticipants
        #expect(cast.count == 9)
        #expect(Set(cast.map(\.id)).count == 9, "unique ids")
        #expect(Array(cast.prefix(2)) == race.participants)
        for (p, participant) in cast.enumerated().dropFirst(2) {
            #expect(participant.course == a.course(of: p)?.id)
            #expect(participant.name == a.names[p])
        }
    }

    @Test("with one course, or asked for the first course, every unlisted participant runs the first course")
    func firstCourse() {
        var single = Self.race
        single.courses = [single.courses[0]]
        single.participants = []
        let one = SyntheticField(race: single, options: SyntheticField.Options(participants: 5), seed: 1)
        #expect((0..<5).allSatisfy { one.course(of: $0)?.id == "main" })

        var options = SyntheticField.Options(participants: 6)
        options.unlistedCourse = .firstCourse
        let first = SyntheticField(race: Self.race, options: options, seed: 1)
        #expect((2..<6).allSatisfy { first.course(of: $0)?.id == "main" })
        #expect(first.course(of: 0)?.id == "main-2")
    }
}
