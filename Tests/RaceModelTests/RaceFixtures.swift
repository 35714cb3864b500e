import GeoCore
import GeoFormats
import RaceKitCore
import RaceModel

/// A small valid race in Zürich's old town, the base the validator tests mutate.
enum RaceFixtures {
    static func coordinate(_ lat: Double, _ lon: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: lat, longitude: lon)
    }

    static var oldTown: Race {
        RaceBuilder(name: "Old Town")
            .radius(25)
            .stop("Hauptbahnhof", at: coordinate(47.37790, 8.54030))
            .stop(
                "Lindenhof", at: coordinate(47.37300, 8.54100), points: 10,
                task: StopTask(question: "How many linden trees?", options: ["10", "50", "90"], answer: "90")
            )
            .stop(
                "Fraumünster", at: coordinate(47.36980, 8.54130),
                window: TimeWindow(opensAfterSeconds: 0, closesAfterSeconds: 3_600)
            )
            .stop("Grossmünster", at: coordinate(47.37010, 8.54410))
            .stop("Bellevue", at: coordinate(47.36680, 8.54500), radius: 30)
            .timeLimit(minutes: 90)
            .start(at: "2026-05-02T10:00:00+02:00", timeZone: "Europe/Zurich")
            .build()
    }

    /// The race as race-file JSON.
    static func json(_ race: Race) -> JSONValue { RaceFile.encode(race) }

    /// Parses and decodes race-file text.
    static func read(_ text: String) throws -> RaceFile.Reading {
        RaceFile.decode(try JSONParser.parse(Array(text.utf8), file: "race.json"))
    }
}
