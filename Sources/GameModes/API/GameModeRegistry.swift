import RaceModel

/// The modes a program knows, by identifier, in the order they were registered. Explicit: no
/// mode is found by reflection or loaded behind the caller's back.
///
/// ```swift
/// var registry = GameModeRegistry.standard
/// try registry.register(LastOneStandingMode())   // from another package
/// var game = try registry.mode(named: race.mode.name)!.session(race: race, seed: 7)
/// ```
public struct GameModeRegistry: Sendable {
    /// The registered modes, in registration order.
    public private(set) var modes: [AnyGameMode] = []

    /// An empty registry.
    public init() {}

    /// The five built-in modes: classic, quiz, score, relay, territory.
    public static let standard: GameModeRegistry = {
        var registry = GameModeRegistry()
        for mode in [
            AnyGameMode(ClassicMode()), AnyGameMode(QuizMode()), AnyGameMode(ScoreMode()),
            AnyGameMode(RelayMode()), AnyGameMode(TerritoryMode()),
        ] {
            try! registry.register(mode)
        }
        return registry
    }()

    /// Adds a mode.
    /// - Throws: ``GameModeRegistryError`` for an identifier already taken or not made of
    ///   lower-case ASCII letters, digits and hyphens.
    public mutating func register<M: GameMode>(_ mode: M) throws(GameModeRegistryError) {
        try register(AnyGameMode(mode))
    }

    /// Adds a mode already wrapped in `AnyGameMode`.
    /// - Throws: `GameModeRegistryError` as for `register(_:)` with a `GameMode`.
    public mutating func register(_ mode: AnyGameMode) throws(GameModeRegistryError) {
        let id = mode.identifier
        guard !id.isEmpty,
            id.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else {
            throw .invalidIdentifier(id)
        }
        guard self.mode(named: id) == nil else { throw .duplicateIdentifier(id) }
        modes.append(mode)
    }

    /// The mode with this identifier.
    public func mode(named identifier: String) -> AnyGameMode? {
        modes.first { $0.identifier == identifier }
    }

    /// The identifiers of the registered modes, in registration order.
    public var identifiers: [String] { modes.map(\.identifier) }

    /// The validator rule that checks a race's mode and its configuration: pass it to
    /// `RaceValidator(additionalRules:)`.
    public var validationRule: any ValidationRule { GameModeRule(registry: self) }
}

/// Why a mode could not be registered.
public enum GameModeRegistryError: Error, Hashable, Sendable, CustomStringConvertible {
    case duplicateIdentifier(String)
    case invalidIdentifier(String)

    /// The reason, naming the identifier.
    public var description: String {
        switch self {
        case .duplicateIdentifier(let id): return "a game mode named \"\(id)\" is already registered"
        case .invalidIdentifier(let id): return "\"\(id)\" is not a valid mode identifier (use a-z, 0-9 and -)"
        }
    }
}

/// The race's game mode: a mode the registry knows, with a configuration that decodes and
/// passes the mode's own rules.
public struct GameModeRule: ValidationRule {
    /// The modes the rule knows.
    public let registry: GameModeRegistry

    /// A rule over `registry`; the standard modes by default.
    public init(registry: GameModeRegistry = .standard) { self.registry = registry }

    /// Warns about an unknown mode name, otherwise runs that mode's own checks.
    public func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        let name = context.race.mode.name
        guard let mode = registry.mode(named: name) else {
            issues.append(
                ValidationIssue(
                    .warning, "unknown-mode", at: "/mode/name", "no game mode is named \"\(name)\"",
                    hint:
                        "the built-in modes are \(registry.identifiers.joined(separator: ", ")); a plugin mode is checked by the program that registers it"
                ))
            return
        }
        issues += mode.validate(context)
    }
}
