import GeoFormats
import RaceKitCore
import RaceModel

/// Synthetic runners follow a course; a race without one would give no tracks and no results,
/// which looks like success. `synth` and `rehearse` refuse it and say what to add.
/// - Throws: `InputError` at the race file when `race.courses` is empty.
func requireCourse(_ race: Race, file: String, command: String) throws(InputError) {
    guard race.courses.isEmpty else { return }
    throw InputError(
        SourceLocation(file: file),
        "the race has no course, and racekit \(command) needs one for its runners to follow: add one to \"courses\" "
            + "({\"id\": …, \"start\": …, \"controls\": […], \"finish\": …}; a group {\"anyOrder\": […]} for stops in any order), "
            + "or build the race with racekit build --course ordered or any-order")
}
