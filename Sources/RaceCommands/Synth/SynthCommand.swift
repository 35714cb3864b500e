import ArgumentParser
import Foundation
import GeoFormats
import RaceKitCore
import RaceModel
import RaceSimulation

/// `racekit synth`: GPX tracks of simulated participants running a race.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write GPX tracks of simulated participants running a race's course.",
        discussion: """
            Participants move stop to stop in course order with varying speed and heading, dwell at stops, \
            sometimes take a wrong turn, and record a fix every --sampling seconds with drifting GPS error and \
            occasional gaps. The last --stragglers run at half speed with long stops; the --stop-missers before \
            them each skip one stop. Names come from the race's participants, then "Runner N". Listed participants \
            run their own course; the others run the race's first course, the one racekit simulate checks an \
            unlisted track against. The same seed gives the same files.
            """
    )

    @Argument(help: "The race file.") var race: String
    @Option(parsing: .unconditional, help: "How many participants (\(OptionLimits.synthParticipants.text)).")
    var participants: Int = 8
    @OptionGroup var seed: SeedOption
    @OptionGroup var movement: MovementOptions
    @Option(
        parsing: .unconditional,
        help: "Speeds spread ± this fraction around --speed (\(OptionLimits.speedSpread.text)).")
    var speedSpread: Double = 0.3
    @Option(parsing: .unconditional, help: "Time between fixes (\(OptionLimits.sampling.text)).") var sampling: Double =
        1
    @Option(
        parsing: .unconditional, help: "Chance per fix of a 5–30 s gap without fixes (\(OptionLimits.dropout.text)).")
    var dropout: Double = 0.001
    @Option(parsing: .unconditional, help: "Chance per leg of a wrong turn (\(OptionLimits.wrongTurns.text)).")
    var wrongTurns: Double = 0.1
    @Option(
        parsing: .unconditional,
        help: "How many stragglers (\(OptionLimits.stragglers.text), with --stop-missers at most --participants).")
    var stragglers: Int = 1
    @Option(parsing: .unconditional, help: "How many participants skip one stop (\(OptionLimits.stopMissers.text)).")
    var stopMissers: Int = 1
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Folder to write the .gpx files into (created if needed).", valueName: "folder"))
    var output: String

    func validate() throws {
        try OptionRange.require(
            [OptionLimits.synthParticipants.problem(participants)] + movement.problems + [
                OptionLimits.speedSpread.problem(speedSpread),
                OptionLimits.sampling.problem(sampling),
                OptionLimits.dropout.problem(dropout),
                OptionLimits.wrongTurns.problem(wrongTurns),
                OptionLimits.stragglers.problem(stragglers),
                OptionLimits.stopMissers.problem(stopMissers),
            ])
        guard stragglers + stopMissers <= participants else {
            throw ValidationError("--stragglers plus --stop-missers cannot exceed --participants.")
        }
    }

    func run() throws {
        try reportingInputErrors {
            let race = try loadRace(self.race)
            try requireCourse(race, file: self.race, command: "synth")
            var options = SyntheticField.Options(participants: participants)
            options.speedMetersPerSecond = movement.speed
            options.speedSpread = speedSpread
            options.noiseMeters = movement.noise
            options.samplingSeconds = sampling
            options.dropoutProbability = dropout
            options.wrongTurnProbability = wrongTurns
            options.stragglers = stragglers
            options.stopMissers = stopMissers
            // `racekit simulate` checks a track it cannot match to a listed participant against the
            // first course, so the tracks written here must run that course too.
            options.unlistedCourse = .firstCourse
            let field = SyntheticField(race: race, options: options, seed: seed.value)
            let startTime = try raceStartEpoch(race, file: self.race)
            let createdFolders = try writingOutput { () throws(InputError) in try OutputFile.makeFolder(output) }
            // All tracks or none: a full disk half-way leaves neither new files nor a new folder.
            // Each track goes to its temporary file as it is made, so memory holds one track.
            let batch = OutputBatch()
            var written = 0
            do {
                let progress = Progress(total: participants, label: "writing tracks")
                try field.forEachTrack(startTime: startTime) { track in
                    written += 1
                    let file = (output as NSString).appendingPathComponent(
                        String(format: "%03d-%@.gpx", written, RaceBuilder.slug(track.participant)))
                    try writingOutput { () throws(InputError) in
                        try batch.add(Array(track.gpx.gpxText().utf8), to: file)
                    }
                    progress.advance()
                }
                progress.finish()
                try writingOutput { () throws(InputError) in try batch.commit() }
            } catch {
                OutputFile.removeFolders(createdFolders)
                throw error
            }
            Standard.error("racekit: wrote \(written) tracks to \(output)")
        }
    }
}
