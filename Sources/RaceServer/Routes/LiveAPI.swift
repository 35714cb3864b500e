import Foundation
import GameModes
import GeoFormats
import Hummingbird
import Logging
import NIOCore
import RaceKitCore
import RaceLive
import RaceModel

/// The HTTP API of `racekit serve` (docs/openapi.yaml describes every route; a test holds the
/// router and the document to each other).
public struct LiveAPI: Sendable {
    /// The races and their store.
    public let hub: RaceHub
    /// Limits and timings.
    public let settings: LiveServerSettings
    /// Each race's latest standings event, rendered once for all its viewers.
    let standingsEvents = StandingsEventCache()

    /// An API over `hub`.
    public init(hub: RaceHub, settings: LiveServerSettings = LiveServerSettings()) {
        self.hub = hub
        self.settings = settings
    }

    /// Registers every route on `router`, and the answers to requests none takes: 405 with
    /// `Allow` for a method a path does not have, 404 for a path the API does not have. Build the
    /// router with `.autoGenerateHeadEndpoints` (as ``LiveServer/makeRouter(api:)`` does) for HEAD.
    public func addRoutes(to router: Router<LiveRequestContext>) {
        router.add(middleware: RequestLimitsMiddleware(settings: settings, clock: hub.clock))
        router.get("/health") { _, _ in JSONResponse.make(.object([JSONMember("status", .string("ok"))])) }
        router.post("/races") { request, _ in try await createRace(request) }
        router.get("/races/{race}") { request, context in
            try await raceSummary(request, try context.parameters.require("race"))
        }
        router.post("/races/{race}/start") { request, context in
            try await organiserAction(request, try context.parameters.require("race"), start: true)
        }
        router.post("/races/{race}/end") { request, context in
            try await organiserAction(request, try context.parameters.require("race"), start: false)
        }
        router.post("/races/{race}/join-codes") { request, context in
            try await makeJoinCode(request, try context.parameters.require("race"))
        }
        router.post("/join") { request, _ in try await join(request) }
        router.get("/osmand") { request, _ in try await osmand(request) }
        router.post("/osmand") { request, _ in try await osmand(request) }
        router.post("/races/{race}/fixes") { request, context in
            try await batch(request, try context.parameters.require("race"))
        }
        router.post("/races/{race}/inputs") { request, context in
            try await gameInput(request, try context.parameters.require("race"))
        }
        router.get("/races/{race}/standings") { request, context in
            try await standings(request, try context.parameters.require("race"))
        }
        router.get("/races/{race}/events") { request, context in
            try await events(request, try context.parameters.require("race"), channel: context.channel)
        }
        addWebRoutes(to: router)
        // Last, so that it wraps only the router's answer to requests no route takes.
        router.add(middleware: MethodNotAllowedMiddleware(routes: router.routes.map { ($0.path, $0.method) }))
    }

    // MARK: - Organiser

    func createRace(_ request: Request) async throws -> Response {
        let (race, issues) = try await validatedRace(request)
        let id = "r-" + String(SecretToken.generate().prefix(12))
        let token = SecretToken.generate()
        try await hub.store.createRace(StoredRace(id: id, raceFile: RaceFile.text(race), createdAt: hub.clock()))
        try await hub.store.addCredential(StoredCredential(hash: SecretToken.hash(token), raceID: id, role: .organiser))
        return JSONResponse.make(
            .object([
                JSONMember("raceID", .string(id)), JSONMember("organiserToken", .string(token)),
                JSONMember("warnings", ValidationJSON.issues(issues)),
            ]), status: .created)
    }

    func raceSummary(_ request: Request, _ raceID: String) async throws -> Response {
        let runner = try await existingRunner(raceID)
        try await requireReader(request, raceID)
        let race = await runner.race
        let status = race.endedAt != nil ? "ended" : race.startedAt != nil ? "started" : "created"
        return JSONResponse.make(
            .object([
                JSONMember("raceID", .string(raceID)), JSONMember("name", .string(race.race.name)),
                JSONMember("status", .string(status)),
                JSONMember(
                    "participants",
                    .array(
                        race.participants.map {
                            .object([JSONMember("id", .string($0.id)), JSONMember("name", .string($0.displayName))])
                        })),
                JSONMember("sequence", .number(Double(race.lastSequence))),
            ]))
    }

