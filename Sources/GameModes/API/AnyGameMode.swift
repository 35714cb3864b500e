import RaceKitCore
import RaceModel

/// A game mode of any type: what the registry holds and `racekit` uses.
public struct AnyGameMode: Sendable {
    /// The mode's `mode.name` (`GameMode.identifier`).
    public let identifier: String
    /// One line for `racekit modes`.
    public let summary: String
    /// The mode's options, for `racekit modes`.
    public let options: [ModeOption]
    private let checkRace: @Sendable (ValidationContext, JSONValue, String) -> [ValidationIssue]
    private let start: @Sendable (Race, [Participant], JSONValue, UInt64) -> Result<GameSession, ModeConfigurationError>

    /// Wraps a mode, keeping its configuration and state types inside.
    public init<M: GameMode>(_ mode: M) {
        identifier = M.identifier
        summary = M.summary
        options = M.options
        checkRace = { context, json, path in
            let (configuration, issues) = ModeConfiguration.decode(
                M.Configuration.self, from: json, options: M.options, at: path)
            guard let configuration else { return issues }
            return issues + mode.validate(configuration, context: context, path: path)
        }
        start = { race, participants, json, seed in
            let (configuration, issues) = ModeConfiguration.decode(M.Configuration.self, from: json, options: M.options)
            guard let configuration else { return .failure(ModeConfigurationError(mode: M.identifier, issues: issues)) }
            // An option outside its documented range (a territory board of 10⁹ × 10⁹ zones) is never
            // played, whichever command skipped `racekit validate`.
            let outOfRange = mode.validate(configuration, context: ValidationContext(race: race), path: "/mode/config")
                .filter { $0.severity == .error && $0.code == "bad-mode-option" }
            guard outOfRange.isEmpty else {
                return .failure(ModeConfigurationError(mode: M.identifier, issues: outOfRange))
            }
            let state = mode.initialState(
                race: race, participants: participants, configuration: configuration, seed: seed)
            return .success(GameSession(mode: mode, state: state))
        }
    }

    /// The configuration this mode reads from `race`: the race's `mode.config` when the race
    /// names this mode, otherwise `{}` (every option at its default), as when
    /// `racekit simulate --mode NAME` scores a race under another mode.
    public func configuration(in race: Race) -> JSONValue {
        race.mode.name == identifier ? race.mode.configuration : .object([])
    }

    /// The issues of a race under this mode: its configuration (at `/mode/config/…`) and the
    /// mode's own rules.
    public func validate(_ context: ValidationContext) -> [ValidationIssue] {
        checkRace(context, configuration(in: context.race), "/mode/config")
    }

    /// A new game.
    /// - Parameters:
    ///   - race: the race to play.
    ///   - participants: who plays; the race's participants when `nil`.
    ///   - configuration: the options; ``configuration(in:)`` when `nil`.
    ///   - seed: every random choice of the mode derives from it.
    /// - Throws: ``ModeConfigurationError`` when the configuration does not decode.
    public func session(
        race: Race, participants: [Participant]? = nil, configuration: JSONValue? = nil,
        seed: UInt64 = 0
    ) throws(ModeConfigurationError) -> GameSession {
        try start(race, participants ?? race.participants, configuration ?? self.configuration(in: race), seed).get()
    }
}

/// A mode's configuration that could not be read.
public struct ModeConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The identifier of the mode whose configuration failed.
    public var mode: String
    /// What is wrong, with JSON paths under `/mode/config`.
    public var issues: [ValidationIssue]

    /// One line per error: the mode, then the issue as `racekit validate` prints it.
    public var description: String {
        issues.filter { $0.severity == .error }.map { "mode \"\(mode)\": \($0.formatted(file: "race"))" }.joined(
            separator: "\n")
    }
}
