import Foundation
import GeoCore
import GeoFormats
import Geofencing
import RaceKitCore
import RaceModel

/// Participants' GPX tracks as a simulation reads them: each file is one participant, named
/// from the file's metadata, else its first track's name, else the file name.
public struct LoadedTrack: Sendable {
    /// The participant's name for the race: metadata name, first track name or file name.
    public var name: String
    /// The file the track was read from.
    public var file: String
    /// Timed track points (seconds since 1970), in file order.
    public var points: [(time: Seconds, latitude: Degrees, longitude: Degrees)]
    /// Track points without a time: they cannot be placed in the race, so they are counted.
    public var untimedPoints: Int
    /// What the GPX reader could not use.
    public var warnings: [GPXWarning]

    /// A track from fixes already in memory (a live race's log), not read from a file.
    public init(
        name: String, file: String, points: [(time: Seconds, latitude: Degrees, longitude: Degrees)],
        untimedPoints: Int = 0, warnings: [GPXWarning] = []
    ) {
        self.name = name
        self.file = file
        self.points = points
        self.untimedPoints = untimedPoints
        self.warnings = warnings
    }
}

/// How tracks are placed on the race clock.
public enum TrackAlignment: String, Sendable, CaseIterable {
    /// Times as recorded, measured from the race's start time.
    case clock
    /// Each track shifted so its first fix is the race start (tracks from other days).
    case start
}

/// Reads participants' GPX tracks and puts them on the race clock.
public enum TrackFiles {
    /// The GPX files named, with folders expanded to their `.gpx` files (sorted by name).
    /// - Throws: `InputError` for a path that does not exist or a folder without GPX files.
    public static func expand(_ paths: [String]) throws(InputError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw InputError(SourceLocation(file: path), "no such file or folder")
            }
            if isFolder.boolValue {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
                    $0.lowercased().hasSuffix(".gpx")
                }.sorted()
                guard !names.isEmpty else {
                    throw InputError(SourceLocation(file: path), "the folder has no .gpx files")
                }
                files += names.map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Reads one participant's GPX file.
    public static func load(_ file: String) throws(InputError) -> LoadedTrack {
        let document = try GPXDocument.read(path: file)
        var points: [(Seconds, Degrees, Degrees)] = []
        var untimed = 0
        for track in document.tracks {
            for segment in track.segments {
                for point in segment.points {
                    if let time = point.time {
                        points.append((time, point.latitude, point.longitude))
                    } else {
                        untimed += 1
                    }
                }
            }
        }
        let fallback = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let name =
            [document.metadata.name, document.tracks.first?.info.name].compactMap { $0 }.first { !$0.isEmpty }
            ?? fallback
        return LoadedTrack(
            name: name, file: file, points: points.map { (time: $0.0, latitude: $0.1, longitude: $0.2) },
            untimedPoints: untimed, warnings: document.warnings)
    }

    /// The replay input: tracks on the race clock, matched to the race's participants by id or
    /// name (case-insensitive), then the race's participants without a track (no fixes).
    /// - Parameter raceStart: the race start, seconds since 1970 (required for `.clock`).
    /// - Parameter tracks: the loaded tracks, one per participant.
    /// - Parameter race: the race whose participants the tracks are matched to.
    /// - Parameter alignment: how recorded times become race times.
    public static func replayInput(_ tracks: [LoadedTrack], race: Race, alignment: TrackAlignment, raceStart: Seconds)
        -> ReplayInput
    {
        var positions = PositionColumns()
        positions.reserveCapacity(tracks.reduce(0) { $0 + $1.points.count })
        // Merge every participant's fixes in time order (ties by participant), as a live feed would arrive.
        var merged: [(time: Seconds, participant: Int32, order: Int, latitude: Degrees, longitude: Degrees)] = []
        for (p, track) in tracks.enumerated() {
            let clock = raceClockTrack(track, alignment: alignment, raceStart: raceStart)
            for i in 0..<clock.count {
                merged.append((clock.time[i], Int32(p), i, clock.latitude[i], clock.longitude[i]))
            }
        }
        merged.sort { ($0.time, $0.participant, $0.order) < ($1.time, $1.participant, $1.order) }
        for fix in merged {
            positions.append(
                participant: fix.participant, time: fix.time, latitude: fix.latitude, longitude: fix.longitude)
        }
        let (names, ids) = replayParticipants(trackNames: tracks.map(\.name), race: race)
        return ReplayInput(names: names, participantIDs: ids, positions: positions)
    }

    /// The display names and race ids a replay gives tracks named `trackNames`, in that order
    /// (a track of a listed participant shows under the race's display name), then the race's
    /// listed participants without a track (they did not start).
    public static func replayParticipants(trackNames: [String], race: Race) -> (
        names: [String], participantIDs: [String?]
    ) {
        let matched = trackNames.map { participant(named: $0, in: race) }
        let names = zip(trackNames, matched).map { $1?.name ?? $0 }
        let ids = matched.map { $0?.id }
        let untracked = participantsWithoutTrack(race, tracked: ids)
        return (names + untracked.map(\.name), ids + untracked.map(\.id))
    }

    /// One track's fixes on the race clock, in time order (fixes at the same time in file
    /// order); the `participant` column is 0.
    /// - Parameters:
    ///   - track: the loaded track.
    ///   - alignment: how recorded times become race times.
    ///   - raceStart: the race start, seconds since 1970 (required for `.clock`).
    public static func raceClockTrack(_ track: LoadedTrack, alignment: TrackAlignment, raceStart: Seconds)
        -> PositionColumns
    {
        let shift = alignment == .start ? -(track.points.first?.time ?? raceStart) : -raceStart
        let order = track.points.indices.sorted {
            (track.points[$0].time, $0) < (track.points[$1].time, $1)
        }
        var positions = PositionColumns()
        positions.reserveCapacity(order.count)
        for k in order {
            let point = track.points[k]
            positions.append(
                participant: 0, time: point.time + shift, latitude: point.latitude, longitude: point.longitude)
        }
        return positions
    }

    /// The race's participants whose id is not among `tracked`, in the race's order: they join
    /// with no fixes, so the course check makes them DidNotStart.
    /// - Parameters:
    ///   - race: the race.
    ///   - tracked: the race participant of each track, when it has one.
    public static func participantsWithoutTrack(_ race: Race, tracked: [String?]) -> [Participant] {
        var ids = Set(tracked.compactMap { $0 })
        return race.participants.filter { ids.insert($0.id).inserted }
    }

    /// The race participant a track belongs to: the first whose id or name equals the track's
    /// name, ignoring case.
    public static func participant(of track: LoadedTrack, in race: Race) -> Participant? {
        participant(named: track.name, in: race)
    }

    /// The race participant a track named `name` belongs to: the first whose id or name equals
    /// it, ignoring case.
    public static func participant(named name: String, in race: Race) -> Participant? {
        let name = name.lowercased()
        return race.participants.first { $0.id.lowercased() == name || $0.name.lowercased() == name }
    }
}