    func organiserAction(_ request: Request, _ raceID: String, start: Bool) async throws -> Response {
        let runner = try await existingRunner(raceID)
        _ = try await Authorization.require(request, credentials: hub.credentials, race: raceID, roles: [.organiser])
        // Another instance may have stored a start or an end this one has not heard of yet.
        try await runner.follow(to: nil)
        let race = await runner.race
        let now = hub.clock()
        if start {
            guard race.startedAt == nil else { throw APIError.conflict("the race has already started") }
        } else {
            guard race.startedAt != nil else { throw APIError.conflict("the race has not started") }
            guard race.endedAt == nil else { throw APIError.conflict("the race has already ended") }
        }
        let receipt = try await runner.submit(
            [.organiser(start ? .start(time: now) : .end(time: now))], recordedAt: now)
        return JSONResponse.make(
            .object([
                JSONMember("status", .string(start ? "started" : "ended")),
                JSONMember("sequence", .number(Double(receipt.lastSequence))),
            ]))
    }

    func makeJoinCode(_ request: Request, _ raceID: String) async throws -> Response {
        _ = try await existingRunner(raceID)
        _ = try await Authorization.require(request, credentials: hub.credentials, race: raceID, roles: [.organiser])
        let json = try await JSONResponse.body(of: request, limit: 4096)
        guard case .object = json else { throw APIError.badRequest("the body must be a JSON object", path: "") }
        var maximumUses: Int? = 1
        switch json["maxUses"] {
        case nil: break
        case .null?: maximumUses = nil
        case .number(let n)? where n >= 1 && n <= 100_000 && n == n.rounded(): maximumUses = Int(n)
        default:
            throw APIError.badRequest(
                "maxUses must be a whole number from 1 to 100000, or null for no limit", path: "/maxUses")
        }
        var expiresIn = settings.defaultJoinCodeLifetimeSeconds
        if let value = json["expiresInSeconds"] {
            guard case .number(let n) = value, n > 0, n <= 366 * 86_400 else {
                throw APIError.badRequest(
                    "expiresInSeconds must be a number of seconds from 1 to a year", path: "/expiresInSeconds")
            }
            expiresIn = n
        }
        let code = JoinCode.generate()
        let expiresAt = hub.clock() + expiresIn
        try await hub.store.addJoinCode(
            StoredJoinCode(hash: JoinCode.hash(code), raceID: raceID, maximumUses: maximumUses, expiresAt: expiresAt))
        return JSONResponse.make(
            .object([
                JSONMember("code", .string(code)),
                JSONMember("maxUses", maximumUses.map { .number(Double($0)) } ?? .null),
                JSONMember("expiresAt", .string(Timestamp.format(expiresAt.rounded(.down)))),
            ]), status: .created)
    }

    // MARK: - Participants

