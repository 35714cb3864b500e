import ArgumentParser
import Foundation
import GameModes
import GeoFormats
import RaceKitCore
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
            participant's course and shows under the participant's name; listed participants without a track \
            are DidNotStart. The same file twice, two tracks for one participant, or (--align clock) a track \
            over a day from the race start are errors; warnings go to standard error and the JSON's \
            "warnings". Fixes from everyone are merged in time order and run through the geofence \
            engine with the race's rules; arrivals are interpolated where a track crosses a fence.

            --align clock uses the recorded times against the race's startTime (the default when the race has \
            one); --align start moves every track so its first fix is the start (tracks from other days). \
            With -o, the chosen format goes to the file and the standings to standard output. --seed drives \
            the game's random choices and the answer model.
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
    @Option(
        parsing: .unconditional,
        help:
            "Sustained speed above which a track is flagged as impossible for the sport (\(OptionLimits.simulateMaxSpeed.text))."
    )
    var maxSpeed: Double = 7
    @Option(help: "Score under this game mode instead of the race's own (racekit modes lists them), or 'none'.")
    var mode: String?
    @Option(
        help:
            "Answers, submissions and leaves, JSON Lines with a participant field, each at a \"time\" (since the start) or \"after\" its prompt (docs/game-modes.md); default: a seeded model."
    )
    var responses: String?
    @Option(
        parsing: .unconditional,
        help: "With the seeded model: the chance an answer is right (\(OptionLimits.answerAccuracy.text)).")
    var answerAccuracy: Double = 0.8
    @OptionGroup var seed: SeedOption

    /// The replay under the chosen mode; `nil` for `--mode none` or a race whose mode RaceKit
    /// does not know (said on standard error).
    /// - Parameter warnings: gets the response file's warnings (they go to standard error and the JSON).
    private func play(_ replay: ReplayResult, race: Race, warnings: inout [String]) throws -> GamePlay? {
        let name = mode ?? race.mode.name
        guard name != "none" else {
            if let responses { warnings.append("\(responses): warning: not used: with --mode none no game is played") }
            return nil
        }
        guard let chosen = GameModeRegistry.standard.mode(named: name) else {
            Standard.error(
                "racekit: warning: the race's mode \"\(name)\" is not one racekit knows; scoring the course only")
            return nil
        }
        // The mode's own rules on this race (a territory game needs two teams and a full board, a
        // score hunt stops with points): a game that cannot be played is refused with the
        // validator's issues, as `racekit validate` gives them, not scored as an empty table.
        let modeErrors = chosen.validate(ValidationContext(race: race)).filter { $0.severity == .error }
        guard modeErrors.isEmpty else {
            for issue in modeErrors.prefix(20) { Standard.error(issue.formatted(file: self.race)) }
            let count = "\(modeErrors.count) error\(modeErrors.count == 1 ? "" : "s")"
            let summary = InputError(
                SourceLocation(file: self.race),
                "the race cannot be played as \"\(name)\" (\(count) above); fix the race, or choose another --mode (--mode none scores the course only)"
            )
            Standard.error("racekit: \(summary)")
            throw RaceKitExitCode.problemsFound.error
        }
        let responder: any Responder
        var players: Set<String> = []
        if let responses {
            let file = try ResponseFile.read(path: responses, participant: nil)
            players = Set(replay.input.names.indices.map { replay.input.participantIDs[$0] ?? replay.input.names[$0] })
            warnings += file.warnings(race: race, participants: players)
            responder = file
        } else {
            responder = AnswerModel(race: race, accuracy: answerAccuracy, delaySeconds: 5...40, seed: seed.value)
        }
        let game: GamePlay
        do throws(ModeConfigurationError) {
            game = try GamePlay(
                replay, mode: chosen, configuration: chosen.configuration(in: race), responder: responder,
                seed: seed.value)
        } catch {
            throw InputError(SourceLocation(file: self.race), error.description)
        }
        if let responses {
            warnings += Self.unusedResponses(game.outcomes, file: responses, race: race, players: players)
        }
        return game
    }

    /// The file's responses the game refused (an answer before the participant reached the
    /// stop, a rematch while a game is on…), as warnings; lines already named by
    /// ``ResponseFile/warnings(race:participants:)`` (unknown participant or stop) are not repeated.
    private static func unusedResponses(_ outcomes: [Outcome], file: String, race: Race, players: Set<String>)
        -> [String]
    {
        outcomes.compactMap { outcome -> String? in
            guard case .ignored(let input, _) = outcome, let participant = input.participant,
                players.contains(participant)
            else { return nil }
            switch input {
            case .answer(let answer) where race.stop(answer.stop)?.task == nil: return nil
            case .answer, .submission, .leave: return "\(file): warning: not used: \(outcome)"
            default: return nil
            }
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
            throw ValidationError(
                "unknown mode \"\(mode)\"; racekit modes lists them: \(GameModeRegistry.standard.identifiers.joined(separator: ", "))."
            )
        }
    }

    func run() throws {
        try reportingInputErrors {
            let race = try loadRace(self.race)
            let start = try raceStartEpoch(race, file: self.race)
            let files = try TrackFiles.expand(tracks)
            try TrackFiles.checkDistinct(files)
            let alignment = align?.alignment ?? (race.startTime == nil ? .start : .clock)
            let raceReplay: RaceReplay
            do throws(ReplayError) { raceReplay = try RaceReplay(race: race) } catch {
                throw InputError(SourceLocation(file: self.race), error.description)
            }
            var limits = CheatFlags.Limits()
            limits.maximumSpeedMetersPerSecond = maxSpeed
            // Each track is replayed and analysed as it is read, then dropped; only the maps
            // (HTML, GeoJSON) keep the fixes.
            var simulation = StreamingSimulation(
                replay: raceReplay, cheatLimits: limits, keepingTracks: format == .html || format == .geojson)
            var checks = TrackChecks(race: race, alignment: alignment, raceStart: start)
            var warnings: [String] = [], checkWarnings: [String] = []
            var names: [String] = [], ids: [String?] = []
            let progress = Progress(total: files.count, label: "replaying tracks")
            for file in files {
                let track = try TrackFiles.load(file)
                warnings += track.warnings.prefix(5).map { "\($0)" }
                if track.untimedPoints > 0 {
                    warnings.append("\(file): warning: \(track.untimedPoints) track points without a time are not used")
                }
                checkWarnings += try checks.check(track)
                // A matched track shows under the race's display name.
                let matched = TrackFiles.participant(of: track, in: race)
                names.append(matched?.name ?? track.name)
                ids.append(matched?.id)
                simulation.add(
                    TrackFiles.raceClockTrack(track, alignment: alignment, raceStart: start), participantID: matched?.id
                )
                progress.advance()
            }
            progress.finish()
            warnings += checkWarnings
            let untracked = TrackFiles.participantsWithoutTrack(race, tracked: ids)
            let streamed = simulation.finish(names: names + untracked.map(\.name), participantIDs: untracked.map(\.id))
            let game = try play(streamed.replay, race: race, warnings: &warnings)
            for warning in warnings { Standard.error("racekit: \(warning)") }
            let report = RaceReport(
                streamed, startEpoch: race.startTime == nil ? nil : start, game: game, warnings: warnings)
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
                try writingOutput { () throws(InputError) in try OutputFile.write(Array(text.utf8), to: output) }
                if format != .table { Standard.output(report.table) }
                Standard.error("racekit: wrote \(output)")
            } else {
                Standard.output(text)
            }
        }
    }
}
