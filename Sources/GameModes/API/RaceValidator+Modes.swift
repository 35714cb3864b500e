import RaceModel

extension RaceValidator {
    /// The standard rules and the game-mode rule of ``GameModeRegistry/standard``: what
    /// `racekit validate` checks, and so what every command that reads, plays or writes a race
    /// checks, so no command accepts a race that `validate` refuses.
    public static let withStandardModes = RaceValidator(additionalRules: [GameModeRegistry.standard.validationRule])
}