    func join(_ request: Request) async throws -> Response {
        let json = try await JSONResponse.body(of: request, limit: 4096)
        guard case .string(let rawName)? = json["name"] else {
            throw APIError.badRequest("give a display name as \"name\"", path: "/name")
        }
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 64,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw APIError.badRequest("the name must have 1 to 64 characters and no control characters", path: "/name")
        }
        let raceID = try await joiningRace(json)
        let runner = try await existingRunner(raceID)
        let race = await runner.race
        try requireRoom(in: race)
        // A name that is a listed participant's id or name joins as that participant (their
        // course); anyone else joins under their own name, as `racekit simulate` names tracks.
        let listed = race.race.participants.first {
            $0.id.lowercased() == name.lowercased() || $0.name.lowercased() == name.lowercased()
        }
        let id = listed?.id ?? name
        guard !race.participants.contains(where: { $0.id.lowercased() == id.lowercased() }) else {
            throw APIError(
                .conflict, "name-taken", "someone has already joined this race as \"\(id)\"; choose another name",
                path: "/name")
        }
        let participantToken = SecretToken.generate(), deviceKey = SecretToken.generate()
        try await runner.join(
            StoredParticipant(raceID: raceID, id: id, displayName: listed?.name ?? name, joinedAt: hub.clock())
        )
        try await hub.store.addCredential(
            StoredCredential(
                hash: SecretToken.hash(participantToken), raceID: raceID, role: .participant, participant: id))
        try await hub.store.addCredential(
            StoredCredential(hash: SecretToken.hash(deviceKey), raceID: raceID, role: .device, participant: id)
        )
        return JSONResponse.make(
            .object([
                JSONMember("raceID", .string(raceID)), JSONMember("participantID", .string(id)),
                JSONMember("participantToken", .string(participantToken)), JSONMember("deviceKey", .string(deviceKey)),
                JSONMember(
                    "trackers",
                    .object([
                        JSONMember(
                            "osmand",
                            .object([
                                JSONMember("path", .string("/osmand")),
                                JSONMember("deviceIdentifier", .string(deviceKey)),
                                JSONMember(
                                    "note",
                                    .string(
                                        "Traccar Client: server URL http(s)://<this server>/osmand, device identifier as given"
                                    )),
                            ])),
                        JSONMember("owntracks", OwnTracksSettings.json(participantID: id, deviceKey: deviceKey)),
                        JSONMember(
                            "native",
                            .object([
                                JSONMember("path", .string("/races/\(raceID)/fixes")),
                                JSONMember("authorization", .string("Bearer <participantToken>")),
                            ])),
                    ])),
            ]), status: .created)
    }

    /// Traccar Client (OsmAnd protocol): one fix per request in the query string or a form body.
    func osmand(_ request: Request) async throws -> Response {
        var fields = [String: String](minimumCapacity: 16)
        for (key, value) in QueryString(of: request).pairs { fields[key] = value }
        if request.method == .post {
            let body = try await request.body.collect(upTo: 8192)
            for (key, value) in FormFields.parse(String(buffer: body)) where fields[key] == nil { fields[key] = value }
        }
        guard let key = fields["id"] ?? fields["deviceid"], !key.isEmpty,
            let credential = try await hub.credentials.credential(hash: SecretToken.hash(key)),
            credential.role == .device,
            let participant = credential.participant
        else {
            throw APIError(.badRequest, "unknown-device", "no device with this id", path: "id")
        }
        let fix = try OsmAndFix.parse(fields, participant: participant)
        let runner = try await existingRunner(credential.raceID)
        let outcome = try await ingest([fix], runner: runner)
        if let refusal = outcome.refusals.first {
            throw APIError(.badRequest, "fix-refused", refusal.refusal.reason, path: "timestamp")
        }
        return Response(status: .ok)
    }

    /// The native batch: a JSON array of fixes.
    func batch(_ request: Request, _ raceID: String) async throws -> Response {
        let runner = try await existingRunner(raceID)
        let credential = try await Authorization.require(
            request, credentials: hub.credentials, race: raceID, roles: [.participant])
        let body = try await JSONResponse.bytes(of: request, limit: settings.maximumBatchBytes)
        let batch = try body.readableBytesView.withUnsafeBytes { raw throws(APIError) in
            try NativeFixBatch(raw.assumingMemoryBound(to: UInt8.self), participant: credential.participant ?? "")
        }
        guard batch.fixes.count <= settings.maximumFixesPerBatch else {
            throw APIError(
                .contentTooLarge, "too-many-fixes", "at most \(settings.maximumFixesPerBatch) fixes per request",
                path: "")
        }
        let fixes = batch.fixes
        let malformed = batch.malformed
        let outcome = try await ingest(fixes, runner: runner)
        var rejections = malformed.map {
            (index: $0.index, code: FixIntake.Refusal.invalid.rawValue, reason: $0.message)
        }
        let malformedIndices = Set(malformed.map(\.index))
        for refusal in outcome.refusals where !malformedIndices.contains(refusal.index) {
            rejections.append((refusal.index, refusal.refusal.rawValue, refusal.refusal.reason))
        }
        rejections.sort { $0.index < $1.index }
        var counts: [String: Int] = [:]
        for rejection in rejections { counts[rejection.code, default: 0] += 1 }
        return JSONResponse.make(
            .object([
                JSONMember("accepted", .number(Double(outcome.receipt.accepted))),
                JSONMember("duplicates", .number(Double(outcome.receipt.duplicates))),
                JSONMember("rejected", .number(Double(rejections.count))),
                JSONMember(
                    "rejectedByReason",
                    .object(counts.keys.sorted().map { JSONMember($0, .number(Double(counts[$0]!))) })),
                JSONMember(
                    "rejections",
                    .array(
                        rejections.map { rejection in
                            .object([
                                JSONMember("index", .number(Double(rejection.index))),
                                JSONMember("code", .string(rejection.code)),
                                JSONMember("reason", .string(rejection.reason)),
                            ])
                        })), JSONMember("sequence", .number(Double(outcome.receipt.lastSequence))),
            ]))
    }

    /// Screens `fixes` (``FixIntake``) and submits the rest.
    func ingest(_ fixes: [LiveFix], runner: LiveRaceRunner) async throws -> (
        receipt: LiveRaceRunner.Receipt, refusals: [(index: Int, refusal: FixIntake.Refusal)]
    ) {
        let race = try await startedIntake(runner)
        guard race.startedAt != nil else {
            throw APIError.conflict("the race has not started; fixes are taken once the organiser starts it")
        }
        let intake = FixIntake(requiredAccuracyMeters: race.race.rules.requiredAccuracyMeters)
        let now = hub.clock()
        var accepted: [LogPayload] = []
        accepted.reserveCapacity(fixes.count)
        var refusals: [(Int, FixIntake.Refusal)] = []
        for (index, fix) in fixes.enumerated() {
            if let refusal = intake.refusal(of: fix, now: now, clockOrigin: race.clockOrigin, endedAt: race.endedAt) {
                refusals.append((index, refusal))
            } else {
                accepted.append(.fix(fix))
            }
        }
        let receipt = try await runner.submit(accepted, recordedAt: now)
        return (receipt, refusals)
    }

    // MARK: - Viewers

    func standings(_ request: Request, _ raceID: String) async throws -> Response {
        let runner = try await existingRunner(raceID)
        try await requireReader(request, raceID)
        let standings = await runner.standings()
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: standings.text + "\n")))
    }

    func events(_ request: Request, _ raceID: String, channel: any Channel) async throws -> Response {
        let runner = try await existingRunner(raceID)
        try await requireReader(request, raceID)
        let resumeText =
            request.headers[.init("Last-Event-ID")!] ?? QueryString(of: request).value(named: "lastEventId")
        var resume: Int64 = -1
        if let resumeText {
            guard let value = Int64(resumeText), value >= 0 else {
                throw APIError.badRequest("Last-Event-ID must be a sequence number", path: "Last-Event-ID")
            }
            resume = value
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        let stream = StandingsEventStream(
            runner: runner, after: resume, heartbeatSeconds: settings.heartbeatSeconds,
            retryMilliseconds: settings.retryMilliseconds, events: standingsEvents)
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                // Hummingbird has handed the head to the channel; the events follow it there.
                await stream.run(to: ChannelEventOutlet(channel: channel))
                try await writer.finish(nil)
            })
    }

    // MARK: - Helpers

    func existingRunner(_ raceID: String) async throws -> LiveRaceRunner {
        guard let runner = try await hub.runner(raceID) else { throw APIError.notFound("no race \"\(raceID)\"") }
        return runner
    }

    /// The race's start and end as the log has them, for a request about to be refused because
    /// the race has not started: this instance's engine may not yet have heard the organiser's
    /// start stored through another instance (the announcement is on its way), so it reads the
    /// log first. A started race costs nothing extra.
    func startedIntake(_ runner: LiveRaceRunner) async throws -> LiveRaceRunner.Intake {
        let intake = runner.intake
        guard intake.startedAt == nil else { return intake }
        try await runner.follow(to: nil)
        return runner.intake
    }
}
