import ArgumentParser
import Foundation
import GameModes
import GeoFormats
import RaceModel
import RaceSimulation

/// `racekit simulate`: replay GPX tracks through a race and report what happened.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Replay participants' GPX tracks through a race: standings, splits, leaders, flags.",
        discussion: """
        Each GPX file (or each .gpx in a folder) is one participant, named from the file's metadata, its \
        track's name, or the file name; a name matching a race participant's id or name uses that \
        participant's course. Fixes from everyone are merged in time order and run through the geofence \
        engine with the race's rules; arrivals are interpolated where a track crosses a fence.

        --align clock uses the recorded times against the race's startTime (the default when the race has \
        one); --align start moves every track so its first fix is the start (tracks from other days). \
        With -o, the chosen format goes to the file and the standings to standard output.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, csv, geojson, iof, html
    }

    @Argument(help: "The race file.") var race: String
    @Argument(help: "GPX files, or folders of them.") var tracks: [String]
    @Option(help: "Track times: clock (as recorded, against the race start) or start (each track begins at the start).")
    var align: TrackAlignmentOption?
    @Option(help: "Output: table, json, csv (splits), geojson, iof (IOF XML 3.0 ResultList) or html.")
    var format: Format = .table
    @Option(name: .shortAndLong, help: "Write the output here instead of standard output.") var output: String?
    @Option(parsing: .unconditional, help: "Sustained speed above which a track is flagged as impossible for the sport (\(OptionLimits.simulateMaxSpeed.text)).")
    var maxSpeed: Double = 7
    @Option(help: "Score under this game mode instead of the race's own (racekit modes lists them), or 'none'.") var mode: String?
    @Option(help: "Answers and submissions, JSON Lines with a participant field (docs/game-modes.md); default: a seeded model.")
    var responses: String?
    @Option(parsing: .unconditional, help: "With the seeded model: the chance an answer is right (\(OptionLimits.answerAccuracy.text)).")
    var answerAccuracy: Double = 0.8
    @Option(parsing: .unconditional, help: "Seed of the game's random choices and of the answer model.") var seed: UInt64 = 1

    /// The replay under the chosen mode; `nil` for `--mode none` or a race whose mode RaceKit
    /// does not know (said on standard error).
    private func play(_ replay: ReplayResult, race: Race) throws -> GamePlay? {
        let name = mode ?? race.mode.name
        guard name != "none" else { return nil }
        guard let chosen = GameModeRegistry.standard.mode(named: name) else {
            Standard.error("racekit: warning: the race's mode \"\(name)\" is not one racekit knows; scoring the course only")
            return nil
        }
        let responder: any Responder
        if let responses {
            responder = try ResponseFile.read(path: responses, participant: nil)
        } else {
            responder = AnswerModel(race: race, accuracy: answerAccuracy, delaySeconds: 5...40, seed: seed)
        }
        do throws(ModeConfigurationError) {
            return try GamePlay(replay, mode: chosen, configuration: chosen.configuration(in: race), responder: responder, seed: seed)
        } catch {
            throw InputError(SourceLocation(file: self.race), error.description)
        }
    }

    enum TrackAlignmentOption: String, ExpressibleByArgument, CaseIterable {
        case clock, start
        var alignment: TrackAlignment { self == .clock ? .clock : .start }
    }

    func validate() throws {
        guard !tracks.isEmpty else { throw ValidationError("Give at least one GPX file or folder.") }
        try OptionRange.require(
            OptionLimits.simulateMaxSpeed.problem(maxSpeed),
            OptionLimits.answerAccuracy.problem(answerAccuracy))
        if let mode, mode != "none", GameModeRegistry.standard.mode(named: mode) == nil {
            throw ValidationError("unknown mode \"\(mode)\"; racekit modes lists them: \(GameModeRegistry.standard.identifiers.joined(separator: ", ")).")
        }
    }

    func run() throws {
        try reportingInputErrors {
            let race = try loadRace(self.race)
            let start = try raceStartEpoch(race, file: self.race)
            let files = try TrackFiles.expand(tracks)
            let progress = Progress(total: files.count, label: "reading tracks")
            var loaded: [LoadedTrack] = []
            for file in files {
                let track = try TrackFiles.load(file)
                for warning in track.warnings.prefix(5) { Standard.error("racekit: \(warning)") }
                if track.untimedPoints > 0 {
                    Standard.error("racekit: \(file): warning: \(track.untimedPoints) track points without a time are not used")
                }
                loaded.append(track)
                progress.advance()
            }
            progress.finish()
            let alignment = align?.alignment ?? (race.startTime == nil ? .start : .clock)
            if alignment == .clock, let first = loaded.compactMap({ $0.points.first?.time }).min(), abs(first - start) > 86_400 {
                Standard.error("racekit: warning: the tracks start more than a day from the race's startTime; try --align start")
            }
            let input = TrackFiles.replayInput(loaded, race: race, alignment: alignment, raceStart: start)
            let replay: ReplayResult
            do throws(ReplayError) { replay = try RaceReplay(race: race).run(input) } catch {
                throw InputError(SourceLocation(file: self.race), error.description)
            }
            var limits = CheatFlags.Limits()
            limits.maximumSpeedMetersPerSecond = maxSpeed
            let report = RaceReport(replay: replay, startEpoch: race.startTime == nil ? nil : start,
                                    game: try play(replay, race: race), cheatLimits: limits)
            let text: String
            switch format {
            case .table: text = report.table
            case .json: text = report.json.serialized() + "\n"
            case .csv: text = report.splitsCSV
            case .geojson: text = report.geoJSON.serialized(pretty: false) + "\n"
            case .iof: text = report.iofResultList
            case .html: text = report.html
            }
            if let output {
                try OutputFile.write(Array(text.utf8), to: output)
                if format != .table { Standard.output(report.table) }
                Standard.error("racekit: wrote \(output)")
            } else {
                Standard.output(text)
            }
        }
    }
}
