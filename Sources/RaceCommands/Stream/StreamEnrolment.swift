import RaceKitCore

/// A problem that stops the whole stream (the server refuses to enrol a participant, the race
/// is someone else's…): one line on standard error, exit code 1.
struct StreamError: Error, CustomStringConvertible {
    /// What went wrong, for a person.
    var description: String
}

/// How `racekit stream` gets a device key and token for each track, through the public API
/// only (docs/live-server.md): with the organiser's token it makes one join code for all the
/// tracks (and may start the race); with a join code the organiser handed out it uses that one.
/// Each track then joins under its participant name, which the server matches to a listed
/// participant's id or name as `racekit simulate` matches tracks.
struct StreamEnrolment: Sendable {
    let transport: StreamTransport
    let raceID: String
    let retry: StreamRetry

    /// A join code good for `uses` joins, made with the organiser's token.
    func makeJoinCode(organiserToken: String, uses: Int) async throws -> String {
        let body = JSONValue.object([
            JSONMember("maxUses", .number(Double(uses))), JSONMember("expiresInSeconds", .number(3600)),
        ])
        let answer = try await call(
            "POST", "/races/\(TrackerRequest.percentEncoded(raceID))/join-codes", body: body,
            token: organiserToken, what: "making a join code")
        guard case .string(let code)? = answer["code"] else {
            throw StreamError(description: "the server's join-code answer has no \"code\"")
        }
        return code
    }

    /// Starts the race; one that has already started is fine.
    func start(organiserToken: String) async throws {
        _ = try await call(
            "POST", "/races/\(TrackerRequest.percentEncoded(raceID))/start", body: nil, token: organiserToken,
            what: "starting the race", acceptConflict: true)
    }

    /// Joins `name` with `code`: the participant's credentials.
    func join(name: String, code: String) async throws -> DeviceCredentials {
        let body = JSONValue.object([JSONMember("code", .string(code)), JSONMember("name", .string(name))])
        let answer = try await call("POST", "/join", body: body, token: nil, what: "joining \"\(name)\"")
        guard case .string(let race)? = answer["raceID"], case .string(let id)? = answer["participantID"],
            case .string(let token)? = answer["participantToken"], case .string(let key)? = answer["deviceKey"]
        else {
            throw StreamError(description: "the server's join answer for \"\(name)\" lacks credentials")
        }
        guard race == raceID else {
            throw StreamError(description: "the join code is for race \(race), not \(raceID)")
        }
        var device = DeviceCredentials(participantID: id, participantToken: token, deviceKey: key)
        if case .string(let path)? = answer["trackers"]?["owntracks"]?["path"] { device.ownTracksPath = path }
        return device
    }

    /// One API call, retried while the server is unreachable or answers 5xx/429 (it may still be
    /// starting); a refusal ends the stream with the server's own message.
    private func call(
        _ method: String, _ path: String, body: JSONValue?, token: String?, what: String, acceptConflict: Bool = false
    ) async throws -> JSONValue {
        var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
        if let token { headers.append(("Authorization", "Bearer " + token)) }
        let request = TrackerRequest(
            method: method, target: path, headers: headers,
            body: Array((body?.serialized(pretty: false) ?? "").utf8))
        var lastProblem = ""
        for attempt in 1...retry.maximumAttempts {
            do {
                let answer = try await transport.send(request)
                let json = try? JSONParser.parse(answer.body, file: "answer")
                if (200..<300).contains(answer.status) || (acceptConflict && answer.status == 409) {
                    return json ?? .null
                }
                let message: String
                if case .string(let text)? = json?["error"] { message = text } else { message = "no message" }
                lastProblem = "HTTP \(answer.status): \(message)"
                guard StreamRetry.isTransient(status: answer.status) else { break }
            } catch {
                lastProblem = "\(error)"
            }
            try await Task.sleep(for: .seconds(retry.delay(afterAttempt: attempt, jitter: 0.5)))
        }
        throw StreamError(description: "\(what) failed: \(lastProblem)")
    }
}
