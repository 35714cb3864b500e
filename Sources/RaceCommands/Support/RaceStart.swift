import GameModes
import GeoFormats
import RaceKitCore
import RaceModel

/// The race start as seconds since 1970: the race's `startTime`, or 2000-01-01T00:00:00Z for
/// a race without one (a fixed origin, so outputs stay deterministic).
func raceStartEpoch(_ race: Race, file: String) throws(InputError) -> Double {
    guard let text = race.startTime else { return 946_684_800 }
    guard let epoch = Timestamp.parse(text) else {
        throw InputError(
            SourceLocation(file: file), "startTime \"\(text)\" is not an RFC 3339 time (racekit validate says more)")
    }
    return epoch
}

/// Reads a race file for a command that needs a usable race: the errors `racekit validate`
/// reports (game-mode rules included) stop it, with their paths and exit code
/// ``RaceKitExitCode/problemsFound``, as they stop `validate`, except errors whose code is in
/// `allowed` (the order-dependent ones `optimize` resolves).
func loadRace(_ path: String, allowing allowed: Set<String> = []) throws -> Race {
    let reading = try RaceFile.read(path: path)
    let errors = RaceValidator.withStandardModes.validate(reading).filter {
        $0.severity == .error && !allowed.contains($0.code)
    }
    guard let race = reading.race, errors.isEmpty else {
        for issue in errors.prefix(20) { Standard.error(issue.formatted(file: path)) }
        let summary = InputError(
            SourceLocation(file: path),
            "the race has \(errors.count) error\(errors.count == 1 ? "" : "s"); fix them first (racekit validate)")
        Standard.error("racekit: \(summary)")
        throw RaceKitExitCode.problemsFound.error
    }
    return race
}
