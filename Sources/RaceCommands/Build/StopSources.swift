import RaceModel

/// Where each stop `build` made came from in the user's input (`stops.csv:4`,
/// `area.geojson:/features/2`, `walk.gpx` waypoint 3), so the validation issues of the race it
/// generated blame the input the user can fix, not the race's JSON paths.
struct StopSources {
    /// The input file.
    let file: String
    /// Per stop, in order: its location and, when the location alone does not say which, a label.
    let places: [(location: String, label: String?)]
    /// The `--participants` file, which issues about participants and teams name.
    var participantsFile: String?

    init(file: String, places: [(location: String, label: String?)]) {
        self.file = file
        self.places = places
    }

    /// The issue located in the input: a stop's issue at the stop's source, a participant's or
    /// team's at the participants file, any other at the stops file.
    func formatted(_ issue: ValidationIssue) -> String {
        if let participantsFile, issue.path.hasPrefix("/participants") || issue.path.hasPrefix("/teams") {
            return issue.formatted(location: participantsFile)
        }
        guard let index = Self.stopIndex(issue.path), index < places.count else {
            return issue.formatted(location: file)
        }
        var located = issue
        if let label = places[index].label { located.message = "\(label): \(issue.message)" }
        return located.formatted(location: places[index].location)
    }

    /// `n` in a path `/stops/n` or `/stops/n/…`.
    private static func stopIndex(_ path: String) -> Int? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].isEmpty, parts[1] == "stops" else { return nil }
        return Int(parts[2])
    }
}
