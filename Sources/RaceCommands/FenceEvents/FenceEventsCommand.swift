import ArgumentParser
import GeoCore
import GeoFormats
import Geofencing
import RaceModel

/// `racekit fence-events`: enter, exit, dwell and cross events of every participant at every
/// stop, from the peers' CSV files.
struct FenceEventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fence-events",
        abstract: "Detect enter, exit, dwell and cross events per participant and stop.",
        discussion: """
            Events go to standard output as CSV (time,participant,stop,event,line,distance_m,accuracy_m,duration_s) \
            or, with --json, as one JSON object per line. Times are interpolated where the track crosses the \
            boundary. An exit needs the runner past the radius plus --exit-margin; a cross is a segment between \
            two fixes that passes through a stop neither fix is inside.

            Fixes that cannot be used (invalid, out of order, duplicate time, impossible speed) are not used, \
            and are counted on standard error with their file lines.
            """
    )

    @Option(help: "Stops CSV: header id,lat,lon,radius_m; 0 < radius_m ≤ 20000000.")
    var stops: String

    @Option(
        help:
            "Positions CSV: header participant,t,lat,lon[,accuracy], rows ordered by t; |t| ≤ 1e11 s, accuracy 0…20000000 m, at most 64 fields a line."
    )
    var positions: String

    @Option(
        parsing: .unconditional,
        help: "Metres past the radius before an exit counts (hysteresis; \(OptionLimits.exitMargin.text)).")
    var exitMargin: Double = EventRules().exitMarginMeters

    @Option(
        parsing: .unconditional,
        help: "Consecutive fixes past the margin before an exit counts (\(OptionLimits.exitConfirmFixes.text)).")
    var exitConfirmFixes: Int = EventRules().exitConfirmFixes

    @Option(
        parsing: .unconditional,
        help: "Seconds past the margin before an exit counts (\(OptionLimits.exitConfirmSeconds.text)).")
    var exitConfirmSeconds: Double = EventRules().exitConfirmSeconds

    @Option(parsing: .unconditional, help: "Seconds inside before a dwell event (\(OptionLimits.minimumDwell.text)).")
    var minDwell: Double = EventRules().minimumDwellSeconds

    @Option(
        parsing: .unconditional,
        help:
            "Fixes with a known accuracy worse than this many metres cannot enter a stop (\(OptionLimits.requiredAccuracy.text))."
    )
    var requiredAccuracy: Double?

    @Option(
        parsing: .unconditional,
        help:
            "Metres per second above which a fix is rejected as a teleport (\(OptionLimits.fenceEventsMaxSpeed.text)).")
    var maxSpeed: Double = EventRules().maximumSpeedMetersPerSecond

    @Option(parsing: .unconditional, help: "Threads reading --positions (\(OptionLimits.fenceEventsThreads.text)).")
    var threads: Int = 1

    @Flag(help: "Do not look for stops crossed between two fixes.")
    var noCrossings = false

    @OptionGroup var json: JSONOption

    var rules: EventRules {
        EventRules(
            exitMarginMeters: exitMargin, exitConfirmFixes: exitConfirmFixes,
            exitConfirmSeconds: exitConfirmSeconds, minimumDwellSeconds: minDwell,
            requiredAccuracyMeters: requiredAccuracy, maximumSpeedMetersPerSecond: maxSpeed,
            detectsCrossings: !noCrossings)
    }

    func validate() throws {
        try OptionRange.require(
            OptionLimits.exitMargin.problem(exitMargin),
            OptionLimits.exitConfirmFixes.problem(exitConfirmFixes),
            OptionLimits.exitConfirmSeconds.problem(exitConfirmSeconds),
            OptionLimits.minimumDwell.problem(minDwell),
            OptionLimits.requiredAccuracy.problem(requiredAccuracy),
            OptionLimits.fenceEventsMaxSpeed.problem(maxSpeed),
            OptionLimits.fenceEventsThreads.problem(threads))
    }

    func run() throws {
        try reportingInputErrors {
            let stopTable = try StopsCSV.read(path: stops)
            let positionTable = try PositionsCSV.read(path: positions, threads: threads)
            let detector = EventDetector(index: GridIndex(fences: stopTable.fences), rules: rules)
            let log = detector.detect(positionTable.columns)
            let writer = FenceEventWriter(stops: stopTable, positions: positionTable, json: json.isOn)
            Standard.output(writer.text(for: log.events))
            for line in writer.screeningSummary(log.screening, file: positions) { Standard.error(line) }
        }
    }
}
