import ArgumentParser

/// The `racekit` command: one subcommand per job, each in its own folder.
public struct RaceKitCommand: ParsableCommand {
    /// The command name, abstract, exit codes and the subcommands, for Argument Parser.
    public static let configuration = CommandConfiguration(
        commandName: "racekit",
        abstract: "Build, check, simulate and analyse location races; benchmark the geofence engine.",
        discussion: """
            Exit codes: 0 success; 1 the race has errors, listed as racekit validate lists them; \
            2 bad input (the message names file:line:column and what is wrong); 64 wrong command-line \
            usage; 74 an output could not be written. docs/exit-codes.md explains each.

            Each numeric option's range is in its command's help; docs/limits.md lists them with the \
            race file's limits.
            """,
        version: "0.1.0",
        subcommands: [
            SimulateCommand.self, SynthCommand.self, RehearseCommand.self,
            FenceCheckCommand.self, FenceEventsCommand.self,
            ValidateCommand.self, BuildCommand.self, FormatCommand.self,
            InspectCommand.self, ConvertCommand.self,
            OptimizeCommand.self,
            ModesCommand.self,
            ServeCommand.self, StreamCommand.self,
        ]
    )

    /// Creates the command; Argument Parser calls it.
    public init() {}
}
