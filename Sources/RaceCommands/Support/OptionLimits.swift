/// Every numeric command-line option's range, in one place (docs/limits.md lists the same).
/// Each bound keeps the work and memory proportional to a sensible request: a count caps a
/// loop, a size caps an allocation, and a Double never reaches an Int conversion it overflows.
enum OptionLimits {
    // build
    static let buildRadius = OptionRange("--radius", 0.1...100_000, "metres")
    static let buildTimeLimit = OptionRange("--time-limit", 0.1...43_200, "minutes")

    // fence-check: a cell under 5 m would cut the globe into millions of rows (a 0.001 m cell asks for 160 GB).
    static let fenceCheckThreads = OptionRange("--threads", 1...256)
    static let fenceCheckCellSize = OptionRange("--cell-size", 5...100_000, "metres")

    // fence-events
    static let exitMargin = OptionRange("--exit-margin", 0...10_000, "metres")
    static let exitConfirmFixes = OptionRange("--exit-confirm-fixes", 1...1_000)
    static let exitConfirmSeconds = OptionRange("--exit-confirm-seconds", 0...86_400, "seconds")
    static let minimumDwell = OptionRange("--min-dwell", 0...86_400, "seconds")
    static let requiredAccuracy = OptionRange("--required-accuracy", 0...10_000, "metres")
    static let fenceEventsMaxSpeed = OptionRange("--max-speed", 0.1...100_000, "m/s")
    static let fenceEventsThreads = OptionRange("--threads", 1...256)

    // simulate
    static let simulateMaxSpeed = OptionRange("--max-speed", 0.1...1_000, "m/s")
    static let answerAccuracy = OptionRange("--answer-accuracy", 0...1)

    // synth and rehearse: a rehearsal run holds participants × fixes in memory (synth one track at a time).
    static let synthParticipants = OptionRange("--participants", 1...10_000)
    static let speed = OptionRange("--speed", 0.1...50, "m/s")
    static let speedSpread = OptionRange("--speed-spread", 0...0.9)
    static let noise = OptionRange("--noise", 0...1_000, "metres")
    static let sampling = OptionRange("--sampling", 0.1...3_600, "seconds")
    static let dropout = OptionRange("--dropout", 0...1)
    static let wrongTurns = OptionRange("--wrong-turns", 0...1)
    static let stragglers = OptionRange("--stragglers", 0...10_000)
    static let stopMissers = OptionRange("--stop-missers", 0...10_000)
    static let rehearseRuns = OptionRange("--runs", 1...10_000)
    static let rehearseParticipants = OptionRange("--participants", 1...10_000)
    static let rehearseTimeLimit = OptionRange("--time-limit", 0.01...3_600, "seconds")

    // optimize and rehearse --variants: each variant searches the candidates of all before it.
    static let variants = OptionRange("--variants", 1...100)
    static let maxExcess = OptionRange("--max-excess", 0...1_000, "percent")
    static let optimizeTimeLimit = OptionRange("--time-limit", 0...86_400, "seconds")
    static let iterations = OptionRange("--iterations", 0...100_000_000)
    static let optimizeThreads = OptionRange("--threads", 1...64)
}
