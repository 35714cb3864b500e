import Hummingbird
import RaceKitCore
import RaceLive

extension LiveAPI {
    /// A participant's game input: `{"stop", "choice"}` (an answer), `{"round", "text"}` (a
    /// submission) or `{"leave": true}`, at the server's time. It joins the log as fixes do; the
    /// same input at the same time again is a duplicate and changes nothing.
    func gameInput(_ request: Request, _ raceID: String) async throws -> Response {
        let runner = try await existingRunner(raceID)
        let credential = try await Authorization.require(
            request, credentials: hub.credentials, race: raceID, roles: [.participant])
        let json = try await JSONResponse.body(of: request, limit: 16_384)
        guard case .object = json else { throw APIError.badRequest("the body must be a JSON object", path: "") }
        let race = try await startedIntake(runner)
        guard race.startedAt != nil else { throw APIError.conflict("the race has not started") }
        guard race.endedAt == nil else { throw APIError.conflict("the race has ended") }
        let kind: LiveGameInput.Kind
        if case .bool(true)? = json["leave"] {
            kind = .leave
        } else if let stopValue = json["stop"] {
            guard case .string(let stop) = stopValue, race.race.stop(stop)?.task != nil else {
                throw APIError.badRequest("\"stop\" must be the id of a stop with a question", path: "/stop")
            }
            guard case .string(let choice)? = json["choice"] else {
                throw APIError.badRequest("an answer needs a \"choice\" (the option's text)", path: "/choice")
            }
            kind = .answer(stop: stop, choice: choice)
        } else if let roundValue = json["round"] {
            guard case .number(let round) = roundValue, round >= 0, round == round.rounded(), round < 1e6 else {
                throw APIError.badRequest("\"round\" must be a whole number ≥ 0", path: "/round")
            }
            guard case .string(let text)? = json["text"], text.utf8.count <= 4096 else {
                throw APIError.badRequest("a submission needs a \"text\" of at most 4096 bytes", path: "/text")
            }
            kind = .submission(round: Int(round), text: text)
        } else {
            throw APIError.badRequest(
                "expected an answer (stop, choice), a submission (round, text) or {\"leave\": true}", path: "")
        }
        let now = hub.clock()
        let input = LiveGameInput(participant: credential.participant ?? "", time: now, kind: kind)
        let receipt = try await runner.submit([.game(input)], recordedAt: now)
        return JSONResponse.make(
            .object([
                JSONMember("accepted", .bool(receipt.accepted == 1)),
                JSONMember("sequence", .number(Double(receipt.lastSequence))),
            ]))
    }
}
