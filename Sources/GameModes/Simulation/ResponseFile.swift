import GeoCore
import RaceKitCore
import RaceModel

/// Recorded answers and submissions, from a JSON Lines file (one JSON object per line; blank
/// lines and lines starting with `#` are skipped). Fields:
///
/// | field | meaning |
/// |---|---|
/// | `participant` | whose response; may be left out when the file is one participant's |
/// | `stop` + `choice` | an answer (the option's text, compared by value) |
/// | `round` + `text` | a submission (relay clues and picks; `"rematch"`) |
/// | `leave: true` | the participant leaves |
/// | `time` | seconds since the race start: the response is an input at that time |
/// | `after` | instead of `time`: seconds after the prompt (the question at `stop`, the relay hand-out of `round`) |
///
/// ```
/// {"stop": "lindenhof", "choice": "2", "after": 20}
/// {"stop": "st-peter", "choice": "1", "after": 15}
/// {"stop": "st-peter", "choice": "3", "after": 10}
/// {"round": 1, "text": "the big clock face", "time": 640}
/// {"leave": true, "time": 2400}
/// ```
///
/// Answers with `after` for the same stop are used in order, one per attempt (the second
/// line for `st-peter` answers the retry). A line with a repeated key is an error (which of
/// the two values was meant cannot be told); ``warnings(race:participants:)`` names lines
/// that cannot take effect.
public struct ResponseFile: Responder, Hashable, Sendable {
    /// Responses at a fixed time: inputs for ``GameSession/play(_:responder:)``.
    public var inputs: [GameInput] = []
    /// The same timed responses, as ``Responder/scheduledInputs``.
    public var scheduledInputs: [GameInput] { inputs }
    /// Where each response came from and whom and what it names, for ``warnings(race:participants:)``.
    private var references: [Reference] = []
    /// Responses to prompts, by participant and stop (answers, in attempt order).
    var answers: [String: [String: [(choice: String, after: Seconds)]]] = [:]
    /// Responses to relay hand-outs, by participant and round.
    var submissions: [String: [Int: (text: String, after: Seconds)]] = [:]

    /// An empty file: no responses.
    public init() {}

    /// One line's participant, stop and choice, with its position.
    private struct Reference: Hashable, Sendable {
        var location: SourceLocation
        var participant: String
        var stop: String?
        var choice: String?
    }

