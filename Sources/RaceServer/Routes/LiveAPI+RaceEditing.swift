import GameModes
import Hummingbird
import RaceKitCore
import RaceLive
import RaceModel

extension LiveAPI {
    /// A race file from a request body, validated as `racekit validate` does.
    /// - Returns: the race and the validator's issues (warnings and infos only).
    /// - Throws: ``APIError`` 422 with the validator's issues when the file has errors, 400 for a
    ///   body that is not JSON, 413 for one that is too large.
    func validatedRace(_ request: Request) async throws -> (race: Race, issues: [ValidationIssue]) {
        let json = try await JSONResponse.body(of: request, limit: settings.maximumRaceFileBytes)
        let reading = RaceFile.decode(json)
        let issues = RaceValidator.withStandardModes.validate(reading)
        guard let race = reading.race, !issues.contains(where: { $0.severity == .error }) else {
            let errors = issues.filter { $0.severity == .error }
            throw APIError(
                .unprocessableContent, "invalid-race",
                "the race file has \(errors.count) error\(errors.count == 1 ? "" : "s")",
                path: errors.first?.path, extra: [JSONMember("issues", ValidationJSON.issues(issues))])
        }
        return (race, issues)
    }

    /// Replaces the race's file before its start (organiser), validated like a new race: 409
    /// once started. Participants, credentials and join codes stay; viewers' event streams are
    /// closed so they reconnect to the edited race.
    func updateRace(_ request: Request, _ raceID: String) async throws -> Response {
        let runner = try await existingRunner(raceID)
        _ = try await Authorization.require(request, credentials: hub.credentials, race: raceID, roles: [.organiser])
        guard await runner.race.startedAt == nil else {
            throw APIError.conflict("the race has started; its file can no longer change")
        }
        let (race, issues) = try await validatedRace(request)
        try await hub.replaceRaceFile(raceID, with: RaceFile.text(race))
        return JSONResponse.make(
            .object([
                JSONMember("raceID", .string(raceID)), JSONMember("name", .string(race.name)),
                JSONMember("warnings", ValidationJSON.issues(issues)),
            ]))
    }
}
