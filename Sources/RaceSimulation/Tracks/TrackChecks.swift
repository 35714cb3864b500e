import GeoCore
import RaceKitCore
import RaceModel

/// Checks tracks one at a time, against the ones before and the race, before a replay; it
/// keeps each track's file and owner, not its points.
///
/// Errors (thrown): two tracks with the same name or for the same race participant (whose
/// would be whose cannot be told), and with `.clock` alignment a track whose first fix is more
/// than ``TrackFiles/clockTolerance`` from the race start (its times would be nonsense: use
/// `.start`). Warnings (returned, `file: warning: …`): a track whose times run backwards (its
/// fixes are replayed in time order).
public struct TrackChecks: Sendable {
    private let race: Race
    private let alignment: TrackAlignment
    private let raceStart: Seconds
    /// Owner key ("participant id" or "name …") → the file of the track that has it.
    private var owner: [String: String] = [:]

    /// Checks for tracks of `race`.
    /// - Parameters:
    ///   - race: the race the tracks are replayed against (its participants name the tracks).
    ///   - alignment: how track times map to the race clock.
    ///   - raceStart: the race start, seconds since 1970.
    public init(race: Race, alignment: TrackAlignment, raceStart: Seconds) {
        self.race = race
        self.alignment = alignment
        self.raceStart = raceStart
    }

    /// Checks the next track.
    /// - Returns: its warnings, `file: warning: …`.
    /// - Throws: `InputError` naming the track's file.
    public mutating func check(_ track: LoadedTrack) throws(InputError) -> [String] {
        let key =
            TrackFiles.participant(of: track, in: race).map { "participant " + $0.id }
            ?? "name " + track.name.lowercased()
        if let earlier = owner[key] {
            throw InputError(
                SourceLocation(file: track.file),
                "this track and \(earlier) are both \"\(track.name)\"\(key.hasPrefix("participant") ? " (one race participant)" : ""); give each participant's track its own name (GPX metadata or track name)"
            )
        }
        owner[key] = track.file
        if alignment == .clock, let first = track.points.first?.time,
            abs(first - raceStart) > TrackFiles.clockTolerance
        {
            let days = Int((abs(first - raceStart) / 86_400).rounded(.down))
            throw InputError(
                SourceLocation(file: track.file),
                "the track starts \(days) day\(days == 1 ? "" : "s") \(first < raceStart ? "before" : "after") the race's startTime, so its times cannot be on the race clock; try --align start (each track from its own first fix)"
            )
        }
        let backwards = zip(track.points, track.points.dropFirst()).enumerated().filter {
            $0.element.1.time < $0.element.0.time
        }
        guard let firstStep = backwards.first else { return [] }
        return [
            "\(track.file): warning: the track's times run backwards \(backwards.count) time\(backwards.count == 1 ? "" : "s") (first at timed point \(firstStep.offset + 2)); its fixes are replayed in time order"
        ]
    }
}
