import Foundation
import GeoCore
import RaceKitCore

/// One simulated phone: plays its participant's planned requests in order, one in flight at a
/// time, waiting for each one's due time on the scaled clock, and retries what fails with
/// backoff until the server acknowledges or refuses it. With several server instances, a phone
/// talks to one and moves on to the next when its requests get no answer at all (as behind a
/// load balancer when an instance dies).
struct StreamPhone: Sendable {
    let device: DeviceCredentials
    let sends: [PlannedSend]
    let kind: TrackerProtocol
    let raceID: String
    let transport: StreamTransport
    let retry: StreamRetry
    let tally: StreamTally
    /// Seeds the backoff jitter (the plan's faults have their own generator).
    let jitterSeed: UInt64
    /// Wall seconds each send goes after its due time (`--spread`); not at `--speed max`.
    let lagSeconds: Double
    /// The instance (index into the transport's bases) the phone starts with.
    let firstInstance: Int

    /// Plays every send; `clock` gives the wall time a send is due.
    func play(dueAt clock: @Sendable (Double) -> ContinuousClock.Instant?) async {
        var random = SplitMix64(seed: jitterSeed)
        var instance = firstInstance
        for send in sends {
            if let due = clock(send.due), case let deadline = due + .seconds(lagSeconds), deadline > .now {
                try? await Task.sleep(until: deadline)
            }
            if send.holdSeconds > 0 { try? await Task.sleep(for: .seconds(send.holdSeconds)) }
            let request = TrackerRequest.make(send.fixes, protocol: kind, raceID: raceID, device: device)
            await deliver(
                request, fixes: send.fixes.count, loseFirst: send.dropFirstAttempt, instance: &instance,
                random: &random
            ) {
                summary, result in
                switch result {
                case .answered(let acknowledged, let refusals):
                    summary.acknowledged += acknowledged
                    summary.refused += refusals.count
                    for code in refusals { summary.refusedByCode[code, default: 0] += 1 }
                case .gaveUp:
                    summary.failed += send.fixes.count
                }
            }
            if send.sendTwice {
                tally.update { $0.duplicatesSent += send.fixes.count }
                await deliver(
                    request, fixes: send.fixes.count, loseFirst: false, instance: &instance, random: &random
                ) { _, _ in }
            }
        }
    }

    /// How a request ended.
    enum Delivery {
        /// The server answered: fixes acknowledged, and the codes of those it refused.
        case answered(acknowledged: Int, refusals: [String])
        /// Every attempt failed.
        case gaveUp
    }

    private func deliver(
        _ request: TrackerRequest, fixes: Int, loseFirst: Bool, instance: inout Int, random: inout SplitMix64,
        record: (inout StreamSummary, Delivery) -> Void
    ) async {
        for attempt in 1...retry.maximumAttempts {
            if attempt == 1 && loseFirst {
                tally.update { $0.dropped += 1 }
            } else {
                do {
                    let answer = try await transport.send(request, instance: instance)
                    tally.update { $0.requests += 1 }
                    if !StreamRetry.isTransient(status: answer.status) {
                        let result = Self.result(of: answer, fixes: fixes, kind: kind)
                        tally.update { record(&$0, result) }
                        return
                    }
                } catch {
                    // No answer at all: the next attempt goes to the next instance.
                    instance = (instance + 1) % transport.bases.count
                }
            }
            guard attempt < retry.maximumAttempts else { break }
            tally.update { $0.retried += 1 }
            let jitter = Double(random.next() >> 11) / Double(1 << 53)
            try? await Task.sleep(for: .seconds(retry.delay(afterAttempt: attempt, jitter: jitter)))
        }
        tally.update { record(&$0, .gaveUp) }
    }

    /// Reads the server's answer: a native batch's counts and per-fix rejections, else 2xx as
    /// acknowledged and a 4xx as every fix refused with the error's `code`.
    static func result(of answer: TrackerAnswer, fixes: Int, kind: TrackerProtocol) -> Delivery {
        let json = try? JSONParser.parse(answer.body, file: "answer")
        guard (200..<300).contains(answer.status) else {
            var code = "http-\(answer.status)"
            if case .string(let given)? = json?["code"] { code = given }
            return .answered(acknowledged: 0, refusals: Array(repeating: code, count: fixes))
        }
        guard kind == .native else { return .answered(acknowledged: fixes, refusals: []) }
        guard case .number(let accepted)? = json?["accepted"], case .number(let duplicates)? = json?["duplicates"]
        else {
            return .answered(acknowledged: 0, refusals: Array(repeating: "unreadable-answer", count: fixes))
        }
        var refusals: [String] = []
        if case .array(let rejections)? = json?["rejections"] {
            for rejection in rejections {
                if case .string(let code)? = rejection["code"] { refusals.append(code) }
            }
        }
        return .answered(acknowledged: Int(accepted) + Int(duplicates), refusals: refusals)
    }
}
