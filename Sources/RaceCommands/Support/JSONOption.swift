import ArgumentParser

/// `--json`: print the command's result as JSON instead of text, the same flag in every command
/// that has one. The JSON's shape is each command's own, said in its discussion.
struct JSONOption: ParsableArguments {
    /// Whether `--json` was given.
    @Flag(name: .customLong("json"), help: "Print JSON instead of text (its shape is described above).")
    var isOn = false
}
