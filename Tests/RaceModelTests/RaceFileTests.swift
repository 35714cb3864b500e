import GeoCore
import GeoFormats
import RaceKitCore
import RaceModel
import Testing

struct RaceFileTests {
    @Test("a race survives writing and reading back, byte for byte")
    func roundTrip() throws {
        let race = RaceFixtures.oldTown
        let text = RaceFile.text(race)
        let reading = try RaceFixtures.read(text)
        #expect(reading.issues.isEmpty)
        #expect(reading.race == race)
        #expect(RaceFile.text(try #require(reading.race)) == text)
    }

    @Test("polygons, any-order groups, participants and teams round-trip too")
    func richRoundTrip() throws {
        var race = RaceFixtures.oldTown
        let square = [
            RaceFixtures.coordinate(47.36, 8.53), RaceFixtures.coordinate(47.36, 8.531),
            RaceFixtures.coordinate(47.361, 8.531), RaceFixtures.coordinate(47.361, 8.53),
            RaceFixtures.coordinate(47.36, 8.53),
        ]
        race.stops.append(Stop(id: "park", name: "Park", fence: .polygon([[square]])))
        race.courses.append(
            Course(id: "score", controls: [.anyOrder(["lindenhof", "park"]), .stop("bellevue")], optional: ["park"]))
        race.teams = [Team(id: "red", name: "Red")]
        race.participants = [Participant(id: "ana", name: "Ana", team: "red", course: "score")]
        race.mode = GameModeSelection(name: "score", configuration: .object([JSONMember("share", .number(0.5))]))
        let reading = try RaceFixtures.read(RaceFile.text(race))
        #expect(reading.race == race)
        #expect(reading.issues.isEmpty)
    }

    @Test("the fixture race has no issues at all")
    func fixtureIsClean() {
        #expect(RaceValidator().validate(RaceFixtures.oldTown).isEmpty)
    }

    @Test("ids come from names, made unique, ASCII")
    func builderIDs() {
        let race = RaceBuilder(name: "x").stop("Café Zürich", at: RaceFixtures.coordinate(1, 1))
            .stop("Café Zürich", at: RaceFixtures.coordinate(2, 2)).stop("!!!", at: RaceFixtures.coordinate(3, 3))
            .build()
        #expect(race.stops.map(\.id) == ["cafe-zurich", "cafe-zurich-2", "stop"])
        #expect(race.courses.first?.start == "cafe-zurich" && race.courses.first?.finish == "stop")
    }

    @Test("participants: ids from names made unique, a team per distinct team name, in order of first use")
    func builderParticipants() {
        let race = RaceBuilder(name: "x")
            .participants([
                ("Zoë Müller", nil, "Rot Weiss", nil), ("Zoë Müller", nil, "Blue", "main"),
                ("Ida", "i1", "Rot Weiss", nil),
            ])
            .participant("Ole", team: "Blue").build()
        #expect(race.participants.map(\.id) == ["zoe-muller", "zoe-muller-2", "i1", "ole"])
        #expect(race.teams == [Team(id: "rot-weiss", name: "Rot Weiss"), Team(id: "blue", name: "Blue")])
        #expect(race.participants.map(\.team) == ["rot-weiss", "blue", "rot-weiss", "blue"])
        #expect(race.participants[1].course == "main")
    }
}
