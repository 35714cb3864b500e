import FuzzSupport
import GameModes
import RaceKitCore
import RaceModel

// One race file per input: decoded and validated with every game mode's rules, as
// `racekit validate` does; a race that decodes is also written back.
FuzzDriver.run { input in
    guard let json = try? JSONParser.parse(Array(input), file: "fuzz.race.json") else { return }
    let reading = RaceFile.decode(json)
    _ = RaceValidator(additionalRules: [GameModeRegistry.standard.validationRule]).validate(reading)
    if let race = reading.race { _ = RaceFile.text(race) }
}