    /// Lines that cannot take effect in `race` played by `participants` (ids): an unknown
    /// participant or stop, a stop without a question, or a choice that is not one of the
    /// stop's options (it would only ever count as wrong). Each is `file:line: warning: …`.
    public func warnings(race: Race, participants: Set<String>) -> [String] {
        references.compactMap { reference -> String? in
            func warning(_ message: String) -> String { "\(reference.location): warning: \(message)" }
            guard participants.contains(reference.participant) else {
                return warning(
                    "no participant \"\(reference.participant)\" in the race or the tracks; the line is not used")
            }
            guard let stopID = reference.stop else { return nil }
            guard let stop = race.stop(stopID) else {
                return warning("no stop \"\(stopID)\" in the race; the line is not used")
            }
            guard let task = stop.task else {
                return warning("stop \"\(stopID)\" asks no question; the line is not used")
            }
            if let choice = reference.choice, !task.options.contains(choice) {
                return warning(
                    "\"\(choice)\" is not one of the options of stop \"\(stopID)\" (\(task.options.map { "\"\($0)\"" }.joined(separator: ", "))); it counts as a wrong answer"
                )
            }
            return nil
        }
    }

    /// Equal when they hold the same inputs and the same description.
    public static func == (a: ResponseFile, b: ResponseFile) -> Bool {
        a.inputs == b.inputs && a.description == b.description
    }

    /// Hashes the fixed-time inputs and the prompted responses.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(inputs)
        hasher.combine(description)
    }

    private var description: String {
        let a = answers.keys.sorted().map { p in
            p + ":"
                + answers[p]!.keys.sorted().map { s in
                    s + "=" + answers[p]![s]!.map { "\($0.choice)@\($0.after)" }.joined(separator: ",")
                }.joined(separator: ";")
        }
        let s = submissions.keys.sorted().map { p in
            p + ":"
                + submissions[p]!.keys.sorted().map { r in
                    "\(r)=\(submissions[p]![r]!.text)@\(submissions[p]![r]!.after)"
                }.joined(separator: ";")
        }
        return (a + ["|"] + s).joined(separator: "\n")
    }

    /// Reads a file.
    /// - Parameters:
    ///   - path: the response file to read.
    ///   - participant: the participant of lines without a `participant` field.
    /// - Throws: `InputError` naming `file:line` and the problem.
    public static func read(path: String, participant: String? = nil) throws(InputError) -> ResponseFile {
        let bytes = try FileBytes.read(path)
        return try parse(String(decoding: bytes, as: UTF8.self), file: path, participant: participant)
    }

    /// Parses the text of a file (see ``read(path:participant:)``); merges into `self` when called on a value.
    public static func parse(_ text: String, file: String, participant: String? = nil) throws(InputError)
        -> ResponseFile
    {
        var result = ResponseFile()
        try result.add(text, file: file, participant: participant)
        return result
    }

    /// Adds another file's responses (one file per participant).
    public mutating func add(_ text: String, file: String, participant defaultParticipant: String? = nil)
        throws(InputError)
    {
        try text.withUTF8Bytes { bytes throws(InputError) in
            try add(bytes, file: file, participant: defaultParticipant)
        }
    }

    /// Adds the responses in UTF-8 `bytes`, one line at a time.
    private mutating func add(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, participant defaultParticipant: String?
    )
        throws(InputError)
    {
        var lines = ByteLines(bytes)
        while let (lineNumber, range) = lines.next() {
            let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let location = SourceLocation(file: file, line: lineNumber)
            func fail(_ message: String) -> InputError { InputError(location, message) }
            let json: JSONValue
            do {
                json = try JSONParser.parse(Array(line.utf8), file: file)
            } catch {
                throw fail("not a JSON object: \(error.message)")
            }
            guard case .object(let members) = json else { throw fail("expected a JSON object, found \(json.typeName)") }
            var seen = Set<String>()
            for member in members where !seen.insert(member.key).inserted {
                throw fail("\"\(member.key)\" is given twice; give each key once")
            }
            func string(_ key: String) throws(InputError) -> String? {
                guard let value = json[key] else { return nil }
                guard case .string(let s) = value else {
                    throw fail("\"\(key)\" must be a string, found \(value.typeName)")
                }
                return s
            }
            func number(_ key: String) throws(InputError) -> Double? {
                guard let value = json[key] else { return nil }
                guard case .number(let x) = value, x.isFinite else {
                    throw fail("\"\(key)\" must be a number, found \(value.typeName)")
                }
                return x
            }
            guard let participant = try string("participant") ?? defaultParticipant else {
                throw fail("no \"participant\" (and the file is not one participant's)")
            }
            let time = try number("time"), after = try number("after")
            if time != nil && after != nil { throw fail("give \"time\" or \"after\", not both") }
            if let after, after < 0 { throw fail("\"after\" must be 0 or more") }
            references.append(
                Reference(
                    location: location, participant: participant, stop: try string("stop"), choice: try string("choice")
                ))
            if case .bool(true)? = json["leave"] {
                guard let time else { throw fail("a leave needs a \"time\"") }
                inputs.append(.leave(participant: participant, time: time))
            } else if let stop = try string("stop") {
                guard let choice = try string("choice") else { throw fail("an answer needs a \"choice\"") }
                if let time {
                    inputs.append(.answer(Answer(participant: participant, stop: stop, choice: choice, time: time)))
                } else if let after {
                    answers[participant, default: [:]][stop, default: []].append((choice, after))
                } else {
                    throw fail("an answer needs a \"time\" or an \"after\"")
                }
            } else if let roundValue = try number("round") {
                guard roundValue >= 0, roundValue == roundValue.rounded(), roundValue < 1e6 else {
                    throw fail("\"round\" must be a whole number ≥ 0")
                }
                let round = Int(roundValue)
                guard let text = try string("text") else { throw fail("a submission needs a \"text\"") }
                if let time {
                    inputs.append(
                        .submission(Submission(participant: participant, round: round, text: text, time: time)))
                } else if let after {
                    submissions[participant, default: [:]][round] = (text, after)
                } else {
                    throw fail("a submission needs a \"time\" or an \"after\"")
                }
            } else {
                throw fail("expected an answer (stop, choice), a submission (round, text) or a leave")
            }
        }
    }

    /// The recorded response to a prompt (an answer, a hand-on), at its delay after the prompt.
    public func respond(to outcome: Outcome) -> [GameInput] {
        switch outcome {
        case .question(let participant, let stop, _, let attempt, let time):
            guard let list = answers[participant]?[stop], attempt >= 1, attempt <= list.count else { return [] }
            let entry = list[attempt - 1]
            return [
                .answer(Answer(participant: participant, stop: stop, choice: entry.choice, time: time + entry.after))
            ]
        case .handOut(let participant, let round, _, _, let time, _):
            guard let entry = submissions[participant]?[round] else { return [] }
            return [
                .submission(
                    Submission(participant: participant, round: round, text: entry.text, time: time + entry.after))
            ]
        default:
            return []
        }
    }
}
