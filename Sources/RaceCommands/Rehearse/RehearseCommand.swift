import ArgumentParser
import GeoFormats
import RaceModel
import RaceSimulation

/// `racekit rehearse`: a Monte Carlo rehearsal of a race with synthetic participants.
struct RehearseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rehearse",
        abstract: "Run a race many times with synthetic participants and report what to fix before the day.",
        discussion: """
        Each run synthesizes a field (see racekit synth; run r uses seed S + r) and replays it. The report gives \
        the finish-time distribution, each stop's share of arrivals the engine did not register under the GPS \
        noise, the most participants at a stop at once, the course variants' medians, and recommendations \
        such as "stop 7: raise the radius to 25 m".
        """
    )

    @Argument(help: "The race file.") var race: String
    @Option(help: "How many runs.") var runs: Int = 20
    @Option(help: "Participants per run.") var participants: Int = 12
    @Option(help: "Seed of the first run.") var seed: UInt64 = 1
    @Option(help: "Typical speed while moving, m/s.") var speed: Double = 2.5
    @Option(help: "GPS error, metres (1σ per axis).") var noise: Double = 4
    @Flag(help: "Print JSON instead of the table.") var json = false

    func validate() throws {
        guard (1...10_000).contains(runs), (1...10_000).contains(participants) else {
            throw ValidationError("--runs and --participants must be within 1…10000.")
        }
        guard speed > 0, speed.isFinite, noise >= 0, noise.isFinite else { throw ValidationError("--speed must be positive, --noise not negative.") }
    }

    func run() throws {
        try reportingInputErrors {
            let race = try loadRace(self.race)
            var options = SyntheticField.Options(participants: participants)
            options.speedMetersPerSecond = speed
            options.noiseMeters = noise
            // Rehearsals measure the race, not the cast: no deliberate stragglers or missed stops.
            options.stragglers = 0
            options.stopMissers = 0
            let progress = Progress(total: runs, label: "rehearsing")
            let rehearsal: Rehearsal
            do throws(ReplayError) {
                rehearsal = try Rehearsal(race: race, runs: runs, options: options, seed: seed) { _ in progress.advance() }
            } catch {
                throw InputError(SourceLocation(file: self.race), error.description)
            }
            progress.finish()
            Standard.output(json ? rehearsal.json.serialized() + "\n" : rehearsal.table)
        }
    }
}
