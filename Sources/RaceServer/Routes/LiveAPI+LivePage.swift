import GeoCore
import GeoFormats
import Hummingbird
import RaceKitCore
import RaceLive

extension LiveAPI {
    /// The live page (``LivePage``): the same readers as the event stream it follows (anyone for a public race).
    func livePage(_ request: Request, _ raceID: String) async throws -> Response {
        let runner = try await existingRunner(raceID)
        try await requireReader(request, raceID)
        let race = await runner.race
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.contentSecurityPolicy] = LivePage.contentSecurityPolicy
        // The token is in the page's address: never send it on as a referrer.
        headers[.init("Referrer-Policy")!] = "no-referrer"
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: LivePage.html(raceID: raceID, race: race.race))))
    }

    /// Every participant's last fix and next stop: `{raceID, sequence, participants: [{id, name,
    /// time?, lat?, lon?, accuracy?, next?}]}` in joining order (no position before the first fix,
    /// nor beyond what the race's `livePositions` lets this reader see: ``PositionAccess``);
    /// readers with a token only, a public race's too.
    func positions(_ request: Request, _ raceID: String) async throws -> Response {
        let runner = try await existingRunner(raceID)
        let race = await runner.race
        let access = try await positionAccess(request, raceID, race: race.race)
        let state = await runner.currentState()
        let participants = race.participants.map { participant -> JSONValue in
            var members = [
                JSONMember("id", .string(participant.id)), JSONMember("name", .string(participant.displayName)),
            ]
            let last = access.visible(race.track(of: participant.id), of: participant.id).last
            if let last {
                members += [
                    JSONMember("time", .string(Timestamp.format(last.time))), JSONMember("lat", .number(last.latitude)),
                    JSONMember("lon", .number(last.longitude)),
                ]
                if let accuracy = last.accuracyMeters { members.append(JSONMember("accuracy", .number(accuracy))) }
            }
            let position = last.flatMap { try? Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
            if let next = LiveRaceState.nearest(state.openStops(of: participant.id, in: race.race), to: position) {
                members.append(JSONMember("next", .string(next.id)))
            }
            return .object(members)
        }
        return JSONResponse.make(
            .object([
                JSONMember("raceID", .string(raceID)), JSONMember("sequence", .number(Double(race.lastSequence))),
                JSONMember("participants", .array(participants)),
            ]))
    }
}
