import Hummingbird
import RaceLive
import Testing

@testable import RaceServer

/// A race's standings event is rendered once and shared by its viewers' streams; a new
/// sequence, or another document at the same sequence (the race's file replaced before its
/// start), renders it again.
@Suite struct StandingsEventBytesTests {
    private func storage(_ bytes: ByteBuffer) -> UnsafeRawPointer? {
        bytes.withUnsafeReadableBytes { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func renderedOncePerDocument() async throws {
        let (store, runner) = try await EventStreamTests.startedRace(joining: ["anna"])
        let events = StandingsEventBytes()
        let first = await runner.standings()
        let a = events.event(raceID: "r", first), b = events.event(raceID: "r", first)
        #expect(String(buffer: a) == "id: \(first.sequence)\nevent: standings\ndata: \(first.text)\n\n")
        #expect(storage(a) == storage(b))

        let fix = LiveFix(
            participant: "anna", time: LiveServerFlowTests.start + 5, latitude: 47.3778876, longitude: 8.5402755)
        _ = try await runner.submit([.fix(fix)], recordedAt: 0)
        let second = await runner.standings()
        let c = events.event(raceID: "r", second)
        #expect(String(buffer: c).hasPrefix("id: \(second.sequence)\n"))
        #expect(storage(c) != storage(a))

        // Another document at the same sequence is rendered anew; another race has its own.
        var replaced = second
        replaced.text = "{}"
        #expect(
            String(buffer: events.event(raceID: "r", replaced))
                == "id: \(second.sequence)\nevent: standings\ndata: {}\n\n")
        #expect(String(buffer: events.event(raceID: "q", second)) == String(buffer: c))
        try await store.close()
    }
}
