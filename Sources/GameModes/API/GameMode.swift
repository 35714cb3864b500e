import GeoCore
import RaceModel

/// A game mode: the rules that turn visits, answers and submissions into claims, points,
/// finishes and standings. RaceKit ships five (``GameModeRegistry/standard``); another package
/// adds its own by conforming to this protocol and registering an instance
/// (docs/game-modes.md, Examples/CustomMode).
///
/// A mode is a deterministic reducer: the same race, participants, configuration, seed and
/// inputs give the same outcomes and standings, on every platform. Randomness comes only from
/// `seed` (through ``ModeRandom``); time only from the inputs.
public protocol GameMode: Sendable {
    /// The mode's options, read from the race's `mode.config` object. Every option has a
    /// default, so `{}` decodes; see ``ModeConfiguration`` for how errors get their JSON path.
    associatedtype Configuration: Codable & Sendable
    /// Everything the mode remembers between inputs. A value type, so a session can be copied.
    associatedtype State: Sendable

    /// The name a race file uses in `mode.name` (`classic`, `score`…): lower case letters,
    /// digits and hyphens.
    static var identifier: String { get }
    /// One line for `racekit modes`.
    static var summary: String { get }
    /// The options of ``Configuration``, documented for `racekit modes`.
    static var options: [ModeOption] { get }

    /// The state before the first input.
    /// - Parameters:
    ///   - race: the race about to be played.
    ///   - participants: who plays (usually `race.participants`; a simulator may pass its own).
    ///   - configuration: the options, decoded from the race's `mode.config`.
    ///   - seed: the only source of randomness (pairings, shuffles, rotations).
    func initialState(race: Race, participants: [Participant], configuration: Configuration, seed: UInt64) -> State

    /// Applies one input, in time order (``TieRule``), and says what it caused.
    func reduce(_ state: inout State, _ input: GameInput) -> [Outcome]

    /// The standings as they stand after the inputs so far.
    func standings(_ state: State) -> Standings

    /// The mode's own checks of a race, run by `racekit validate` through ``GameModeRule``
    /// after the configuration decoded. Report paths under `path` (`/mode/config`) or into the
    /// race (`context.stopPath(i)`).
    func validate(_ configuration: Configuration, context: ValidationContext, path: String) -> [ValidationIssue]
}

extension GameMode {
    /// No checks of its own: the default for modes whose configuration says everything.
    public func validate(_ configuration: Configuration, context: ValidationContext, path: String) -> [ValidationIssue]
    { [] }
}

/// One option of a mode's configuration, as `racekit modes` lists it.
public struct ModeOption: Hashable, Sendable, Codable {
    /// The key in `mode.config`.
    public var name: String
    /// The JSON type and range: `boolean`, `integer ≥ 1`, `"penalty" | "retry"`, …
    public var type: String
    /// The default, as JSON text.
    public var defaultValue: String
    /// What it does, in a sentence.
    public var meaning: String

    /// Creates an option's documentation: name, JSON type, default (as JSON text) and meaning.
    public init(_ name: String, type: String, default defaultValue: String, _ meaning: String) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.meaning = meaning
    }
}
