import GameModes
import GeoCore
import GeoFormats
import LastOneStanding
import RaceModel

// 1. Register the mode next to the built-in ones.
var registry = GameModeRegistry.standard
try registry.register(LastOneStandingMode())

// 2. A race that names it (normally read with RaceFile.read(path:)).
let stops = (0..<4).map { i in
    Stop(
        id: "s\(i)", name: "Stop \(i)",
        fence: .circle(
            centre: Coordinate(uncheckedLatitude: 47.37, longitude: 8.54 + 0.003 * Double(i)), radiusMeters: 25))
}
let race = Race(
    name: "Demo",
    mode: GameModeSelection(
        name: "last-one-standing", configuration: .object([JSONMember("intervalSeconds", .number(300))])),
    stops: stops, participants: ["ana", "ben", "cy"].map { Participant(id: $0, name: $0.capitalized) })

// 3. Its rules run in the validator like the built-in modes' rules.
let issues = RaceValidator(additionalRules: [registry.validationRule]).validate(race)
print(issues.isEmpty ? "race: no issues" : issues.map { $0.formatted(file: "race") }.joined(separator: "\n"))

// 4. Play: visits in, outcomes and standings out.
var game = try registry.mode(named: race.mode.name)!.session(race: race, seed: 1)
let visits: [GameInput] = [
    .visit(Visit(participant: "ana", stop: "s0", time: 60)), .visit(Visit(participant: "ben", stop: "s0", time: 90)),
    .visit(Visit(participant: "ana", stop: "s1", time: 200)), .visit(Visit(participant: "cy", stop: "s2", time: 400)),
    .visit(Visit(participant: "ben", stop: "s3", time: 500)), .end(1000),
]
for outcome in game.play(visits) { print(outcome) }
print(game.standings().table(), terminator: "")
