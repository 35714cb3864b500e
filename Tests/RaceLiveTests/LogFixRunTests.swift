import GeoCore
import Testing

@testable import RaceLive

/// SQLite keeps a participant's consecutive fixes as one row with a blob (``LogFixRun``): the
/// blob gives back the exact fixes, a damaged one is refused with the run's place, and an
/// append is cut into stretches and runs that hold every entry once, in order.
struct LogFixRunTests {
    @Test func blobsGiveBackTheExactFixes() throws {
        var random = SplitMix64(seed: 6)
        for _ in 0..<300 {
            let run = Self.randomRun(using: &random)
            let blob = run.encodedFixes
            let decoded = try blob.withUnsafeBytes {
                try LogFixRun(
                    raceID: run.raceID, firstSequence: run.firstSequence, lastSequence: run.lastSequence,
                    recordedAt: run.recordedAt, participant: run.participant, encodedFixes: $0)
            }
            #expect(decoded == run)
            // Bit for bit, not only equal (−0.0 == 0.0).
            #expect(decoded.fixes.map(\.latitude.bitPattern) == run.fixes.map(\.latitude.bitPattern))
        }
    }

    @Test func aDamagedBlobIsRefusedWithTheRunsPlace() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let run = Self.randomRun(using: &random)
            let blob = run.encodedFixes
            func decode(_ bytes: [UInt8], last: Int64? = nil) -> LiveStoreError? {
                do {
                    _ = try bytes.withUnsafeBytes {
                        try LogFixRun(
                            raceID: run.raceID, firstSequence: run.firstSequence,
                            lastSequence: last ?? run.lastSequence, recordedAt: run.recordedAt,
                            participant: run.participant, encodedFixes: $0)
                    }
                    return nil
                } catch let error as LiveStoreError {
                    return error
                } catch {
                    Issue.record("unexpected \(error)")
                    return nil
                }
            }
            for cut in [0, 1, blob.count / 2, blob.count - 1] {
                let error = decode(Array(blob.prefix(cut)))
                #expect(error != nil, "a blob cut at \(cut) of \(blob.count) bytes was read")
                if case .corrupt(let message) = error {
                    #expect(message.contains("race \"\(run.raceID)\"") && message.contains("\(run.firstSequence)"))
                } else {
                    Issue.record("expected corrupt, got \(String(describing: error))")
                }
            }
            var wrongFormat = blob
            wrongFormat[0] = 2
            #expect(decode(wrongFormat) != nil)
            var unknownBit = blob
            unknownBit[1] |= 0x80
            #expect(decode(unknownBit) != nil)
            #expect(decode(blob, last: run.lastSequence + 1) != nil)
            #expect(decode(blob, last: run.lastSequence - 1) != nil)
            #expect(decode(blob + [0]) != nil)
        }
        // Numbers whose difference overflows are refused, not a trap.
        #expect(throws: LiveStoreError.self) {
            try [UInt8](repeating: 1, count: 40).withUnsafeBytes {
                try LogFixRun(
                    raceID: "r", firstSequence: .min, lastSequence: .max, recordedAt: 0, participant: "p",
                    encodedFixes: $0)
            }
        }
    }

    /// Every entry lands in one stretch once, in order; a stretch is one race's consecutive
    /// numbers; a run is one participant's fixes stored at one time, and two runs next to each
    /// other would not have been one.
    @Test func anAppendIsCutIntoStretchesAndRunsThatHoldEveryEntryOnce() {
        var random = SplitMix64(seed: 8)
        for _ in 0..<300 {
            let entries = Self.randomAppend(using: &random)
            let plan = LogAppendPlan(entries)
            var rebuilt: [LogEntry] = []
            for stretch in plan.stretches {
                let held = (stretch.runs.flatMap(\.entries) + stretch.others).sorted { $0.sequence < $1.sequence }
                #expect(held.map(\.sequence) == Array(stretch.firstSequence...stretch.lastSequence))
                #expect(held.allSatisfy { $0.raceID == stretch.raceID })
                for run in stretch.runs {
                    #expect(run.raceID == stretch.raceID && run.fixes.allSatisfy { $0.participant == run.participant })
                }
                for (a, b) in zip(stretch.runs, stretch.runs.dropFirst()) where a.lastSequence + 1 == b.firstSequence {
                    #expect(a.participant != b.participant || a.recordedAt != b.recordedAt)
                }
                rebuilt += held
            }
            #expect(rebuilt == entries)
            for (a, b) in zip(plan.stretches, plan.stretches.dropFirst()) {
                #expect(a.raceID != b.raceID || a.lastSequence + 1 != b.firstSequence)
            }
        }
    }

    static func randomRun(using random: inout SplitMix64) -> LogFixRun {
        let participant = ["p", "anna", "Zoë 🏃"].randomElement(using: &random)!
        let count = Int.random(in: 1...40, using: &random)
        let fixes = (0..<count).map { _ in randomFix(participant, using: &random) }
        return LogFixRun(
            raceID: "race-\(Int.random(in: 0...3, using: &random))",
            firstSequence: Int64.random(in: 1...1_000_000, using: &random),
            recordedAt: Double.random(in: 1.7e9...1.8e9, using: &random), participant: participant, fixes: fixes)
    }

    static func randomFix(_ participant: String, using random: inout SplitMix64) -> LiveFix {
        func optional(_ range: ClosedRange<Double>) -> Double? {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: return nil
            case 1: return -0.0
            case 2: return .leastNonzeroMagnitude
            default: return Double.random(in: range, using: &random)
            }
        }
        return LiveFix(
            participant: participant, time: Double.random(in: 1.7e9...1.8e9, using: &random),
            latitude: Bool.random(using: &random) ? -0.0 : Double.random(in: -90...90, using: &random),
            longitude: Double.random(in: -180...180, using: &random), accuracyMeters: optional(0...500),
            altitudeMeters: optional(-400...9000), speedMetersPerSecond: optional(0...90),
            bearingDegrees: optional(0...360), batteryPercent: optional(0...100))
    }

    /// Entries as appends bring them, and as they should not: several races, gaps, repeated
    /// numbers, every kind, several times of storing.
    static func randomAppend(using random: inout SplitMix64) -> [LogEntry] {
        var entries: [LogEntry] = []
        var sequence = Int64.random(in: 1...100, using: &random)
        var recordedAt = 1.75e9
        for _ in 0..<Int.random(in: 0...60, using: &random) {
            switch Int.random(in: 0..<20, using: &random) {
            case 0: sequence += Int64.random(in: 2...5, using: &random)
            case 1: sequence -= Int64.random(in: 0...3, using: &random)
            case 2: recordedAt += 1
            default: sequence += 1
            }
            let race = Int.random(in: 0..<8, using: &random) == 0 ? "other" : "r"
            let participant = ["p", "q"].randomElement(using: &random)!
            let payload: LogPayload
            switch Int.random(in: 0..<10, using: &random) {
            case 0: payload = .game(LiveGameInput(participant: participant, time: 1, kind: .leave))
            case 1: payload = .organiser(.start(time: 2))
            default: payload = .fix(randomFix(participant, using: &random))
            }
            entries.append(LogEntry(raceID: race, sequence: sequence, recordedAt: recordedAt, payload: payload))
        }
        return entries
    }
}
