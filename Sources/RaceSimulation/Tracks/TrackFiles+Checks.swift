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

    /// Checks tracks against each other and the race before a replay (see ``TrackChecks``).
    /// - Parameters:
    ///   - tracks: the loaded tracks, in the order they were given.
    ///   - race: the race they are replayed against (its participants name the tracks).
    ///   - alignment: how track times map to the race clock.
    ///   - raceStart: the race start, seconds since 1970.
    /// - Returns: the warnings, `file: warning: …`.
    public static func check(
        _ tracks: [LoadedTrack], race: Race, alignment: TrackAlignment,
        raceStart: Seconds
    ) throws(InputError) -> [String] {
        var checks = TrackChecks(race: race, alignment: alignment, raceStart: raceStart)
        var warnings: [String] = []
        for track in tracks { warnings += try checks.check(track) }
        return warnings
    }
}
