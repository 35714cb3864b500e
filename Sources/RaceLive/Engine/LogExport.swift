import GeoFormats
import RaceKitCore

/// A live race's log in the form `racekit simulate` reads: the race file, one GPX track per
/// participant with fixes, and the game inputs as a response file, so
/// `racekit simulate race.json tracks/ --responses responses.jsonl` gives the visits, statuses and
/// game verdict the live server showed.
public struct LogExport: Sendable {
    /// A GPX file's name (sorted by name, the files keep the joining order) and its document.
    public var tracks: [(fileName: String, document: GPXDocument)]
    /// The response file's text: one JSON object a line, every input at its race-clock `time`.
    public var responses: String

    /// The export of `race` as it stands.
    /// - Parameters:
    ///   - race: the live race.
    ///   - showing: the part of a participant's fixes (in time order) to export: all of them by
    ///     default; the server passes what the reader may see.
    public init(_ race: LiveRace, showing: ([LiveFix], _ participant: String) -> [LiveFix] = { fixes, _ in fixes }) {
        var tracks: [(String, GPXDocument)] = []
        for (index, participant) in race.participants.enumerated() {
            let fixes = showing(race.track(of: participant.id), participant.id)
            guard !fixes.isEmpty else { continue }
            var metadata = GPXMetadata()
            metadata.name = race.trackName(of: participant)
            let points = fixes.map {
                GPXPoint(latitude: $0.latitude, longitude: $0.longitude, elevation: $0.altitudeMeters, time: $0.time)
            }
            let document = GPXDocument(
                creator: "RaceKit live", metadata: metadata,
                tracks: [GPXTrack(info: GPXPathInfo(name: metadata.name), segments: [GPXTrackSegment(points: points)])])
            tracks.append((Self.fileName(index), document))
        }
        self.tracks = tracks
        let origin = race.clockOrigin
        responses = race.orderedGameInputs.map { input in
            var members = [JSONMember("participant", .string(input.participant))]
            switch input.kind {
            case .answer(let stop, let choice):
                members += [JSONMember("stop", .string(stop)), JSONMember("choice", .string(choice))]
            case .submission(let round, let text):
                members += [JSONMember("round", .number(Double(round))), JSONMember("text", .string(text))]
            case .leave: members.append(JSONMember("leave", .bool(true)))
            }
            members.append(JSONMember("time", .number(input.time - origin)))
            return JSONValue.object(members).serialized(pretty: false) + "\n"
        }.joined()
    }

    /// `0001.gpx`, `0002.gpx`, …: names that sort in joining order.
    static func fileName(_ index: Int) -> String {
        let digits = String(index + 1)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".gpx"
    }

    /// Writes `tracks/`, `responses.jsonl` and, when given, `race.json` into `folder`.
    /// - Throws: `InputError` naming the file that could not be written.
    public func write(to folder: String, raceFile: String? = nil) throws(InputError) {
        _ = try OutputFile.makeFolder(folder + "/tracks")
        for track in tracks {
            try track.document.write(to: folder + "/tracks/" + track.fileName, creator: "RaceKit live")
        }
        try OutputFile.write(Array(responses.utf8), to: folder + "/responses.jsonl")
        if let raceFile { try OutputFile.write(Array(raceFile.utf8), to: folder + "/race.json") }
    }
}
