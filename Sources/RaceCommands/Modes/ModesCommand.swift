import ArgumentParser
import GameModes
import GeoFormats
import RaceKitCore

/// `racekit modes`: the game modes this program knows and their options.
struct ModesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modes",
        abstract: "List the game modes and their options (the race file's mode.name and mode.config).",
        discussion: """
            --json prints a JSON array of {identifier, summary, options: [{name, type, default, meaning}]}. \
            docs/game-modes.md explains each mode's rules.
            """
    )

    @OptionGroup var json: JSONOption

    func run() throws {
        Standard.output(
            json.isOn ? ModesReport.json(GameModeRegistry.standard) + "\n" : ModesReport.text(GameModeRegistry.standard)
        )
    }
}

/// The two renderings of the mode list.
enum ModesReport {
    static func text(_ registry: GameModeRegistry) -> String {
        var out = ""
        for (i, mode) in registry.modes.enumerated() {
            if i > 0 { out += "\n" }
            out += "\(mode.identifier): \(mode.summary)\n"
            let nameWidth = mode.options.map(\.name.count).max() ?? 0
            for option in mode.options {
                let padding = String(repeating: " ", count: nameWidth - option.name.count)
                out += "  \(option.name)\(padding)  \(option.type), default \(option.defaultValue)\n"
                out += "  \(String(repeating: " ", count: nameWidth))  \(option.meaning)\n"
            }
        }
        return out
    }

    static func json(_ registry: GameModeRegistry) -> String {
        JSONValue.array(
            registry.modes.map { mode in
                .object([
                    JSONMember("identifier", .string(mode.identifier)),
                    JSONMember("summary", .string(mode.summary)),
                    JSONMember(
                        "options",
                        .array(
                            mode.options.map { option in
                                .object([
                                    JSONMember("name", .string(option.name)), JSONMember("type", .string(option.type)),
                                    JSONMember("default", jsonDefault(option)),
                                    JSONMember("meaning", .string(option.meaning)),
                                ])
                            })),
                ])
            }
        ).serialized()
    }

    /// An option's default as the JSON value a race file would hold (`"penalty"`, `3`, `[]`), not
    /// as the text the table shows; the text itself when it is not JSON.
    private static func jsonDefault(_ option: ModeOption) -> JSONValue {
        (try? JSONParser.parse(Array(option.defaultValue.utf8), file: "default of \(option.name)"))
            ?? .string(option.defaultValue)
    }
}
