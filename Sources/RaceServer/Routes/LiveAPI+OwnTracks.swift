import GeoCore
import Geofencing
import Hummingbird
import RaceKitCore
import RaceLive
import RaceModel

extension LiveAPI {
    /// The largest OwnTracks message taken, in bytes (a location is a few hundred).
    static let maximumOwnTracksBytes = 16_384

    /// OwnTracks in HTTP mode: one message per POST, the participant named by HTTP Basic
    /// credentials.
    ///
    /// The password is the participant's device key (the same secret Traccar Client sends as its
    /// `id`); it alone says who and which race. The user name is free (the join answer suggests
    /// the participant's id, so the phone shows a familiar name), and `X-Limit-U`/`X-Limit-D`,
    /// the app's user and device names sent in the clear on every request, identify nothing: a
    /// name that is not secret cannot authenticate.
    ///
    /// A `location` is screened like a native fix and stored; other `_type`s and an empty body
    /// are ignored. The answer is 200 with a JSON array: a `setWaypoints` command holding the
    /// participant's next stop as a region, so the phone shows and watches the place that just
    /// unlocked (empty when there is none). A refused fix is still answered 200, because the app
    /// would resend it forever otherwise, with `X-RaceKit-Refused` (the native batch's code) and
    /// `X-RaceKit-Refusal-Reason`.
    func ownTracks(_ request: Request) async throws -> Response {
        guard let header = request.headers[.authorization], let basic = BasicCredentials(header: header),
            !basic.password.isEmpty,
            let credential = try await hub.credentials.credential(hash: SecretToken.hash(basic.password)),
            credential.role == .device, let participant = credential.participant
        else {
            return Self.ownTracksUnauthorized()
        }
        let runner = try await existingRunner(credential.raceID)
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maximumOwnTracksBytes)
        } catch {
            throw APIError(
                .contentTooLarge, "body-too-large",
                "the request body is larger than \(Self.maximumOwnTracksBytes) bytes")
        }
        var refusal: (code: String, reason: String)?
        switch try OwnTracksMessage.parse(Array(body.readableBytesView), participant: participant) {
        case .ignored: break
        case .malformedLocation(let message): refusal = (FixIntake.Refusal.invalid.rawValue, message)
        case .location(let fix):
            if let refused = try await ingest([fix], runner: runner).refusals.first {
                refusal = (refused.refusal.rawValue, refused.refusal.reason)
            }
        }
        let commands = try await ownTracksCommands(participant: participant, runner: runner)
        var response = JSONResponse.make(.array(commands))
        if let refusal {
            response.headers[.init("X-RaceKit-Refused")!] = refusal.code
            response.headers[.init("X-RaceKit-Refusal-Reason")!] = refusal.reason
        }
        return response
    }

    /// `[{"_type": "cmd", "action": "setWaypoints", …}]` with the participant's next stop, or `[]`.
    ///
    /// The region keeps one `tst` and `rid` for the whole race (the race's creation time and id),
    /// so each new next stop replaces the last one on the phone instead of piling up regions.
    func ownTracksCommands(participant: String, runner: LiveRaceRunner) async throws -> [JSONValue] {
        let race = await runner.race
        let state = await runner.currentState()
        let last = race.track(of: participant).last.flatMap {
            try? Coordinate(latitude: $0.latitude, longitude: $0.longitude)
        }
        guard let stop = LiveRaceState.nearest(state.openStops(of: participant, in: race.race), to: last),
            let fence = try? stop.fence.makeFence()
        else { return [] }
        let created = try await hub.store.race(id: race.raceID)?.createdAt ?? race.clockOrigin
        let circle = fence.boundingCircle
        let region = JSONValue.object([
            JSONMember("_type", .string("waypoint")), JSONMember("desc", .string(stop.name)),
            JSONMember("lat", .number(circle.centre.latitude)), JSONMember("lon", .number(circle.centre.longitude)),
            JSONMember("rad", .number(circle.radiusMeters.rounded(.up))),
            JSONMember("tst", .number(created.rounded(.down))), JSONMember("rid", .string("racekit-" + race.raceID)),
        ])
        return [
            .object([
                JSONMember("_type", .string("cmd")), JSONMember("action", .string("setWaypoints")),
                JSONMember(
                    "waypoints",
                    .object([JSONMember("_type", .string("waypoints")), JSONMember("waypoints", .array([region]))])),
            ])
        ]
    }

    /// 401 with `WWW-Authenticate: Basic`, so the app asks for (or reports) its credentials.
    static func ownTracksUnauthorized() -> Response {
        var response = JSONResponse.make(
            .object([
                JSONMember(
                    "error", .string("HTTP Basic credentials are required: the password is the device key from joining")
                ),
                JSONMember("code", .string("unauthorized")),
            ]), status: .unauthorized)
        response.headers[.wwwAuthenticate] = #"Basic realm="racekit", charset="UTF-8""#
        return response
    }
}

/// The OwnTracks settings a participant gets when joining (`trackers.owntracks`).
enum OwnTracksSettings {
    static func json(participantID: String, deviceKey: String) -> JSONValue {
        .object([
            JSONMember("path", .string("/owntracks")), JSONMember("mode", .string("HTTP")),
            JSONMember("username", .string(participantID)), JSONMember("password", .string(deviceKey)),
            JSONMember(
                "note",
                .string(
                    "OwnTracks: mode HTTP, URL http(s)://<this server>/owntracks, authentication on with this username and password"
                )),
        ])
    }
}
