import Hummingbird
import RaceKitCore
import RaceLive

extension LiveAPI {
    /// Requires a reader of race `raceID`: its organiser, a participant or a share link (an
    /// unexpired viewer token); without any token, anyone when the race is public and
    /// `publicAllowed` (the ranking is public, positions are not).
    /// - Throws: ``APIError`` 401 or 403 as ``Authorization`` decides.
    func requireReader(_ request: Request, _ raceID: String, publicAllowed: Bool = true) async throws {
        if publicAllowed, Authorization.token(of: request) == nil,
            try await hub.store.race(id: raceID)?.isPublic == true
        {
            return
        }
        _ = try await Authorization.require(
            request, credentials: hub.credentials, race: raceID, roles: [.organiser, .participant, .viewer],
            now: hub.clock())
    }

    /// Opens the race to anyone or closes it to invitations only (organiser): `{"public": Bool}`.
    func setPublic(_ request: Request, _ raceID: String) async throws -> Response {
        _ = try await existingRunner(raceID)
        _ = try await Authorization.require(request, credentials: hub.credentials, race: raceID, roles: [.organiser])
        let json = try await JSONResponse.body(of: request, limit: 4096)
        guard case .bool(let isPublic)? = json["public"] else {
            throw APIError.badRequest("give {\"public\": true} or {\"public\": false}", path: "/public")
        }
        try await hub.store.setRacePublic(raceID: raceID, isPublic: isPublic)
        return JSONResponse.make(
            .object([JSONMember("raceID", .string(raceID)), JSONMember("public", .bool(isPublic))]))
    }

    /// The public races, newest first: `{races: [{raceID, name, status}]}`; no token needed.
    func publicRaces(_ request: Request) async throws -> Response {
        var races: [JSONValue] = []
        for stored in try await hub.store.races().reversed() where stored.isPublic {
            guard let runner = try await hub.runner(stored.id) else { continue }
            let race = await runner.race
            let status = race.endedAt != nil ? "ended" : race.startedAt != nil ? "started" : "created"
            races.append(
                .object([
                    JSONMember("raceID", .string(stored.id)), JSONMember("name", .string(race.race.name)),
                    JSONMember("status", .string(status)),
                ]))
        }
        return JSONResponse.make(.object([JSONMember("races", .array(races))]))
    }

    /// The race a join is for: the one of the join `code` (counting one use), or, without a
    /// code, the `race` named when it is public.
    /// - Throws: ``APIError`` 400 without either, 403 for a bad code or a race that is not public.
    func joiningRace(_ json: JSONValue) async throws -> String {
        if case .string(let code)? = json["code"], !code.isEmpty {
            guard let redeemed = try await hub.store.redeemJoinCode(hash: JoinCode.hash(code), now: hub.clock()) else {
                throw APIError(
                    .forbidden, "invalid-join-code", "the join code is unknown, used up or expired", path: "/code")
            }
            return redeemed.raceID
        }
        guard case .string(let raceID)? = json["race"] else {
            throw APIError.badRequest(
                "give the join code as \"code\" (or a public race's id as \"race\")", path: "/code")
        }
        guard try await hub.store.race(id: raceID)?.isPublic == true else {
            throw APIError(
                .forbidden, "not-public", "this race takes invited participants only; ask for a join code",
                path: "/race")
        }
        return raceID
    }
}
