import Foundation
import GeoCore
import GeoFormats
import RaceKitCore
import RaceModel

extension TrackFiles {
    /// How far (seconds) a track's first fix may lie from the race start on the race clock
    /// before the track is taken to be from another day.
    public static let clockTolerance: Seconds = 86_400

    /// Refuses a file named twice (directly or inside a folder given too): its participant
    /// would run twice.
    /// - Throws: `InputError` naming the file.
    public static func checkDistinct(_ files: [String]) throws(InputError) {
        var seen = Set<String>()
        for file in files where !seen.insert(URL(fileURLWithPath: file).standardizedFileURL.path).inserted {
            throw InputError(SourceLocation(file: file), "the file is given twice; give each participant's track once")
        }
    }

    /// Checks tracks against each other and the race before a replay.
    ///
    /// Errors (thrown): two tracks with the same name or for the same race participant (whose
    /// would be whose cannot be told), and with `.clock` alignment a track whose first fix is
    /// more than ``clockTolerance`` from the race start (its times would be nonsense: use
    /// `.start`). Warnings (returned, `file: warning: …`): a track whose times run backwards
    /// (its fixes are replayed in time order).
    /// - Parameters:
    ///   - tracks: the loaded tracks, in the order they were given.
    ///   - race: the race they are replayed against (its participants name the tracks).
    ///   - alignment: how track times map to the race clock.
    ///   - raceStart: the race start, seconds since 1970.
    public static func check(
        _ tracks: [LoadedTrack], race: Race, alignment: TrackAlignment,
        raceStart: Seconds
    ) throws(InputError) -> [String] {
        var owner: [String: LoadedTrack] = [:]
        for track in tracks {
            let key =
                participant(of: track, in: race).map { "participant " + $0.id } ?? "name " + track.name.lowercased()
            if let earlier = owner[key] {
                throw InputError(
                    SourceLocation(file: track.file),
                    "this track and \(earlier.file) are both \"\(track.name)\"\(key.hasPrefix("participant") ? " (one race participant)" : ""); give each participant's track its own name (GPX metadata or track name)"
                )
            }
            owner[key] = track
        }
        if alignment == .clock {
            for track in tracks {
                guard let first = track.points.first?.time, abs(first - raceStart) > clockTolerance else { continue }
                let days = Int((abs(first - raceStart) / 86_400).rounded(.down))
                throw InputError(
                    SourceLocation(file: track.file),
                    "the track starts \(days) day\(days == 1 ? "" : "s") \(first < raceStart ? "before" : "after") the race's startTime, so its times cannot be on the race clock; try --align start (each track from its own first fix)"
                )
            }
        }
        var warnings: [String] = []
        for track in tracks {
            let backwards = zip(track.points, track.points.dropFirst()).enumerated().filter {
                $0.element.1.time < $0.element.0.time
            }
            guard let firstStep = backwards.first else { continue }
            warnings.append(
                "\(track.file): warning: the track's times run backwards \(backwards.count) time\(backwards.count == 1 ? "" : "s") (first at timed point \(firstStep.offset + 2)); its fixes are replayed in time order"
            )
        }
        return warnings
    }
}
