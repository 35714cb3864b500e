import GeoFormats
import Hummingbird
import RaceKitCore
import RaceLive

extension LiveAPI {
    /// A share link for spectators (organiser): a viewer token that reads this race only (its
    /// summary, standings, events, positions and live page) until it expires or is revoked.
    /// Body `{"expiresInSeconds"?}` (default a day, at most a year). The answer's `id`
    /// (``ShareLinkID``) names the link for ``shareLinks(_:_:)`` and ``revokeShareLink(_:_:_:)``.
    func makeShareLink(_ request: Request, _ raceID: String) async throws -> Response {
        _ = try await existingRunner(raceID)
        _ = try await Authorization.require(request, credentials: hub.credentials, race: raceID, roles: [.organiser])
        let json = try await JSONResponse.body(of: request, limit: 4096)
        guard case .object = json else { throw APIError.badRequest("the body must be a JSON object", path: "") }
        var expiresIn = settings.defaultJoinCodeLifetimeSeconds
        if let value = json["expiresInSeconds"] {
            guard case .number(let n) = value, n > 0, n <= 366 * 86_400 else {
                throw APIError.badRequest(
                    "expiresInSeconds must be a number of seconds from 1 to a year", path: "/expiresInSeconds")
            }
            expiresIn = n
        }
        let token = SecretToken.generate()
        let hash = SecretToken.hash(token)
        let expiresAt = hub.clock() + expiresIn
        try await hub.store.addCredential(
            StoredCredential(hash: hash, raceID: raceID, role: .viewer, expiresAt: expiresAt))
        return JSONResponse.make(
            .object([
                JSONMember("id", .string(ShareLinkID.of(credentialHash: hash))),
                JSONMember("token", .string(token)),
                JSONMember("expiresAt", .string(Timestamp.format(expiresAt.rounded(.down)))),
                JSONMember("live", .string("/races/\(raceID)/live?token=\(token)")),
            ]), status: .created)
    }

    /// The race's share links that still work (organiser), soonest expiry first:
    /// `{links: [{id, expiresAt}]}`. Tokens are not stored, so none is shown again.
    func shareLinks(_ request: Request, _ raceID: String) async throws -> Response {
        _ = try await existingRunner(raceID)
        _ = try await Authorization.require(request, credentials: hub.credentials, race: raceID, roles: [.organiser])
        let now = hub.clock()
        let links = try await hub.store.credentials(raceID: raceID, role: .viewer).compactMap {
            link -> JSONValue? in
            guard let expiresAt = link.expiresAt, expiresAt > now else { return nil }
            return .object([
                JSONMember("id", .string(ShareLinkID.of(credentialHash: link.hash))),
                JSONMember("expiresAt", .string(Timestamp.format(expiresAt.rounded(.down)))),
            ])
        }
        return JSONResponse.make(.object([JSONMember("links", .array(links))]))
    }

    /// Revokes share link `linkID` of the race (organiser): its token stops working at once
    /// (401), and the race's open event streams are closed so that a revoked viewer's stream
    /// ends too; the others reconnect and resume where they were (`Last-Event-ID`).
    /// - Throws: ``APIError`` 404 when the race has no link with this id.
    func revokeShareLink(_ request: Request, _ raceID: String, _ linkID: String) async throws -> Response {
        let runner = try await existingRunner(raceID)
        _ = try await Authorization.require(request, credentials: hub.credentials, race: raceID, roles: [.organiser])
        let link = try await hub.store.credentials(raceID: raceID, role: .viewer).first {
            ShareLinkID.of(credentialHash: $0.hash) == linkID
        }
        guard let link, try await hub.store.deleteCredential(hash: link.hash, raceID: raceID) else {
            throw APIError.notFound("this race has no share link \"\(linkID)\"")
        }
        await runner.finishViewers()
        return Response(status: .noContent)
    }
}
