import ArgumentParser

/// `--seed N`: the seed of a command's random choices, spelled, parsed and defaulted the same
/// in every command that has one (`simulate`, `synth`, `rehearse`, `optimize`, `fence-check`).
/// What the seed drives is each command's own, said in its discussion.
struct SeedOption: ParsableArguments {
    /// The seed; 1 unless given.
    @Option(
        name: .customLong("seed"), parsing: .unconditional,
        help: "Random seed, 0…2^64 − 1: the same seed and inputs give the same output.")
    var value: UInt64 = 1
}
