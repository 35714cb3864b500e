import ArgumentParser

/// `--speed` and `--noise`: how synthetic participants move and how far their GPS fixes stray,
/// shared by `synth` and `rehearse` with the same defaults and ranges. The command checks the
/// ranges itself, with its other options, so one usage error lists every bad option.
struct MovementOptions: ParsableArguments {
    /// Typical speed while moving, in m/s.
    @Option(
        parsing: .unconditional,
        help: "Typical speed while moving (1.4 walking, 3 running, 6 cycling; \(OptionLimits.speed.text)).")
    var speed: Double = 2.5

    /// GPS error, one standard deviation per axis, in metres.
    @Option(parsing: .unconditional, help: "GPS error, 1σ per axis (\(OptionLimits.noise.text)).")
    var noise: Double = 4

    /// The ranges' problems, for the command's ``OptionRange/require(_:)``.
    var problems: [String?] { [OptionLimits.speed.problem(speed), OptionLimits.noise.problem(noise)] }
}
