import ArgumentParser
import Foundation
import GeoCore
import RaceKitCore
import RaceSimulation

/// `racekit stream`: plays GPX tracks to a live server as the participants' phones would
/// (docs/live-server.md): the demo, the load generator and the fault tests' driver.
struct StreamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stream",
        abstract: "Play GPX tracks to a racekit server as phones would: time-scaled, with retries and faults.",
        discussion: """
            Each GPX file (or each .gpx in a folder) is one participant, named as racekit simulate names it; \
            it joins the race under that name (a listed participant's id or name joins as them) with a join \
            code: --join-code gives one the organiser made (good for every track), --organiser-token makes \
            one (and --start starts the race). Then one simulated phone per participant sends its fixes \
            with their recorded times, each when it is due on the clock scaled by --speed (max: no waiting), \
            one request in flight per phone, by the tracker protocol chosen. A request that fails (no \
            connection, 5xx, 429) is retried with exponential backoff; --delay, --reorder, --duplicate and \
            --drop inject faults per request, drawn from --seed; none of them loses a fix for good.

            Progress goes to standard error, a summary to standard output (--json: participants, fixes, \
            acknowledged, refused, refusedByCode, failed, requests, retried, dropped, duplicatesSent, \
            seconds). Exit code 1 when a fix was never acknowledged or the stream could not enrol its tracks.
            """
    )

    @Argument(help: "The server's base URL, e.g. http://127.0.0.1:8080.") var url: String
    @Argument(help: "The race's id on the server.") var raceID: String
    @Argument(help: "GPX files, or folders of them: one participant each.") var tracks: [String]
    @Option(
        name: .customLong("also"),
        help: ArgumentHelp(
            "Another instance of the same server (repeatable).",
            discussion:
                "Phones are spread over every instance and move on to the next when theirs does not answer, as behind a load balancer.",
            valueName: "url")) var otherInstances: [String] = []
    @Option(help: "Tracker protocol: osmand (Traccar Client), owntracks or native (batches).")
    var `protocol`: ProtocolOption = .osmand
    @Option(help: "Time scale: 60 plays a minute of track per second; max sends as fast as the server answers.")
    var speed: StreamSpeed = .factor(1)
    @Option(help: "The organiser's token: make a join code for the tracks.") var organiserToken: String?
    @Option(help: "A join code good for every track (instead of --organiser-token).") var joinCode: String?
    @Flag(help: "Start the race first (needs --organiser-token; a started race is fine).") var start = false
    @Option(help: "Fixes per native request (1…2000).") var batchSize = 50
    @Option(help: "The accuracy each fix reports, in metres.") var accuracy = 5.0
    @Option(help: "Chance a request is held back up to 0.5 s (0…1).") var delay = 0.0
    @Option(help: "Chance a request is sent after the next one (0…1).") var reorder = 0.0
    @Option(help: "Chance a request is sent twice (0…1).") var duplicate = 0.0
    @Option(help: "Chance a request's first attempt is lost and retried (0…1).") var drop = 0.0
    @Option(help: "Attempts per request before giving up (1…1000).") var maxAttempts = 60
    @Option(
        help: ArgumentHelp(
            "Each phone sends up to this many seconds late, drawn from --seed: real phones are not in step, as tracks synthesized together are (0: all in step).",
            valueName: "seconds")) var spread = 0.0
    @OptionGroup var seed: SeedOption
    @OptionGroup var json: JSONOption

    enum ProtocolOption: String, ExpressibleByArgument, CaseIterable {
        case osmand, owntracks, native
        var kind: TrackerProtocol { TrackerProtocol(rawValue: rawValue)! }
    }

    func validate() throws {
        for given in [url] + otherInstances {
            guard let parsed = URL(string: given), let scheme = parsed.scheme, ["http", "https"].contains(scheme),
                parsed.host != nil
            else { throw ValidationError("\"\(given)\": a URL must be http://host:port or https://host:port.") }
        }
        guard (organiserToken == nil) != (joinCode == nil) else {
            throw ValidationError("Give exactly one of --organiser-token and --join-code.")
        }
        guard !start || organiserToken != nil else { throw ValidationError("--start needs --organiser-token.") }
        guard (1...2000).contains(batchSize) else { throw ValidationError("--batch-size must be from 1 to 2000.") }
        guard accuracy.isFinite, accuracy >= 0 else { throw ValidationError("--accuracy must be 0 or more.") }
        for (name, value) in [("delay", delay), ("reorder", reorder), ("duplicate", duplicate), ("drop", drop)] {
            guard (0...1).contains(value) else { throw ValidationError("--\(name) must be from 0 to 1.") }
        }
        guard (1...1000).contains(maxAttempts) else { throw ValidationError("--max-attempts must be from 1 to 1000.") }
        guard spread.isFinite, (0...3_600).contains(spread) else {
            throw ValidationError("--spread must be a number of seconds from 0 to 3600.")
        }
    }

    func run() throws {
        let loaded = try reportingInputErrors { try TrackFiles.expand(tracks).map { try TrackFiles.load($0) } }
        var seen: Set<String> = []
        for track in loaded where !seen.insert(track.name.lowercased()).inserted {
            Standard.error("racekit: \(track.file): a second track for participant \"\(track.name)\"")
            throw RaceKitExitCode.badInput.error
        }
        let faults = StreamFaults(delay: delay, reorder: reorder, duplicate: duplicate, drop: drop)
        let session = StreamSession(
            bases: [url] + otherInstances, raceID: raceID, tracks: loaded, kind: `protocol`.kind, speed: speed,
            batchSize: `protocol`.kind.batches ? batchSize : 1, accuracy: accuracy, faults: faults,
            retry: StreamRetry(maximumAttempts: maxAttempts), spreadSeconds: spread, seed: seed.value,
            credentials: organiserToken.map { .organiser(token: $0, start: start) } ?? .joinCode(joinCode ?? ""))
        let outcome = StreamOutcome()
        // ArgumentParser runs racekit synchronously; the stream is async, so this thread waits.
        Task {
            do { outcome.summary = try await session.run() } catch { outcome.error = "\(error)" }
            outcome.done.signal()
        }
        outcome.done.wait()
        guard let summary = outcome.summary else {
            Standard.error("racekit: stream: \(outcome.error ?? "failed")")
            throw RaceKitExitCode.problemsFound.error
        }
        let output = try json.isOn ? JSONOutput.string(summary) + "\n" : Self.text(summary)
        Standard.output(output)
        if summary.failed > 0 {
            Standard.error(
                "racekit: stream: \(summary.failed) fixes were never acknowledged after \(maxAttempts) attempts each")
            throw RaceKitExitCode.problemsFound.error
        }
    }

    static func text(_ s: StreamSummary) -> String {
        let reasons = s.refusedByCode.keys.sorted().map { "\($0) \(s.refusedByCode[$0]!)" }.joined(separator: ", ")
        return """
            participants    \(s.participants)
            fixes           \(s.fixes)
            acknowledged    \(s.acknowledged)
            refused         \(s.refused)\(reasons.isEmpty ? "" : " (\(reasons))")
            failed          \(s.failed)
            requests        \(s.requests)
            retried         \(s.retried)
            dropped         \(s.dropped)
            duplicates sent \(s.duplicatesSent)
            seconds         \(String(format: "%.2f", s.seconds))

            """
    }
}

/// `--speed`: a time scale, or `max`.
enum StreamSpeed: ExpressibleByArgument, Hashable, Sendable {
    /// Track seconds per wall-clock second.
    case factor(Double)
    /// No waiting: each phone sends its next request as soon as the last one is answered.
    case maximum

    init?(argument: String) {
        if argument == "max" {
            self = .maximum
        } else if let value = Double(argument), value.isFinite, value > 0, value <= 1e6 {
            self = .factor(value)
        } else {
            return nil
        }
    }

    var defaultValueDescription: String {
        switch self {
        case .factor(let x): return JSONValue.numberText(x)
        case .maximum: return "max"
        }
    }
}

/// The async stream's result, handed to the waiting command thread.
private final class StreamOutcome: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    // Written once by the stream task before `done` is signalled; read after the wait.
    var summary: StreamSummary?
    var error: String?
}
