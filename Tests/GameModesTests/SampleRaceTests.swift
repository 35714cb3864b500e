import Foundation
import GameModes
import GeoCore
import RaceModel
import Testing

/// Every sample race passes its mode's rules; the new samples are what the builders make.
struct SampleRaceTests {
    static let routes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Routes")

    static var raceFiles: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: routes.path)) ?? []
        return folders.sorted().map { routes.appendingPathComponent($0).appendingPathComponent("race.json").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    @Test("there is a sample race for every built-in mode")
    func everyMode() throws {
        let modes = try Self.raceFiles.map { try #require(try RaceFile.read(path: $0).race).mode.name }
        #expect(Set(modes).isSuperset(of: GameModeRegistry.standard.identifiers))
    }

    @Test("every sample race passes its mode's rules without errors", arguments: raceFiles)
    func validates(file: String) throws {
        let reading = try RaceFile.read(path: file)
        let issues = RaceValidator(additionalRules: [GameModeRegistry.standard.validationRule]).validate(reading)
        #expect(!issues.contains { $0.severity == .error }, "\(issues.map { $0.formatted(file: file) })")
    }

    @Test(
        "every sample race plays under every mode (simulate --mode) without a configuration error", arguments: raceFiles
    )
    func playsUnderEveryMode(file: String) throws {
        let race = try #require(try RaceFile.read(path: file).race)
        for mode in GameModeRegistry.standard.modes {
            var game = try mode.session(race: race, seed: 7)
            let visits = race.participants.enumerated().flatMap { p, participant in
                race.stops.enumerated().map { s, stop in
                    Fixture.visit(participant.id, stop.id, Double(60 * (s + 1) + p))
                }
            }
            _ = game.play(
                visits + [.end(100_000)],
                responder: AnswerModel(race: race, accuracy: 0.7, delaySeconds: 5...30, seed: 7))
            let standings = game.standings()
            #expect(standings.final && standings.mode == mode.identifier)
            #expect(!standings.rows.isEmpty || race.teams.count < 2)
        }
    }

    @Test("the territory sample's zones are TerritoryGrid.layout's")
    func territoryGrid() throws {
        let race = try #require(
            try RaceFile.read(path: Self.routes.appendingPathComponent("territory-tempelhofer-feld/race.json").path)
                .race)
        let grid = TerritoryGrid.layout(
            centre: Coordinate(uncheckedLatitude: 52.4736, longitude: 13.4016), size: 3, cellMeters: 60)
        #expect(race.stops.map(\.id) == grid.map(\.id))
        #expect(race.stops.map(\.fence) == grid.map(\.fence))
    }
}
