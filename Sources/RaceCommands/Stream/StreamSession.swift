import Foundation
import GeoCore
import RaceSimulation

/// A whole `racekit stream` run: enrols the tracks, plans each phone's requests, plays them all
/// at once and reports progress on standard error once a second.
struct StreamSession: Sendable {
    /// How the tracks get their credentials.
    enum Credentials: Sendable {
        /// Make a join code with the organiser's token (and start the race if asked).
        case organiser(token: String, start: Bool)
        /// Use this join code for every track.
        case joinCode(String)
    }

    /// The server's base URL, or several instances' of one server.
    let bases: [String]
    let raceID: String
    let tracks: [LoadedTrack]
    let kind: TrackerProtocol
    let speed: StreamSpeed
    let batchSize: Int
    let accuracy: Double
    let faults: StreamFaults
    let retry: StreamRetry
    /// Each phone sends up to this many wall seconds late (`--spread`), so phones are out of step.
    let spreadSeconds: Double
    let seed: UInt64
    let credentials: Credentials

    func run() async throws -> StreamSummary {
        let transport = StreamTransport(bases: bases, connections: tracks.count)
        do {
            let summary = try await run(transport)
            try await transport.shutdown()
            return summary
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    private func run(_ transport: StreamTransport) async throws -> StreamSummary {
        let enrolment = StreamEnrolment(transport: transport, raceID: raceID, retry: retry)
        let code: String
        switch credentials {
        case .organiser(let token, let start):
            code = try await enrolment.makeJoinCode(organiserToken: token, uses: tracks.count)
            if start { try await enrolment.start(organiserToken: token) }
        case .joinCode(let given):
            code = given
        }
        var devices: [DeviceCredentials] = []
        for track in tracks { devices.append(try await enrolment.join(name: track.name, code: code)) }

        let origin = tracks.compactMap { $0.points.map(\.time).min() }.min() ?? 0
        let tally = StreamTally()
        var phones: [StreamPhone] = []
        for (index, track) in tracks.enumerated() {
            // Each phone's faults and jitter from its own generator: the plan does not depend on
            // how the phones' tasks interleave.
            var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
            let fixes = Self.distinctFixes(track, accuracy: accuracy)
            let sends = StreamPlan.sends(
                fixes, batchSize: batchSize, origin: origin, faults: faults, random: &random)
            tally.update {
                $0.participants += 1
                $0.fixes += fixes.count
            }
            let jitterSeed = random.next()
            // Drawn last, and only when asked for: the same seed plans the same faults with or without it.
            let lag = spreadSeconds > 0 ? random.nextUnit() * spreadSeconds : 0
            phones.append(
                StreamPhone(
                    device: devices[index], sends: sends, kind: kind, raceID: raceID, transport: transport,
                    retry: retry, tally: tally, jitterSeed: jitterSeed, lagSeconds: lag,
                    firstInstance: index % bases.count))
        }

        let startInstant = ContinuousClock.now
        let speed = self.speed
        let dueAt: @Sendable (Double) -> ContinuousClock.Instant? = { due in
            guard case .factor(let factor) = speed else { return nil }
            return startInstant + .seconds(due / factor)
        }
        let progress = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if !Task.isCancelled { Self.report(tally.current, final: false) }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for phone in phones { group.addTask { await phone.play(dueAt: dueAt) } }
        }
        progress.cancel()
        let elapsed = ContinuousClock.now - startInstant
        tally.update {
            $0.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        Self.report(tally.current, final: true)
        return tally.current
    }

    /// A track's fixes, one per recorded time (a phone never reports two fixes at one instant;
    /// the server would take the second as a duplicate anyway).
    static func distinctFixes(_ track: LoadedTrack, accuracy: Double) -> [StreamFix] {
        var seen: Set<Double> = []
        return track.points.compactMap { point in
            guard seen.insert(point.time).inserted else { return nil }
            return StreamFix(time: point.time, latitude: point.latitude, longitude: point.longitude, accuracy: accuracy)
        }
    }

    static func report(_ s: StreamSummary, final: Bool) {
        Standard.error(
            "racekit: stream: \(s.acknowledged)/\(s.fixes) fixes acknowledged, \(s.refused) refused, "
                + "\(s.retried) retried, \(s.failed) failed\(final ? " (done)" : "")")
    }
}
